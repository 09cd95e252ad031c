import LayoutKit

/// The flow layout's options, read and checked (contract §2): UICollectionViewFlowLayout's
/// property names and defaults.
struct FlowOptions: Equatable, Sendable {
    /// Which way the content scrolls: lines run across it.
    enum ScrollDirection: String, CaseIterable, Sendable {
        case vertical
        case horizontal
    }

    /// Every option name, in the contract's order.
    static let names = [
        "itemSize", "minimumLineSpacing", "minimumInteritemSpacing", "sectionInset", "headerReferenceSize",
        "footerReferenceSize", "scrollDirection", "sectionHeadersPinToVisibleBounds",
        "sectionFootersPinToVisibleBounds", "estimatedItemSize", "displayScale",
    ]

    var itemSize = Size(width: 50, height: 50)
    var minimumLineSpacing = 10.0
    var minimumInteritemSpacing = 10.0
    var sectionInset = EdgeInsets(all: 0)
    var headerReferenceSize = Size.zero
    var footerReferenceSize = Size.zero
    var scrollDirection = ScrollDirection.vertical
    var pinsHeaders = false
    var pinsFooters = false
    /// The estimate every item starts from while self-sizing; nil when self-sizing is off.
    var estimatedItemSize: Size?
    /// The screen's scale origins are rounded to; 0 for exact frames.
    var displayScale = 0.0

    /// The defaults (UIKit's `UICollectionViewFlowLayoutCommonInit`).
    init() {}

    /// Reads the options in the contract's order, then refuses any other key.
    ///
    /// - Throws: `LayoutError.option` naming the first option (or field) that is wrong.
    init(_ options: Options) throws(LayoutError) {
        var options = options
        let values = options.values
        itemSize = try options.size("itemSize", default: itemSize)
        minimumLineSpacing = try options.number("minimumLineSpacing", default: 10, minimum: .nonNegative)
        minimumInteritemSpacing = try options.number("minimumInteritemSpacing", default: 10, minimum: .nonNegative)
        sectionInset = try options.insets("sectionInset", default: EdgeInsets(all: 0))
        headerReferenceSize = try Self.referenceSize(values, "headerReferenceSize")
        footerReferenceSize = try Self.referenceSize(values, "footerReferenceSize")
        let direction = try options.string("scrollDirection", default: nil) ?? ScrollDirection.vertical.rawValue
        guard let scrollDirection = ScrollDirection(rawValue: direction) else {
            let known = ScrollDirection.allCases.map { "'\($0.rawValue)'" }.joined(separator: " or ")
            throw .option(field: "scrollDirection", message: "expected \(known), got '\(direction)'")
        }
        self.scrollDirection = scrollDirection
        pinsHeaders = try Self.flag(values, "sectionHeadersPinToVisibleBounds")
        pinsFooters = try Self.flag(values, "sectionFootersPinToVisibleBounds")
        estimatedItemSize = try Self.estimatedSize(values, "estimatedItemSize")
        displayScale = try options.number("displayScale", default: 0, minimum: .nonNegative)
        try Self.rejectUnknownKeys(values)
    }
}
