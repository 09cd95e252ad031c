/// A whole compositional layout as its options describe it: the configuration and the section
/// descriptions (description i lays out data section i; the last one every further section).
struct CompositionalDescription: Equatable, Sendable {
    /// `UICollectionViewCompositionalLayoutConfiguration.scrollDirection`.
    enum ScrollDirection: String, CaseIterable, Equatable, Sendable {
        case vertical
        case horizontal
    }

    var scrollDirection = ScrollDirection.vertical
    var interSectionSpacing = 0.0
    /// Never empty.
    var sections: [SectionDescription]
}
