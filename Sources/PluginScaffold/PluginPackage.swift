import Foundation

/// `workbench new-plugin`: writes a ready plugin package — Swift (SwiftPM) or C (a Makefile)
/// — with a sectioned-list layout, a sample workspace and a test, that builds with one
/// command and passes `workbench check` unchanged.
public struct PluginPackage: Sendable {
    /// The plugin's language.
    public enum Language: String, CaseIterable, Sendable {
        case swift, c
    }

    /// Why a scaffold was not written.
    public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        public var message: String
        public var description: String { message }

        public init(message: String) { self.message = message }
    }

    /// The layout's name in workspaces (`layout: my-list`).
    public let name: String
    public let language: Language
    /// The folder to write, which must not exist or be empty.
    public let directory: String
    /// The workbench checkout (its `Package.swift`, `Sources/LayoutKit`, the ABI header).
    public let workbench: String
    /// The `workbench` executable the next steps and the package's README and Makefile run:
    /// the one that wrote the package (a release build, an installed copy), by absolute path.
    public let executable: String

    /// - Parameter executable: the `workbench` that writes the package; by default the debug
    ///   build of `workbench`.
    /// - Throws: when `name` is not a plugin name: 1–64 lowercase letters, digits and `-`,
    ///   starting with a letter.
    public init(name: String, language: Language, directory: String, workbench: String, executable: String? = nil)
        throws(Failure)
    {
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789-")
        guard (1...64).contains(name.count), name.first.map({ $0.isLetter && $0.isLowercase }) == true,
            name.allSatisfy({ allowed.contains($0) }), !name.hasSuffix("-"), !name.contains("--")
        else {
            throw Failure(
                message:
                    "'\(name)' is not a plugin name: use 1 to 64 lowercase letters, digits and single dashes, starting with a letter (e.g. my-list)"
            )
        }
        self.name = name
        self.language = language
        self.directory = directory
        self.workbench = workbench
        self.executable = executable ?? (workbench as NSString).appendingPathComponent(".build/debug/workbench")
    }

    /// What to do once the package is written: build it, test it, check it with `executable`.
    public var nextSteps: String {
        switch language {
        case .swift:
            return
                "cd \(directory) && swift build && swift test && \(executable) check Workspaces --plugins .build/debug"
        case .c:
            return "cd \(directory) && make && make check"
        }
    }

    /// "my-list" → "MyList": the Swift module and product name.
    public var moduleName: String {
        name.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// "my-list" → "my_list": the C file and library name.
    public var symbolName: String { name.replacingOccurrences(of: "-", with: "_") }

    /// The files to write, by path relative to `directory`.
    public var files: [(path: String, contents: String)] {
        let substitutions = [
            "__NAME__": name, "__MODULE__": moduleName, "__SYMBOL__": symbolName, "__WORKBENCH__": workbench,
            "__EXECUTABLE__": executable,
            "__IDENTITY__": URL(fileURLWithPath: workbench).lastPathComponent,
        ]
        let templates =
            language == .swift ? SwiftTemplate.files(module: moduleName) : CTemplate.files(symbol: symbolName)
        return (templates + [("Workspaces/sample.yaml", SampleWorkspace.text)]).map { path, text in
            (path, substitutions.reduce(text) { $0.replacingOccurrences(of: $1.key, with: $1.value) })
        }
    }

    /// Writes the package.
    ///
    /// - Throws: when the folder exists and is not empty, or a file cannot be written.
    public func write() throws(Failure) {
        let manager = FileManager.default
        if let existing = try? manager.contentsOfDirectory(atPath: directory), !existing.isEmpty {
            throw Failure(message: "\(directory): the folder exists and is not empty; choose another with --directory")
        }
        for (path, contents) in files {
            let file = (directory as NSString).appendingPathComponent(path)
            do {
                try manager.createDirectory(
                    atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try Data(contents.utf8).write(to: URL(fileURLWithPath: file))
            } catch {
                throw Failure(message: "\(file): cannot write: \(error.localizedDescription)")
            }
        }
    }

    /// The workbench checkout holding `executable` (a build product inside its `.build`), found
    /// by walking up to the folder with `Sources/LayoutKit` and the ABI header; nil if none.
    public static func checkout(containing executable: String) -> String? {
        var folder = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent()
        while folder.path != "/" {
            let header = folder.appendingPathComponent("Sources/CLayoutABI/include/workbench_layout.h").path
            if FileManager.default.fileExists(atPath: header),
                FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path)
            {
                return folder.path
            }
            folder.deleteLastPathComponent()
        }
        return nil
    }
}

/// The sample workspace both languages ship.
enum SampleWorkspace {
    static let text = """
        # A sample for the __NAME__ layout. Check it with the workbench:
        #   __EXECUTABLE__ check Workspaces --plugins <the folder holding the built library>
        workspace: sample
        sources:
          fruits:
            sections: [[apple, banana, cherry], [date], [], [elderberry, fig]]
          many:
            generate: {sections: 20, items: 50}
        views:
          list:
            layout: __NAME__
            source: fruits
            viewport: {width: 375, height: 667}
          compact:
            layout: __NAME__
            source: fruits
            viewport: {width: 320, height: 480}
            options: {rowHeight: 30, headerHeight: 20, spacing: 0}
          long:
            layout: __NAME__
            source: many
            viewport: {width: 390, height: 844}

        """
}
