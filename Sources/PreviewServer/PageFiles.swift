import Foundation

/// The page's files (HTML, CSS and ES modules in `Web/`), built into the executable by the
/// `EmbedPageFiles` build-tool plugin and decoded once: a request is answered from here, never
/// from a path it names, and a copied executable serves the same page.
struct PageFiles: Sendable {
    struct File: Sendable {
        let bytes: [UInt8]
        let contentType: String
    }

    private let files: [String: File]

    /// Decodes every file built in (those of a type the page serves).
    ///
    /// - Throws: when a built-in file does not decode (a broken build).
    init() throws {
        var files: [String: File] = [:]
        for (name, base64) in embeddedPageFiles {
            guard let contentType = Self.contentType(of: name) else { continue }
            guard let data = Data(base64Encoded: base64) else {
                throw CocoaError(
                    .fileReadCorruptFile,
                    userInfo: [NSLocalizedDescriptionKey: "the built-in page file \(name) is corrupt"])
            }
            files[name] = File(bytes: Array(data), contentType: contentType)
        }
        self.files = files
    }

    /// The names of the files served, sorted.
    var names: [String] { files.keys.sorted() }

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
