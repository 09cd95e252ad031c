import Foundation
import TestSupport
import Testing

/// `workbench run --png` never scales a picture down to fit (issue 39): a view larger than
/// 4096 pixels a side at its scale goes to numbered tiles, a part goes to one picture with
/// `--rect`, and either is said on standard error, one line per view, naming the files.
struct RunPictureTilesTests {
    let workbench = BuildProducts.executable("workbench")

    /// Three flow items 280 points wide, `height` tall, 10 apart: content 300 × (3 × height + 20).
    static let workspace = """
        sources:
          words:
            items: [One, Two, Three]
        views:
          tall:
            layout: flow
            source: words
            viewport: {width: 300, height: 600}
            options: {itemSize: {width: 280, height: 2000}}
          small:
            layout: flow
            source: words
            viewport: {width: 300, height: 600}
            options: {itemSize: {width: 280, height: 100}}
        """

    /// A view 1,200,020 points tall: 293 tiles at 1 pixel a point, more than 256.
    static let huge = """
        sources:
          words:
            items: [One, Two, Three]
        views:
          huge:
            layout: flow
            source: words
            viewport: {width: 300, height: 600}
            options: {itemSize: {width: 280, height: 400000}}
        """

    func run(_ arguments: [String], in folder: TemporaryFolder) throws -> ProcessResult {
        try ProcessRunner.run(workbench, ["run"] + arguments, directory: folder.path)
    }

    /// The width and height in a PNG file's header (nil unless it is a PNG file).
    func pngSize(_ path: String) -> [Int]? {
        guard let data = FileManager.default.contents(atPath: path), data.count > 24,
            Array(data.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        else { return nil }
        let number = { (offset: Int) in data[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        return [number(16), number(20)]
    }

    func pictures(in folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".png") }.sorted()
    }

    @Test func aViewTallerThanAPictureIsDrawnAtOnePixelAPointInNumberedTilesAndSaidSo() throws {
        let folder = try TemporaryFolder()
        try folder.write("w.yaml", Self.workspace)
        let result = try run(["w.yaml", "--output", "out", "--png"], in: folder)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            result.standardError == """
                out/w/tall-tile-001.png, tall-tile-002.png: view 'tall' (300 × 6020 points): the whole drawn at \
                1 pixel a point in 2 tiles, 1 across and 2 down, numbered row by row: it is more than 4096 pixels tall
                workbench: 2 views laid out, 0 failed

                """)
        #expect(try pictures(in: folder.path + "/out/w") == ["small.png", "tall-tile-001.png", "tall-tile-002.png"])
        #expect(pngSize(folder.path + "/out/w/tall-tile-001.png") == [300, 4096])
        #expect(pngSize(folder.path + "/out/w/tall-tile-002.png") == [300, 6020 - 4096])
    }

