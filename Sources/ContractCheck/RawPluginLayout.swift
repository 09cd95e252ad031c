import LayoutChecker
import LayoutKit
import PluginHost

/// A plugin's layout as the checker must see it: rect queries answered with the records as
/// the plugin wrote them (`AttributesRecords.recordsAsWritten`, before the host sorts or
/// drops any), and every call the host's boundary check refuses (a NaN, an undeclared kind,
/// a cell outside the data…) or that fails reported as a problem instead of an answer.
final class RawPluginLayout: Layout, RecordReporting {
    let instance: any PluginInstance
    let data: DataSet
    private var problems: [String] = []

    /// The longest one `prepare` may take, in seconds (`--timeout`); nil for no limit.
    let timeout: Double?

    /// - Parameter data: what `prepare` passes on (the instance takes the host's own storage).
    init(_ instance: any PluginInstance, data: DataSet, timeout: Double?) {
        self.instance = instance
        self.data = data
        self.timeout = timeout
    }

    func takeRecordProblems() -> [String] {
        defer { problems = [] }
        return problems
    }

    /// The answer of `call`, or `fallback` with the failure noted.
    private func answer<T>(_ fallback: T, _ call: () throws(PluginCallError) -> T) -> T {
        do throws(PluginCallError) {
            return try call()
        } catch {
            problems.append(error.description)
            return fallback
        }
    }

    func prepare(_ context: LayoutContext) throws(LayoutError) {
        do throws(PluginCallError) {
            let cancel = CancelFlag()
            try cancel.withTimeout(timeout) { () throws(PluginCallError) in
                try instance.prepare(data: data, bounds: context.bounds, cancel: cancel)
            }
        } catch {
            if case .reported(let reported) = error { throw reported }
            throw .layout(message: error.description)
        }
    }

    var contentSize: Size { answer(.zero) { () throws(PluginCallError) in try instance.contentSize() } }
    var numberOfElements: Int? { answer(nil) { () throws(PluginCallError) in try instance.numberOfElements() } }
    var contentOverflow: ContentOverflow { answer([]) { () throws(PluginCallError) in try instance.contentOverflow() } }

    func elements(in rect: Rect, into result: inout [LayoutAttributes]) {
        result += answer([]) { () throws(PluginCallError) in
            try instance.withElements(in: rect) { records throws(PluginCallError) in records.recordsAsWritten }
        }
    }

    func attributes(for element: ElementID) -> LayoutAttributes? {
        answer(nil) { () throws(PluginCallError) in try instance.attributes(for: element) }
    }

    func shouldInvalidate(forBoundsChange newBounds: Rect) -> Bool {
        answer(true) { () throws(PluginCallError) in try instance.shouldInvalidate(forBoundsChange: newBounds) }
    }

    func invalidation(forBoundsChange newBounds: Rect) -> Invalidation {
        answer(.everything) { () throws(PluginCallError) in try instance.invalidation(forBoundsChange: newBounds) }
    }

    func invalidate(_ invalidation: Invalidation) {
        answer(()) { () throws(PluginCallError) in try instance.invalidate(invalidation) }
    }

    /// A point the host refused as not finite comes back as NaN, for the checker's
    /// `target-offset` rule to judge; other failures are problems.
    func targetContentOffset(proposed: Point, velocity: Point) -> Point {
        do throws(PluginCallError) {
            return try instance.targetContentOffset(proposed: proposed, velocity: velocity)
        } catch {
            if case .badRecord = error { return Point(x: .nan, y: .nan) }
            problems.append(error.description)
            return proposed
        }
    }

    func initialAttributes(forAppearing element: ElementID, in bounds: Rect) -> LayoutAttributes? {
        answer(nil) { () throws(PluginCallError) in
            try instance.transitionAttributes(for: element, isAppearing: true, in: bounds)
        }
    }

    func finalAttributes(forDisappearing element: ElementID, in bounds: Rect) -> LayoutAttributes? {
        answer(nil) { () throws(PluginCallError) in
            try instance.transitionAttributes(for: element, isAppearing: false, in: bounds)
        }
    }

    func preferredAttributes(_ preferred: Size, for element: ElementID) -> PreferredSizeAnswer? {
        answer(nil) { () throws(PluginCallError) in
            try instance.preferredAttributes([PreferredSize(element: element, size: preferred)]).first ?? nil
        }
    }
}
