import Foundation

/// The page's files (HTML, CSS and ES modules, shipped as the package resource `Web`), read
/// into memory once: a request is answered from here, never from a path it names.
struct PageFiles: Sendable {
    struct File: Sendable {
        let bytes: [UInt8]
        let contentType: String
    }

    private let files: [String: File]

    /// Reads every file of the module's `Web` resource folder.
    ///
    /// - Throws: when the folder cannot be read (a binary copied without its `.resources` folder).
    init() throws {
        guard let folder = Bundle.module.resourceURL?.appendingPathComponent("Web") else {
            throw CocoaError(
                .fileNoSuchFile,
                userInfo: [
                    NSLocalizedDescriptionKey: "the page's files (LayoutWorkbench_PreviewServer.resources) are missing"
                ])
        }
        var files: [String: File] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path)
        where Self.contentType(of: name) != nil {
            let data = try Data(contentsOf: folder.appendingPathComponent(name))
            files[name] = File(bytes: Array(data), contentType: Self.contentType(of: name)!)
        }
        self.files = files
    }

    /// The file for a request path: `/` is `index.html`; anything else must name a file exactly.
    func file(forPath path: String) -> File? {
        files[path == "/" ? "index.html" : String(path.dropFirst())]
    }

    /// Module scripts need a JavaScript type: browsers refuse them otherwise.
    static func contentType(of name: String) -> String? {
        switch (name as NSString).pathExtension {
        case "html": "text/html; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "js": "text/javascript; charset=utf-8"
        case "svg": "image/svg+xml"
        default: nil
        }
    }
}
