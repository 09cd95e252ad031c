import Foundation

/// `file://` URIs, as LSP names documents, and the paths they stand for.
enum DocumentURI {
    /// The path of a `file:` URI (percent-escapes decoded); nil for other schemes.
    static func path(of uri: String) -> String? {
        guard let url = URL(string: uri), url.isFileURL else { return nil }
        return url.standardizedFileURL.path
    }

    /// The `file:` URI of an absolute path (or one relative to the working folder).
    static func uri(ofPath path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.absoluteString
    }

    /// `path` with symbolic links resolved: the key of unsaved files (`WorkspaceLoader.unsavedFiles`).
    static func resolved(_ path: String) -> String {
        URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    }
}
