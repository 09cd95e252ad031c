import LayoutKit

/// The kinds a description names, each category in name order (§3.12): a kind's rank is its
/// place in canonical element order.
struct KindRanks: Sendable {
    var supplementaryNames: [String] = []
    var decorationNames: [String] = []
    var supplementary: [String: Int] = [:]
    var decoration: [String: Int] = [:]

    init(_ description: CompositionalDescription) {
        for kind in DescriptionReader.elementKinds(of: description) {
            if kind.category == .supplementary {
                supplementary[kind.name] = supplementaryNames.count
                supplementaryNames.append(kind.name)
            } else {
                decoration[kind.name] = decorationNames.count
                decorationNames.append(kind.name)
            }
        }
    }
}
