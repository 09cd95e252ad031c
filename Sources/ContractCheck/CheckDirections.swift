import LayoutKit
import WorkspaceModel

/// Which directions `workbench check` lays each view out in.
public enum CheckDirections: Sendable {
    /// The view's own (`direction:` in the workspace).
    case asWritten
    case only(LayoutDirection)
    /// Left to right, then right to left.
    case both

    func directions(for view: ViewDefinition) -> [LayoutDirection] {
        switch self {
        case .asWritten: return [view.direction]
        case .only(let direction): return [direction]
        case .both: return [.leftToRight, .rightToLeft]
        }
    }
}
