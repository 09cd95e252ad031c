import TestSupport
import Testing
import WorkspaceModel

/// `generate:` numbers are checked before any conversion, and the limit counts everything a
/// layout may allocate (issue 8's reproducers: each used to trap or to exhaust memory).
struct GenerateLimitTests {
    /// The one-line error for `sources: {s: {generate: <fields>}}`, or nil if it loads.
    func error(_ fields: String) throws -> String? {
        let folder = try TemporaryFolder()
        let path = try folder.write("w.yaml", "sources:\n  s: {generate: \(fields)}\n")
        do {
            _ = try WorkspaceLoader().load(path: path)
            return nil
        } catch {
            return String(error.summary.dropFirst(folder.path.count + 1))
        }
    }

    static let exact = "a whole number from 0 to 9007199254740992"
    static let count = "a whole number from 0 to 2000000"

    @Test(arguments: [
        ("{items: 1, seed: 1e20}", "w.yaml:2:34: error: 'generate.seed': expected \(exact), got 1e20"),
        ("{nodes: 1e19}", "w.yaml:2:25: error: 'generate.nodes': expected \(count), got 1e19"),
        (
            "{nodes: 3, fanout: 1e19}",
            "w.yaml:2:36: error: 'generate.fanout': expected a whole number from 0 to 1000000, got 1e19"
        ),
        ("{sections: 1e19, items: 1}", "w.yaml:2:28: error: 'generate.sections': expected \(count), got 1e19"),
        ("{sections: 1, items: 1e19}", "w.yaml:2:38: error: 'generate.items': expected \(count), got 1e19"),
        ("{items: 5, max: 10}", "w.yaml:2:33: error: 'generate.min' (40) must not exceed 'generate.max' (10)"),
        ("{items: 5, min: 0, max: 1e20}", "w.yaml:2:41: error: 'generate.max': expected \(exact), got 1e20"),
        ("{sections: 1e19, items: 0}", "w.yaml:2:28: error: 'generate.sections': expected \(count), got 1e19"),
        ("{sections: 10000001, items: 0}", "w.yaml:2:28: error: 'generate.sections': expected \(count), got 10000001"),
        ("{sections: 1e7, items: 1}", "w.yaml:2:28: error: 'generate.sections': expected \(count), got 1e7"),
        ("{items: 9999999}", "w.yaml:2:25: error: 'generate.items': expected \(count), got 9999999"),
        ("{items: .nan}", "w.yaml:2:25: error: 'generate.items': expected \(count), got .nan"),
        ("{items: -.inf}", "w.yaml:2:25: error: 'generate.items': expected \(count), got -.inf"),
        ("{items: 1, seed: -1}", "w.yaml:2:34: error: 'generate.seed': expected \(exact), got -1"),
        (
            "{sections: 1000, items: 2000}",
            "w.yaml:2:17: error: 'generate' asks for 1000 sections of 2000 items, which a layout may turn into 4002000 elements; the limit is 4000000 (2 per item and 2 per section)"
        ),
    ])
    func absurdNumbersAreLocatedErrorsNotTraps(fields: String, expected: String) throws {
        #expect(try error(fields) == expected)
    }

    @Test func theLimitCountsSectionsItemsAndNodesTwice() throws {
        var loader = WorkspaceLoader()
        loader.maximumGeneratedElements = 100
        let folder = try TemporaryFolder()
        func loads(_ fields: String) throws -> Bool {
            let path = try folder.write("w.yaml", "sources:\n  s: {generate: \(fields)}\n")
            return (try? loader.load(path: path)) != nil
        }
        #expect(try loads("{sections: 5, items: 9}"))  // 2 · (5 + 45) = 100
        #expect(try !loads("{sections: 5, items: 10}"))  // 110
        #expect(try loads("{sections: 50, items: 0}"))
        #expect(try !loads("{sections: 51, items: 0}"))
        #expect(try loads("{nodes: 50}"))
        #expect(try !loads("{nodes: 51}"))
        #expect(try loads("{nodes: 0}"))
    }
}
