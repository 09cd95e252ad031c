/// A section background (`NSCollectionLayoutDecorationItem.background(elementKind:)`).
struct DecorationItemDescription: Equatable, Sendable {
    var kind: String
    var contentInsets = DirectionalInsets.zero
    var zIndex = 0
}
