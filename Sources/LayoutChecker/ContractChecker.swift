import LayoutKit

/// Checks a layout against the layout contract — the eight `Invariant`s — by asking it
/// questions and comparing the answers with brute force, with each other, and with fresh
/// layouts. `workbench check` runs it on plugins; a plugin's own tests run it in-process:
///
///     let data = DataSet.items([120, 160, 80])
///     let bounds = Rect(x: 0, y: 0, width: 375, height: 667)
///     let violations = try ContractChecker().check(data: data.source, bounds: bounds) {
///         try MyLayout(options: Options())
///     }
///     #expect(violations.isEmpty, "\(violations)")
///
/// The checker sees what the layout returns as it is: nothing is sorted, filtered or
/// repaired first. Cost: O(rects × elements) for the brute-force comparison, plus a handful
/// of fresh prepares.
public struct ContractChecker: Sendable {
    /// How many random rects to query, besides the degenerate ones (empty, off the content…).
    public var rectCount: Int
    /// Seeds the random rects: the same seed asks the same questions.
    public var seed: UInt64
    /// Violations kept per invariant; the rest are counted in one last violation.
    public var maximumViolationsPerInvariant: Int

    public init(rectCount: Int = 200, seed: UInt64 = 0, maximumViolationsPerInvariant: Int = 5) {
        self.rectCount = rectCount
        self.seed = seed
        self.maximumViolationsPerInvariant = maximumViolationsPerInvariant
    }

    /// Checks every invariant on layouts from `makeLayout`, prepared with `data` at `bounds`.
    ///
    /// - Parameters:
    ///   - data: the data source every layout is prepared with.
    ///   - bounds: the collection view's bounds before the scripted scroll and resize.
    ///   - makeLayout: makes a new, unprepared layout each time it is called, from the same
    ///     inputs; an error other than a `LayoutError` is thrown as `.layout` with its text.
    /// - Returns: the violations found, grouped by invariant in `Invariant` order; empty if
    ///   the layout keeps the contract on these questions.
    /// - Throws: the `LayoutError` of the first layout's making or preparing: a layout that
    ///   refuses its inputs cannot be checked.
    public func check(data: DataSource, bounds: Rect, makeLayout: @escaping () throws -> any Layout) throws(LayoutError)
        -> [Violation]
    {
        let makeLayout = { () throws(LayoutError) -> any Layout in
            do {
                return try makeLayout()
            } catch let error as LayoutError {
                throw error
            } catch {
                throw .layout(message: "\(error)")
            }
        }
        let layout = try makeLayout()
        try layout.prepare(LayoutContext(dataSource: data, bounds: bounds))
        var findings = CappedViolations(limit: maximumViolationsPerInvariant)
        let run = CheckRun(
            layout: layout, data: data, bounds: bounds, makeLayout: makeLayout,
            rects: CheckRects.make(count: rectCount, content: layout.contentSize, bounds: bounds, seed: seed))
        run.checkQueries(&findings)
        run.checkElementQueries(&findings)
        run.checkDeterminism(&findings)
        // Bounds changes are judged against fresh layouts: meaningless if those differ anyway.
        if !findings.hasViolations(of: .deterministic) { run.checkBoundsChanges(&findings) }
        run.checkTargetOffsets(&findings)
        run.checkTransitions(&findings)
        // Frames that are not even numbers cannot be compared before and after.
        if !findings.hasViolations(of: .wellFormed) { run.checkPreferredSizes(&findings) }
        run.reportRecordProblems(&findings)
        return findings.violations
    }

    /// Checks a plugin's layout type made with `options`, prepared with `data` at `bounds`.
    public func check<L: LayoutPlugin>(_ type: L.Type, options: [String: Value] = [:], data: DataSet, bounds: Rect)
        throws(LayoutError) -> [Violation]
    {
        try check(data: data.source, bounds: bounds) { () throws(LayoutError) -> any Layout in
            try L(options: Options(options))
        }
    }
}

/// What one check has asked and the first layout's answers to keep.
struct CheckRun {
    let layout: any Layout
    let data: DataSource
    let bounds: Rect
    let makeLayout: () throws(LayoutError) -> any Layout
    let rects: [Rect]
    /// Every element, as the whole-layout query returns it.
    let all: [LayoutAttributes]
    /// What a layout behind a C boundary reported about the whole-layout query's records;
    /// when there is any, `all` is not the whole layout and cannot judge element queries.
    let problemsOfAll: [String]

    init(
        layout: any Layout, data: DataSource, bounds: Rect, makeLayout: @escaping () throws(LayoutError) -> any Layout,
        rects: [Rect]
    ) {
        self.layout = layout
        self.data = data
        self.bounds = bounds
        self.makeLayout = makeLayout
        self.rects = rects
        all = layout.elements(in: .everything)
        problemsOfAll = (layout as? RecordReporting)?.takeRecordProblems() ?? []
    }

    /// A new layout from the same inputs, prepared at `bounds`.
    func freshLayout(at bounds: Rect) throws(LayoutError) -> any Layout {
        let layout = try makeLayout()
        try layout.prepare(LayoutContext(dataSource: data, bounds: bounds))
        return layout
    }
}

/// Violations so far, at most `limit` per invariant, the rest counted.
struct CappedViolations {
    let limit: Int
    private var kept: [Invariant: [Violation]] = [:]
    private var dropped: [Invariant: Int] = [:]

    init(limit: Int) { self.limit = max(1, limit) }

    mutating func add(_ invariant: Invariant, _ element: ElementID?, _ detail: String) {
        if kept[invariant, default: []].count < limit {
            kept[invariant, default: []].append(Violation(invariant, element, detail))
        } else {
            dropped[invariant, default: 0] += 1
        }
    }

    func hasViolations(of invariant: Invariant) -> Bool { !kept[invariant, default: []].isEmpty }

    /// Whether `invariant` has failed already (to skip further questions about it).
    func isFull(_ invariant: Invariant) -> Bool { kept[invariant, default: []].count >= limit }

    var violations: [Violation] {
        Invariant.allCases.flatMap { invariant -> [Violation] in
            let more =
                dropped[invariant].map {
                    [Violation(invariant, nil, "\($0) more violation\($0 == 1 ? "" : "s") of this invariant not shown")]
                } ?? []
            return kept[invariant, default: []] + more
        }
    }
}
