/// A group's child: an item or a nested group.
enum Subitem: Equatable, Sendable {
    case item(ItemDescription)
    indirect case group(GroupDescription)

    var size: LayoutSize {
        switch self {
        case .item(let item): return item.size
        case .group(let group): return group.size
        }
    }

    var edgeSpacing: EdgeSpacing {
        switch self {
        case .item(let item): return item.edgeSpacing
        case .group(let group): return group.edgeSpacing
        }
    }
}
