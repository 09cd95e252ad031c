import LayoutChecker
import LayoutKit
import Testing
import Waterfall

/// The layout contract through `ContractChecker`, as a plugin author's own tests run it.
struct WaterfallContractTests {
    static let phone = Rect(x: 0, y: 0, width: 375, height: 667)
    static let wall = DataSet.sections([
        (0..<200).map { .number(Double(40 + ($0 * 37) % 220)) }, [],
        (0..<30).map { ["size": ["width": .number(Double(100 + $0)), "height": 90]] }, [12.5, 0, 7],
    ])

    @Test func keepsTheContractWithDefaults() throws {
        #expect(try ContractChecker().check(WaterfallLayout.self, data: Self.wall, bounds: Self.phone) == [])
    }

    @Test func keepsTheContractWithHeadersRoundRobin() throws {
        let options: [String: Value] = [
            "columns": 3, "headerHeight": 32, "order": "roundRobin", "spacing": 0, "insets": 0,
        ]
        #expect(
            try ContractChecker(seed: 3).check(
                WaterfallLayout.self, options: options, data: Self.wall,
                bounds: Rect(x: 0, y: 300, width: 800, height: 500)) == [])
    }
}
