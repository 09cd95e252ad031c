import Foundation
import TestSupport
import Testing

/// `workbench run --png [--rect]`: PNG pictures beside each view's JSON (tiles: RunPictureTilesTests).
struct RunPictureTests {
    let workbench = BuildProducts.executable("workbench")

    /// The width and height in a PNG file's header (nil unless it is a PNG file).
    func pngSize(_ path: String) -> (Int, Int)? {
        guard let data = FileManager.default.contents(atPath: path), data.count > 24,
            Array(data.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        else { return nil }
        let number = { (offset: Int) in data[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (number(16), number(20))
    }

    @Test func pngDrawsEachViewsWholeContent() throws {
        let folder = try TemporaryFolder()
        let result = try ProcessRunner.run(
            workbench,
            ["run", BuildProducts.repositoryRoot + "/Workspaces/circles.yaml", "--output", folder.path, "--png"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(pngSize(folder.path + "/circles/alarms.png").map { [$0.0, $0.1] } == [375, 620])
        #expect(pngSize(folder.path + "/circles/many-alarms.png") != nil)
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/circles/alarms.svg"))
    }

    @Test func aRectDrawsThatPartOnly() throws {
        let folder = try TemporaryFolder()
        let result = try ProcessRunner.run(
            workbench,
            [
                "run", BuildProducts.repositoryRoot + "/Workspaces/mark-sheet.yaml", "--output", folder.path,
                "--png", "--rect", "100,40,300,120",
            ])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(pngSize(folder.path + "/mark-sheet/marks.png").map { [$0.0, $0.1] } == [300, 120])
    }

    @Test(arguments: [
        (["--png"], "--png needs --output DIR"),
        (["--output", "/tmp", "--rect", "0,0,10,10"], "--rect needs --png"),
        (["--output", "/tmp", "--png", "--rect", "0,0,10"], "--rect must be x,y,width,height"),
        (["--output", "/tmp", "--png", "--rect", "0,0,nan,10"], "--rect must be x,y,width,height"),
        (["--output", "/tmp", "--png", "--rect", "0,0,0,10"], "positive width and height"),
        (["--output", "/tmp", "--png", "--rect", "0,2e15,10,10"], "within ±1e15"),
    ])
    func badPictureOptionsAreUsageErrors(arguments: [String], expected: String) throws {
        let result = try ProcessRunner.run(
            workbench, ["run", BuildProducts.repositoryRoot + "/Workspaces/circles.yaml"] + arguments)
        #expect(result.status == 64)
        #expect(result.standardError.contains(expected), "\(result.standardError)")
    }

    @Test func svgAndPNGLabelEveryListingAndEveryScriptFromTheLeadingEdge() throws {
        let folder = try TemporaryFolder()
        let result = try ProcessRunner.run(
            workbench,
            [
                "run", BuildProducts.repositoryRoot + "/Workspaces/tv-guide.yaml", "--output", folder.path, "--svg",
                "--png",
            ])
        #expect(result.status == 0, "\(result.standardError)")
        let layout = try #require(
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: folder.path + "/tv-guide/listings.json")))
                as? [String: Any])
        let elements = try #require(layout["elements"] as? [[String: Any]])
        let svg = try String(contentsOfFile: folder.path + "/tv-guide/listings.svg", encoding: .utf8)
        // Every programme and header has its label: the long ones cut with an ellipsis.
        #expect(svg.components(separatedBy: "<text ").count - 1 == elements.count)
        #expect(svg.contains(">Good Morning Brit…</text>") || svg.contains("…</text>"))
        // 4440 points wide: two tiles at 1 pixel a point, never one picture scaled down (RunPictureTilesTests).
        #expect(pngSize(folder.path + "/tv-guide/listings-tile-001.png").map { [$0.0, $0.1] } == [4096, 780])
        #expect(pngSize(folder.path + "/tv-guide/listings-tile-002.png").map { [$0.0, $0.1] } == [4440 - 4096, 780])
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/tv-guide/listings.png"))
        #expect(
            result.standardError.contains(
                "/tv-guide/listings-tile-001.png, listings-tile-002.png: view 'listings' (4440 × 780 points): the whole drawn at 1 pixel a point in 2 tiles, 2 across and 1 down, numbered row by row: it is more than 4096 pixels wide\n"
            ), "\(result.standardError)")

        try folder.write(
            "scripts.yaml",
            """
            sources:
              marks:
                table:
                  columns: ["الرياضيات", "עברית", "中文标题", "🎉"]
                  rows: [{title: "مرحبا بالعالم", values: [81, 67, 90, 12]}]
            views:
              rtl: {layout: mark-sheet, source: marks, viewport: {width: 500, height: 100}, direction: rightToLeft}
            """)
        let scripts = try ProcessRunner.run(
            workbench, ["run", "scripts.yaml", "--output", "out", "--svg", "--png"], directory: folder.path)
        #expect(scripts.status == 0, "\(scripts.standardError)")
        let rtl = try String(contentsOfFile: folder.path + "/out/scripts/rtl.svg", encoding: .utf8)
        for title in ["الرياضيات", "עברית", "中文标题", "🎉", "مرحبا بالعالم"] {
            #expect(
                rtl.contains(##"direction="rtl" text-anchor="start" fill="#222233">\##(title)</text>"##), "\(title)")
        }
        #expect(pngSize(folder.path + "/out/scripts/rtl.png").map { [$0.0, $0.1] } == [500, 90])
    }
}
