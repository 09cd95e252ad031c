import LayoutKit

/// The options as editors see them (ABI 2.3's option schema): every key with its meaning,
/// the fields of sizes and insets, the scroll directions.
extension FlowOptions {
    static let schema: OptionSchema = {
        func size(_ width: String, _ height: String) -> OptionSchema {
            OptionSchema(keys: [.init("width", width), .init("height", height)])
        }
        let insets = OptionSchema(keys: [
            .init("top", "Inset at the top, in points."), .init("left", "Inset at the left, in points."),
            .init("bottom", "Inset at the bottom, in points."), .init("right", "Inset at the right, in points."),
        ])
        let reference = size(
            "Its extent when the view scrolls horizontally (the height spans the view).",
            "Its extent when the view scrolls vertically (the width spans the view).")
        return OptionSchema(keys: [
            .init(
                "itemSize", "Every item's size unless its data gives `width` or `height` (default 50 × 50).",
                size("Points, greater than 0.", "Points, greater than 0.")),
            .init(
                "minimumLineSpacing", "The least space between lines: rows, or columns when horizontal (default 10)."),
            .init("minimumInteritemSpacing", "The least space between neighbours on a line (default 10)."),
            .init(
                "sectionInset", "Space around each section's lines: `{top, left, bottom, right}` or one number.", insets
            ),
            .init("headerReferenceSize", "A header above each section when its extent is greater than 0.", reference),
            .init("footerReferenceSize", "A footer below each section when its extent is greater than 0.", reference),
            .init(
                "scrollDirection", "Which way the content scrolls; lines run across it (default vertical).",
                OptionSchema(values: ScrollDirection.allCases.map(\.rawValue))),
            .init(
                "sectionHeadersPinToVisibleBounds",
                "Headers stay at the top of the bounds while their section is there.",
                OptionSchema(values: ["true", "false"])),
            .init(
                "sectionFootersPinToVisibleBounds",
                "Footers stay at the bottom of the bounds while their section is there.",
                OptionSchema(values: ["true", "false"])),
            .init(
                "estimatedItemSize",
                "Self-sizing: items start at this size and take their cells' preferred sizes; 0 × 0 is off.",
                size("Points: both sides 0, or both greater than 0.", "Points: both sides 0, or both greater than 0.")),
            .init(
                "displayScale", "Round origins to 1/scale points, as a screen of that scale would (default 0: exact)."),
        ])
    }()
}
