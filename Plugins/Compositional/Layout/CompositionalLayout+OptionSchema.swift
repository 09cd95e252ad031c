import LayoutKit

extension CompositionalLayout {
    /// The description as editors see it (ABI 2.3's option schema), at any depth: UIKit's names
    /// (`NSCollectionLayoutSection`, `…Group`, `…Item`, `…Dimension`…) and their words.
    static let optionSchema = OptionSchema(
        keys: [
            .init(
                "configuration", "The layout's configuration (`UICollectionViewCompositionalLayoutConfiguration`).",
                OptionSchema(keys: [
                    .init(
                        "scrollDirection", "Which way the view scrolls (default `vertical`).",
                        OptionSchema(values: ["vertical", "horizontal"])),
                    .init("interSectionSpacing", "Space between sections (not after the last); default 0."),
                ])),
            .init(
                "sections",
                "Section descriptions: description i lays out data section i; the last one repeats for every further section.",
                .list(of: .reference("section"))),
        ],
        definitions: [
            "section": OptionSchema(keys: [
                .init(
                    "group", "The section's group, repeated for its items: `horizontal` or `vertical`.",
                    .reference("group")),
                .init("interGroupSpacing", "Space between groups (default 0)."),
                .init("contentInsets", "The section's insets (default 0).", .reference("insets")),
                .init(
                    "orthogonalScrollingBehavior",
                    "Groups side by side across the scroll axis, at rest (default `none`).",
                    OptionSchema(values: [
                        "none", "continuous", "continuousGroupLeadingBoundary", "paging", "groupPaging",
                        "groupPagingCentered",
                    ])),
                .init(
                    "supplementariesFollowContentInsets", "Boundary items are inset with the section (default true).",
                    OptionSchema(values: ["true", "false"])),
                .init(
                    "boundarySupplementaryItems",
                    "Headers and footers (`NSCollectionLayoutBoundarySupplementaryItem`).",
                    .list(of: .reference("boundary"))),
                .init(
                    "decorationItems", "Section backgrounds (`NSCollectionLayoutDecorationItem.background`).",
                    .list(of: .reference("decoration"))),
            ]),
            "group": OptionSchema(keys: [
                .init("horizontal", "A group laying its subitems out left to right.", .reference("groupBody")),
                .init("vertical", "A group laying its subitems out top to bottom.", .reference("groupBody")),
            ]),
            "groupBody": OptionSchema(keys: [
                .init("size", "The group's size: `{width, height}` dimensions.", .reference("size")),
                .init(
                    "subitems", "Items and groups, repeated in order while they fit.", .list(of: .reference("subitem"))),
                .init(
                    "subitem", "One item or group, `count` times, resized to share the group.", .reference("subitem")),
                .init(
                    "repeatingSubitem", "One item or group, `count` times at its own size (iOS 16).",
                    .reference("subitem")),
                .init("count", "How many copies of `subitem` or `repeatingSubitem` (1 to 10,000)."),
                .init("interItemSpacing", "Space between subitems: `fixed` or `flexible`.", .reference("spacing")),
                .init("contentInsets", "The group's insets, shrinking its subitems' container.", .reference("insets")),
                .init("edgeSpacing", "Space around the group in its parent group.", .reference("edgeSpacing")),
            ]),
            "subitem": OptionSchema(keys: [
                .init("item", "An item (`NSCollectionLayoutItem`).", .reference("item")),
                .init("horizontal", "A nested horizontal group.", .reference("groupBody")),
                .init("vertical", "A nested vertical group.", .reference("groupBody")),
            ]),
            "item": OptionSchema(keys: [
                .init("size", "The item's size: `{width, height}` dimensions.", .reference("size")),
                .init("contentInsets", "Insets applied after the item is placed.", .reference("insets")),
                .init("edgeSpacing", "Space around the item in its group.", .reference("edgeSpacing")),
                .init("supplementaryItems", "Badges anchored to the item's cell.", .list(of: .reference("badge"))),
            ]),
            "size": OptionSchema(keys: [
                .init("width", "A dimension.", .reference("dimension")),
                .init("height", "A dimension.", .reference("dimension")),
            ]),
            "dimension": OptionSchema(keys: [
                .init("fractionalWidth", "A fraction of the container's width."),
                .init("fractionalHeight", "A fraction of the container's height."),
                .init("absolute", "Points."),
                .init("estimated", "Points, estimated (laid out as absolute; insets of its axis are ignored)."),
            ]),
            "insets": OptionSchema(keys: [
                .init("top", "Points (0, or 1 and more)."), .init("leading", "Points (0, or 1 and more)."),
                .init("bottom", "Points (0, or 1 and more)."), .init("trailing", "Points (0, or 1 and more)."),
            ]),
            "spacing": OptionSchema(keys: [
                .init("fixed", "Exactly this many points."),
                .init("flexible", "At least this many points, growing to share the space left."),
            ]),
            "edgeSpacing": OptionSchema(keys: [
                .init("leading", "`fixed` or `flexible` (default fixed 0).", .reference("spacing")),
                .init("top", "`fixed` or `flexible` (default fixed 0).", .reference("spacing")),
                .init("trailing", "`fixed` or `flexible` (default fixed 0).", .reference("spacing")),
                .init("bottom", "`fixed` or `flexible` (default fixed 0).", .reference("spacing")),
            ]),
            "boundary": OptionSchema(keys: [
                .init("kind", "The element kind (UIKit's `elementKind`)."),
                .init("size", "The item's size: `{width, height}` dimensions.", .reference("size")),
                .init(
                    "alignment",
                    "Where it sits: `top…`/`bottom…` in a vertical layout, `leading…`/`trailing…` in a horizontal one.",
                    OptionSchema(values: [
                        "top", "topLeading", "topTrailing", "bottom", "bottomLeading", "bottomTrailing", "leading",
                        "trailing",
                    ])),
                .init(
                    "pinToVisibleBounds",
                    "Stays at the edge of the bounds while its section is visible (default false).",
                    OptionSchema(values: ["true", "false"])),
                .init(
                    "extendsBoundary", "Takes room of its own before or after the section's content (default true).",
                    OptionSchema(values: ["true", "false"])),
                .init("offset", "Moves it by `{x, y}` points.", .reference("point")),
                .init("zIndex", "Its zIndex (default 1)."),
            ]),
            "decoration": OptionSchema(keys: [
                .init("kind", "The element kind of the background."),
                .init("contentInsets", "The background's insets within the section.", .reference("insets")),
                .init("zIndex", "Its zIndex (default 0)."),
            ]),
            "badge": OptionSchema(keys: [
                .init("kind", "The element kind of the badge."),
                .init("size", "The badge's size: dimensions of the cell's size.", .reference("size")),
                .init(
                    "containerAnchor", "Where on the cell it is anchored (`NSCollectionLayoutAnchor`).",
                    OptionSchema(keys: [
                        .init(
                            "edges", "The edges it hugs (none: centred).",
                            .list(of: OptionSchema(values: ["top", "leading", "bottom", "trailing"]))),
                        .init("absoluteOffset", "Moves it by `{x, y}` points.", .reference("point")),
                        .init("fractionalOffset", "Moves it by `{x, y}` times its own size.", .reference("point")),
                    ])),
                .init("zIndex", "Its zIndex (default 1)."),
            ]),
            "point": OptionSchema(keys: [.init("x", "Points along x."), .init("y", "Points along y.")]),
        ])
}