    @Test func aViewThatFitsIsOnePictureOfItsContentWithNothingSaid() throws {
        let folder = try TemporaryFolder()
        try folder.write("w.yaml", Self.workspace)
        let whole = try run(["w.yaml", "--output", "whole", "--png"], in: folder)
        let scaleOne = try run(["w.yaml", "--output", "one", "--png", "--scale", "1"], in: folder)
        #expect(pngSize(folder.path + "/whole/w/small.png") == [300, 320])
        #expect(!whole.standardError.contains("small"), "\(whole.standardError)")
        // The default is 1 pixel a point, drawn as before tiles existed: the same bytes either way.
        #expect(scaleOne.status == 0, "\(scaleOne.standardError)")
        #expect(
            FileManager.default.contents(atPath: folder.path + "/whole/w/small.png")
                == FileManager.default.contents(atPath: folder.path + "/one/w/small.png"))
    }

    @Test func aWideAndTallPartIsCutIntoColumnsAndRowsNamedFirstToLast() throws {
        let folder = try TemporaryFolder()
        try folder.write("w.yaml", Self.workspace)
        let result = try run(["w.yaml", "--output", "out", "--png", "--rect=-100,0,5000,5000"], in: folder)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            result.standardError.contains(
                """
                out/w/small-tile-001.png … small-tile-004.png: view 'small' (300 × 320 points): the part \
                -100,0,5000,5000 drawn at 1 pixel a point in 4 tiles, 2 across and 2 down, numbered row by row: \
                it is more than 4096 pixels wide and tall

                """), "\(result.standardError)")
        #expect(pngSize(folder.path + "/out/w/small-tile-001.png") == [4096, 4096])
        #expect(pngSize(folder.path + "/out/w/small-tile-002.png") == [5000 - 4096, 4096])
        #expect(pngSize(folder.path + "/out/w/small-tile-003.png") == [4096, 5000 - 4096])
        #expect(pngSize(folder.path + "/out/w/small-tile-004.png") == [5000 - 4096, 5000 - 4096])
    }

    @Test func belowOnePixelAPointIsSaidAndAnEarlierRunsTilesAreRemoved() throws {
        let folder = try TemporaryFolder()
        try folder.write("w.yaml", Self.workspace)
        _ = try run(["w.yaml", "--output", "out", "--png"], in: folder)
        let result = try run(["w.yaml", "--output", "out", "--png", "--scale", "0.5"], in: folder)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            result.standardError.hasPrefix(
                """
                out/w/tall.png: view 'tall' (300 × 6020 points): the whole drawn at 0.5 pixels a point; below 1 \
                pixel a point, the readable scale, labels under 3 pixels are left out

                """), "\(result.standardError)")
        #expect(pngSize(folder.path + "/out/w/tall.png") == [150, 3010])
        #expect(pngSize(folder.path + "/out/w/small.png") == [150, 160])
        #expect(try pictures(in: folder.path + "/out/w") == ["small.png", "tall.png"])
    }

    @Test func aHugeViewFailsItsPictureInWordsAndItsPartIsDrawnWithRect() throws {
        let folder = try TemporaryFolder()
        try folder.write("huge.yaml", Self.huge)
        let whole = try run(["huge.yaml", "--output", "out", "--png"], in: folder)
        #expect(whole.status == 1)
        #expect(
            whole.standardError == """
                huge.yaml:5:3: error: view 'huge': cannot draw the picture: the view (300 × 1200020 points) would \
                need 293 tiles of 4096 pixels a side at 1 pixel a point, more than 256; draw a part with --rect, or \
                at a smaller --scale
                    huge:
                    ^
                workbench: 0 views laid out, 1 failed

                """)
        #expect(try pictures(in: folder.path + "/out/huge").isEmpty)

        // Where the first item ends and the second begins: 40 points, at 2 pixels a point.
        let part = try run(
            ["huge.yaml", "--output", "out", "--png", "--rect", "0,399990,300,40", "--scale", "2"], in: folder)
        #expect(part.status == 0, "\(part.standardError)")
        #expect(
            part.standardError == """
                out/huge/huge.png: view 'huge' (300 × 1200020 points): the part 0,399990,300,40 drawn at 2 pixels \
                a point
                workbench: 1 view laid out, 0 failed

                """)
        #expect(pngSize(folder.path + "/out/huge/huge.png") == [600, 80])
    }

    @Test(arguments: [
        (["--scale", "0"], "--scale must be a number of pixels a point from 0.01 to 16, got '0'"),
        (["--scale", "nan"], "--scale must be a number of pixels a point from 0.01 to 16, got 'nan'"),
        (["--scale", "1e400"], "--scale must be a number of pixels a point from 0.01 to 16, got '1e400'"),
        (["--scale", "17"], "--scale must be a number of pixels a point from 0.01 to 16, got '17'"),
        (["--scale", "half"], "--scale must be a number of pixels a point from 0.01 to 16, got 'half'"),
        (
            ["--rect", "0,0,1e6,1e6"],
            "--rect 0,0,1e6,1e6: the rect would need 60025 tiles of 4096 pixels a side at 1 pixel a point, more than 256; draw a smaller part, or at a smaller --scale"
        ),
        (
            ["--rect", "0,0,1e15,1e15", "--scale", "16"],
            "--rect 0,0,1e15,1e15: the rect would need more than 10^15 tiles of 4096 pixels a side at 16 pixels a point"
        ),
    ])
    func badScalesAndRectsAreUsageErrorsNamingTheOptionAndValue(arguments: [String], expected: String) throws {
        let folder = try TemporaryFolder()
        try folder.write("w.yaml", Self.workspace)
        let result = try run(["w.yaml", "--output", "out", "--png"] + arguments, in: folder)
        #expect(result.status == 64)
        #expect(result.standardError.hasPrefix("Error: " + expected), "\(result.standardError)")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/out"))
    }

    @Test func scaleNeedsPNG() throws {
        let folder = try TemporaryFolder()
        try folder.write("w.yaml", Self.workspace)
        let result = try run(["w.yaml", "--output", "out", "--svg", "--scale", "2"], in: folder)
        #expect(result.status == 64)
        #expect(result.standardError.hasPrefix("Error: --scale needs --png"), "\(result.standardError)")
    }
}
