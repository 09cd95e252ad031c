import LayoutChecker
import LayoutKit
import Testing

/// Each bug is caught, by the invariant it breaks and by no other; a correct layout passes.
struct LayoutCheckerTests {
    static let data = DataSet.items((0..<23).map { .number(Double($0)) })
    static let bounds = Rect(x: 0, y: 0, width: 375, height: 300)

    static func violations(_ bug: BuggyGrid.Bug) throws -> [Violation] {
        var generation = 0
        return try ContractChecker(rectCount: 100, seed: 3).check(data: data.source, bounds: bounds) {
            generation += 1
            return BuggyGrid(bug: bug, generation: generation)
        }
    }

    static let expected: [BuggyGrid.Bug: Invariant] = [
        .wrongOrder: .wellFormed, .outsideRect: .rectQuery, .inconsistentElementQuery: .elementQuery,
        .notANumber: .wellFormed, .dishonestInvalidation: .boundsChange, .nondeterministic: .deterministic,
        .outsideContent: .insideContent, .targetOffsetOutOfRange: .targetOffset, .noTransitions: .transitions,
    ]

    @Test func aCorrectLayoutPasses() throws {
        #expect(try Self.violations(.none) == [])
    }

    @Test(arguments: BuggyGrid.Bug.allCases.filter { $0 != .none })
    func eachBugIsCaughtByItsInvariantAlone(bug: BuggyGrid.Bug) throws {
        let violations = try Self.violations(bug)
        #expect(Set(violations.map(\.invariant)) == [Self.expected[bug]!], "\(violations)")
    }

    @Test func violationsNameTheElementAndWhatWasSeen() throws {
        let order = try Self.violations(.wrongOrder)
        #expect(
            order.first?.description
                == "well-formed: cell [0, 0]: comes after supplementary header [0, 0] in the whole-layout query: "
                + "out of canonical order (cells, supplementary, decoration; each by kind, section, item)")
        let nan = try Self.violations(.notANumber)
        #expect(nan.first?.description == "well-formed: cell [0, 2]: frame.width is nan, in the whole-layout query")
        let query = try Self.violations(.inconsistentElementQuery)
        #expect(
            query.first?.description
                == "element-query: cell [0, 22]: attributes(for:) gives frame.x 101, the whole-layout query 100")
        let resize = try Self.violations(.dishonestInvalidation)
        #expect(resize.first?.description.hasPrefix("bounds-change: ") == true)
        #expect(
            resize.first?.description.contains(
                "after resizing to (0, 140, 300, 300) (shouldInvalidate said no), the layout differs from one prepared at those bounds: content size 375 × 440, expected 300 × 440"
            ) == true)
    }

    @Test func violationsBeyondTheLimitAreCountedInOne() throws {
        let violations = try ContractChecker(rectCount: 50, maximumViolationsPerInvariant: 2).check(
            data: Self.data.source, bounds: Self.bounds
        ) {
            BuggyGrid(bug: .outsideRect)
        }
        #expect(violations.count == 3)
        #expect(violations.last?.element == nil)
        #expect(violations.last?.detail.hasSuffix("more violations of this invariant not shown") == true)
    }

    @Test func aLayoutThatRefusesItsInputsIsAnErrorNotAViolation() {
        #expect(throws: LayoutError.option(field: "size", message: "too big")) {
            try ContractChecker().check(data: Self.data.source, bounds: Self.bounds) {
                () throws(LayoutError) -> any Layout in
                throw .option(field: "size", message: "too big")
            }
        }
    }

    @Test func theSameSeedAsksTheSameRects() {
        let content = Size(width: 800, height: 3000)
        #expect(
            CheckRects.make(count: 30, content: content, bounds: Self.bounds, seed: 9)
                == CheckRects.make(count: 30, content: content, bounds: Self.bounds, seed: 9))
        #expect(
            CheckRects.make(count: 30, content: content, bounds: Self.bounds, seed: 9)
                != CheckRects.make(count: 30, content: content, bounds: Self.bounds, seed: 10))
        #expect(CheckRects.make(count: 30, content: content, bounds: Self.bounds, seed: 9).count == 40)
    }
}

/// The layout-to-layout part of `transitions`: an honest answer passes, one that forgets a
/// moving element or invents a move is caught.
struct LayoutTransitionCheckTests {
    /// The same grid at 375 and at 250 points wide (3 columns, then 2): most cells move.
    static func layouts() throws -> (old: BuggyGrid, new: BuggyGrid, bounds: Rect, newBounds: Rect) {
        let old = BuggyGrid(bug: .none), new = BuggyGrid(bug: .none)
        let bounds = Rect(x: 0, y: 0, width: 375, height: 300), newBounds = Rect(x: 0, y: 0, width: 250, height: 300)
        try old.prepare(LayoutContext(dataSource: LayoutCheckerTests.data.source, bounds: bounds))
        try new.prepare(LayoutContext(dataSource: LayoutCheckerTests.data.source, bounds: newBounds))
        return (old, new, bounds, newBounds)
    }

    /// The answer worked out by brute force from both layouts' own queries.
    static func honestAnswer(_ old: BuggyGrid, _ new: BuggyGrid, _ bounds: Rect, _ newBounds: Rect)
        -> LayoutTransitionAnswer
    {
        let before = old.elements(in: bounds), after = new.elements(in: newBounds)
        var moving: [(before: LayoutAttributes, after: LayoutAttributes)] = []
        var seen: Set<ElementID> = []
        for element in (before + after).map(\.element) where seen.insert(element).inserted {
            if let from = old.attributes(for: element), let to = new.attributes(for: element), from != to {
                moving.append((from, to))
            }
        }
        return LayoutTransitionAnswer(
            appearing: after.filter { old.attributes(for: $0.element) == nil },
            disappearing: before.filter { new.attributes(for: $0.element) == nil }, moving: moving)
    }

    @Test func anHonestAnswerPassesAndAForgottenOrInventedMoveIsCaught() throws {
        let (old, new, bounds, newBounds) = try Self.layouts()
        let checker = ContractChecker()
        let honest = Self.honestAnswer(old, new, bounds, newBounds)
        #expect(honest.moving.count > 5)
        #expect(
            checker.checkTransition(from: old, bounds: bounds, to: new, bounds: newBounds, answer: honest, label: "t")
                == [])

        var forgetful = honest
        let forgotten = forgetful.moving.removeFirst()
        let missed = checker.checkTransition(
            from: old, bounds: bounds, to: new, bounds: newBounds, answer: forgetful, label: "t")
        #expect(
            !missed.isEmpty
                && missed.allSatisfy { $0.invariant == .transitions && $0.element == forgotten.before.element },
            "\(missed)")

        var inventive = honest
        let unmoved = try #require(old.attributes(for: .cell(0, 0)))
        var elsewhere = unmoved
        elsewhere.frame.origin.y += 7
        inventive.moving.append((unmoved, elsewhere))
        let invented = checker.checkTransition(
            from: old, bounds: bounds, to: new, bounds: newBounds, answer: inventive, label: "t")
        #expect(
            invented.map(\.invariant).contains(.transitions)
                && invented.contains { $0.description.contains("moves from") }, "\(invented)")
    }
}
