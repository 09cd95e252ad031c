#if os(Linux)
    import Foundation
    import TestSupport
    import Testing

    /// cairo and Pango are mapped only into a process that draws: not into `serve` nor its plugin
    /// children as they lay out, and into `mcp` once it draws its first picture, not before.
    struct GraphicsLoadingTests {
        /// The graphics libraries (and some they pull in) that `/proc/<pid>/maps` shows, by name
        /// without version (`libcairo` for `/usr/lib/x86_64-linux-gnu/libcairo.so.2.11600.0`).
        static func graphicsLibraries(mappedBy pid: Int32) throws -> Set<String> {
            let maps = try Self.contents(of: "/proc/\(pid)/maps")
            let files = maps.split(separator: "\n").compactMap { $0.split(separator: " ").dropFirst(5).first }
            let names = Set(files.compactMap { $0.split(separator: "/").last })
            let graphics = [
                "libcairo", "libpangocairo", "libpango", "libgobject", "libglib", "libharfbuzz", "libfontconfig",
            ]
            return Set(
                graphics.filter { stem in names.contains { $0.hasPrefix(stem + ".") || $0.hasPrefix(stem + "-") } })
        }

        /// A /proc file's text, read to its end (`String(contentsOfFile:)` stops at its first 4 KiB:
        /// /proc files have no size).
        static func contents(of path: String) throws -> String {
            let data = try FileHandle(forReadingFrom: URL(fileURLWithPath: path)).readToEnd() ?? Data()
            return String(decoding: data, as: UTF8.self)
        }

        /// The processes `pid` started that still run (the children of each of its threads).
        static func children(of pid: Int32) throws -> [Int32] {
            let threads = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")
            return try threads.flatMap { thread in
                try Self.contents(of: "/proc/\(pid)/task/\(thread)/children")
                    .split(separator: " ").compactMap { Int32($0) }
            }
        }

        @Test func serveAndItsPluginChildLayOutWithoutMappingCairo() throws {
            let client = try ServerClient()
            #expect(client.request("open", ["path": "Workspaces/tv-guide.yaml"], id: 1)?["result"] != nil)
            let rect = ["x": 0, "y": 0, "width": 375, "height": 667]
            let query = client.request("query", ["view": "tv-guide/demo", "rect": rect], id: 2)
            #expect(((query?["result"] as? [String: Any])?["elements"] as? [Any])?.isEmpty == false)
            let children = try Self.children(of: client.processIdentifier)
            #expect(!children.isEmpty, "the view's plugin process")
            for pid in [client.processIdentifier] + children {
                #expect(try Self.graphicsLibraries(mappedBy: pid) == [], "process \(pid)")
            }
            #expect(client.finish() == 0)
        }

        @Test func mcpMapsCairoAndPangoWhenItDrawsItsFirstPicture() throws {
            let client = try ServerClient(subcommand: "mcp")
            let hello: [String: Any] = [
                "protocolVersion": "2025-06-18", "capabilities": [:], "clientInfo": ["name": "t", "version": "1"],
            ]
            #expect(client.request("initialize", hello, id: 1)?["result"] != nil)
            client.notify("notifications/initialized")
            let open: [String: Any] = ["name": "open_workspace", "arguments": ["path": "Workspaces/circles.yaml"]]
            #expect(client.request("tools/call", open, id: 2)?["result"] != nil)
            #expect(try Self.graphicsLibraries(mappedBy: client.processIdentifier) == [])

            let layout: [String: Any] = ["name": "layout_view", "arguments": ["view": "circles/alarms"]]
            let answer = client.request("tools/call", layout, id: 3)?["result"] as? [String: Any]
            let content = answer?["content"] as? [[String: Any]] ?? []
            #expect(content.contains { $0["type"] as? String == "image" })
            let mapped = try Self.graphicsLibraries(mappedBy: client.processIdentifier)
            #expect(mapped.isSuperset(of: ["libcairo", "libpangocairo", "libpango", "libgobject"]), "\(mapped)")
            #expect(client.finish() == 0)
        }
    }
#endif
