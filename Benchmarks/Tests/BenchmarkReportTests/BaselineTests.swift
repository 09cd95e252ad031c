import BenchmarkReport
import Foundation
import Testing

struct BaselineTests {
    let baseline = Baseline(
        about: "test", tolerance: 0.25,
        figures: [
            GuardedFigure(name: "circles.query.speedupOverScan", value: 20, better: .higher),
            GuardedFigure(name: "peers.circles.engineOverBoost.mean", value: 0.8, better: .lower),
            GuardedFigure(name: "server.encode100.speedup", value: 50, better: .higher, tolerance: 0.5),
        ])

    func flagged(_ run: [GuardedFigure]) -> [String] {
        baseline.compare(with: run).comparisons.filter(\.isFlagged).map(\.baseline.name)
    }

    @Test func aSpeedupThatFellByMoreThanTheToleranceIsFlagged() {
        // ×20 → ×16 is ×1.25 worse: at the tolerance, not past it; ×15.9 is past it.
        #expect(flagged([GuardedFigure(name: "circles.query.speedupOverScan", value: 16, better: .higher)]).isEmpty)
        #expect(
            flagged([GuardedFigure(name: "circles.query.speedupOverScan", value: 15.9, better: .higher)]) == [
                "circles.query.speedupOverScan"
            ])
        #expect(flagged([GuardedFigure(name: "circles.query.speedupOverScan", value: 40, better: .higher)]).isEmpty)
    }

    @Test func aCostThatRoseByMoreThanTheToleranceIsFlagged() {
        #expect(
            flagged([GuardedFigure(name: "peers.circles.engineOverBoost.mean", value: 1.0, better: .lower)]).isEmpty)
        #expect(
            flagged([GuardedFigure(name: "peers.circles.engineOverBoost.mean", value: 1.01, better: .lower)]) == [
                "peers.circles.engineOverBoost.mean"
            ])
        #expect(
            flagged([GuardedFigure(name: "peers.circles.engineOverBoost.mean", value: 0.4, better: .lower)]).isEmpty)
    }

    @Test func aFigureOfItsOwnToleranceUsesIt() {
        #expect(flagged([GuardedFigure(name: "server.encode100.speedup", value: 34, better: .higher)]).isEmpty)
        #expect(
            flagged([GuardedFigure(name: "server.encode100.speedup", value: 33, better: .higher)]) == [
                "server.encode100.speedup"
            ])
    }

    @Test func aRatioThatIsNotANumberIsFlagged() {
        #expect(
            flagged([GuardedFigure(name: "circles.query.speedupOverScan", value: .nan, better: .higher)]) == [
                "circles.query.speedupOverScan"
            ])
    }

    @Test func figuresNotMeasuredAreNotFlaggedAndNewOnesAreListed() {
        let (comparisons, new) = baseline.compare(with: [
            GuardedFigure(name: "tree.query.speedupOverScan", value: 9, better: .higher)
        ])
        #expect(comparisons.allSatisfy { $0.now == nil && !$0.isFlagged })
        #expect(new.map(\.name) == ["tree.query.speedupOverScan"])
    }

    @Test func recordingARunKeepsTheWorseValueOfEachFigure() {
        let merged = baseline.merging([
            GuardedFigure(name: "circles.query.speedupOverScan", value: 18, better: .higher),  // worse: kept
            GuardedFigure(name: "peers.circles.engineOverBoost.mean", value: 0.7, better: .lower),  // better: not kept
            GuardedFigure(name: "tree.query.speedupOverScan", value: 9, better: .higher),  // new: added
        ])
        #expect(merged.figures.map(\.name) == baseline.figures.map(\.name) + ["tree.query.speedupOverScan"])
        #expect(merged.figures.map(\.value) == [18, 0.8, 50, 9])
        #expect(merged.figures[2].tolerance == 0.5)
    }

    @Test func aWrittenBaselineReadsBackTheSame() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("baseline-\(UUID().uuidString).json")
            .path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try baseline.write(to: path)
        let read = try Baseline(contentsOf: path)
        #expect(read.about == baseline.about && read.tolerance == baseline.tolerance)
        #expect(read.figures == baseline.figures.sorted { $0.name < $1.name })
    }

    @Test(arguments: [
        (#"{"figures": []}"#, "'tolerance' must be a number ≥ 0"),
        (#"{"tolerance": 0.25}"#, "'figures' must be a list of objects"),
        (
            #"{"tolerance": 0.25, "figures": [{"name": "a", "value": 1, "better": "up"}]}"#,
            #"figure 1 needs a 'name', a numeric 'value' and 'better': "higher" or "lower""#
        ),
        (
            #"{"tolerance": 0.25, "figures": [{"name": "a", "value": 1, "better": "lower", "tolerance": -1}]}"#,
            "figure 'a': 'tolerance' must be ≥ 0"
        ),
        ("[1, 2]", "not a JSON object"),
    ])
    func aBadBaselineFileIsRefusedNamingTheProblem(text: String, message: String) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("baseline-\(UUID().uuidString).json")
            .path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let error = try #require(throws: Baseline.FormatError.self) { try Baseline(contentsOf: path) }
        #expect(error.description == "\(path): \(message)")
    }

    @Test func aMissingBaselineFileIsRefusedNamingIt() throws {
        let path = "/nonexistent-\(UUID().uuidString)/baseline.json"
        let error = try #require(throws: Baseline.FormatError.self) { try Baseline(contentsOf: path) }
        #expect(error.description.hasPrefix("\(path): cannot be read: "))
    }
}
