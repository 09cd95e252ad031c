/// Why a layout could not be made or prepared.
public enum LayoutError: Error, Equatable, Sendable, CustomStringConvertible {
    /// An option is wrong; `field` is its path, e.g. "insets.top".
    case option(field: String, message: String)
    /// An item of the data is wrong; `field` names the part of the item, if any.
    case data(item: ItemPath?, field: String?, message: String)
    /// The layout cannot be computed for this data and these bounds.
    case layout(message: String)
    /// The host cancelled the work.
    case cancelled

    public var description: String {
        switch self {
        case .option(let field, let message): return "option '\(field)': \(message)"
        case .data(let item, let field, let message):
            let subject = [item.map { "item \($0)" }, field.map { "field '\($0)'" }].compactMap { $0 }.joined(
                separator: ", ")
            return subject.isEmpty ? message : "\(subject): \(message)"
        case .layout(let message): return message
        case .cancelled: return "cancelled"
        }
    }
}
