import Foundation

// page-files-embedder FOLDER OUTPUT: writes OUTPUT, a Swift file holding every file of FOLDER
// (names not starting with ".") as base64 text, in name order. Run by the EmbedPageFiles
// build-tool plugin; not for people.
let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: page-files-embedder FOLDER OUTPUT\n".utf8))
    exit(64)
}
let folder = URL(fileURLWithPath: arguments[1])
let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }.sorted()
var source = """
    // Generated at build time by page-files-embedder from \(folder.lastPathComponent)/ (the EmbedPageFiles
    // build-tool plugin): do not edit, edit the files themselves.

    /// The page's files, built into the executable: (name, contents as base64).
    let embeddedPageFiles: [(name: String, base64: String)] = [

    """
for name in names {
    let data = try Data(contentsOf: folder.appendingPathComponent(name))
    source += "    (\"\(name)\", \"\(data.base64EncodedString())\"),\n"
}
source += "]\n"
let output = URL(fileURLWithPath: arguments[2])
// Written only when different, so an unchanged page does not recompile its module.
if (try? Data(contentsOf: output)) != Data(source.utf8) {
    try Data(source.utf8).write(to: output, options: .atomic)
}
