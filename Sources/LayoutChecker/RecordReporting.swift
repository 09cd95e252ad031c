/// A layout behind a binary boundary (a plugin's C records, checked by the host) that can
/// tell the checker what it could not answer with `LayoutAttributes`: records the boundary
/// refused (a NaN, an undeclared kind, a cell outside the data) and calls that failed. The
/// checker reports them as `well-formed` violations rather than judging a silently shorter
/// answer.
public protocol RecordReporting: AnyObject {
    /// The problems found since the last call, each a sentence naming the record; clears them.
    func takeRecordProblems() -> [String]
}
