import JSON
import LayoutKit

/// The elements a `query` answered: as written (plugins' extra fields included), and read.
public struct ElementsAnswer: Sendable {
    /// Each element's attributes as the engine wrote them.
    public var elements: [JSONValue]
    /// The same, read back, extra fields as values.
    public var attributes: [LayoutAttributes]
    /// Each element's label when asked for (`QueryRequest.labels`): a cell's text, else nil.
    public var labels: [String?]
}
