import LayoutKit

extension Value {
    /// A data item as a label (in pictures, and `query {labels: true}`): its `name` or `title`,
    /// or the item itself if it is a number or a string.
    package var label: String? {
        switch self {
        case .number(let number): return number.compactDescription
        case .string(let string): return string
        case .map(let fields): return (fields["name"] ?? fields["title"])?.label
        default: return nil
        }
    }
}
