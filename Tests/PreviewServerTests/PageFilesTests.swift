import Foundation
import Testing

@testable import PreviewServer

/// The page's files are built into the executable (issue 27): what it serves is, byte for byte,
/// what `Sources/PreviewServer/Web` holds now — a build that embedded stale or missing files fails here.
struct PageFilesTests {
    static let webFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Sources/PreviewServer/Web").standardizedFileURL

    @Test func theBuiltInFilesAreTheWebFolderByteForByte() throws {
        let files = try PageFiles()
        let onDisk = try FileManager.default.contentsOfDirectory(atPath: Self.webFolder.path)
            .filter { !$0.hasPrefix(".") && PageFiles.contentType(of: $0) != nil }.sorted()
        #expect(!onDisk.isEmpty)
        #expect(files.names == onDisk)
        for name in onDisk {
            let bytes = try Data(contentsOf: Self.webFolder.appendingPathComponent(name))
            #expect(files.file(forPath: "/" + name)?.bytes == Array(bytes), "\(name) differs from the built-in copy")
        }
        #expect(files.file(forPath: "/")?.contentType == "text/html; charset=utf-8")
    }
}
