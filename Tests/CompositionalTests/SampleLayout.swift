import LayoutKit
import Testing

/// The six `options` blocks of `compositional-examples.yaml` (Apple's "Implementing Modern
/// Collection Views" samples), written as values, with their data and expected figures.
struct SampleLayout: CustomTestStringConvertible, Sendable {
    var name: String
    var data: [Int]
    var options: [String: Value]
    var contentSize: Size
    var cells: Int
    var supplementary = 0
    var decoration = 0
    var lastCell: (section: Int, item: Int, frame: Rect)

    var testDescription: String { name }

    static let inset10: Value = ["top": 10, "leading": 10, "bottom": 10, "trailing": 10]

    /// `[leading 0.7 × 1.0 item, vertical 0.3 × 1.0 group of a 1.0 × 0.3 item × 2]`, items inset by 10.
    static let nestedSubitems: Value = [
        [
            "item": [
                "size": ["width": ["fractionalWidth": 0.7], "height": ["fractionalHeight": 1.0]],
                "contentInsets": inset10,
            ]
        ],
        [
            "vertical": [
                "size": ["width": ["fractionalWidth": 0.3], "height": ["fractionalHeight": 1.0]],
                "subitem": [
                    "item": [
                        "size": ["width": ["fractionalWidth": 1.0], "height": ["fractionalHeight": 0.3]],
                        "contentInsets": inset10,
                    ]
                ],
                "count": 2,
            ]
        ],
    ]

    static let list = SampleLayout(
        name: "list", data: [94],
        options: [
            "sections": [
                [
                    "group": [
                        "horizontal": [
                            "size": ["width": ["fractionalWidth": 1.0], "height": ["absolute": 44]],
                            "subitems": [
                                [
                                    "item": [
                                        "size": [
                                            "width": ["fractionalWidth": 1.0], "height": ["fractionalHeight": 1.0],
                                        ]
                                    ]
                                ]
                            ],
                        ]
                    ]
                ]
            ]
        ],
        contentSize: Size(width: 375, height: 4136), cells: 94,
        lastCell: (0, 93, Rect(x: 0, y: 4092, width: 375, height: 44)))

    static let grid = SampleLayout(
        name: "grid", data: [94],
        options: [
            "sections": [
                [
                    "group": [
                        "horizontal": [
                            "size": ["width": ["fractionalWidth": 1.0], "height": ["fractionalWidth": 0.2]],
                            "subitems": [
                                [
                                    "item": [
                                        "size": [
                                            "width": ["fractionalWidth": 0.2], "height": ["fractionalHeight": 1.0],
                                        ]
                                    ]
                                ]
                            ],
                        ]
                    ]
                ]
            ]
        ],
        contentSize: Size(width: 375, height: 1425), cells: 94,
        lastCell: (0, 93, Rect(x: 225, y: 1350, width: 75, height: 75)))

    static let insetItemsGrid = SampleLayout(
        name: "inset-items-grid", data: [94],
        options: [
            "sections": [
                [
                    "group": [
                        "horizontal": [
                            "size": ["width": ["fractionalWidth": 1.0], "height": ["fractionalWidth": 0.2]],
                            "subitems": [
                                [
                                    "item": [
                                        "size": [
                                            "width": ["fractionalWidth": 0.2], "height": ["fractionalHeight": 1.0],
                                        ],
                                        "contentInsets": ["top": 5, "leading": 5, "bottom": 5, "trailing": 5],
                                    ]
                                ]
                            ],
                        ]
                    ]
                ]
            ]
        ],
        contentSize: Size(width: 375, height: 1425), cells: 94,
        lastCell: (0, 93, Rect(x: 230, y: 1355, width: 65, height: 65)))

    static let twoColumn = SampleLayout(
        name: "two-column", data: [94],
        options: [
            "sections": [
                [
                    "group": [
                        "horizontal": [
                            "size": ["width": ["fractionalWidth": 1.0], "height": ["absolute": 44]],
                            "subitem": [
                                "item": [
                                    "size": ["width": ["fractionalWidth": 1.0], "height": ["fractionalHeight": 1.0]]
                                ]
                            ],
                            "count": 2,
                            "interItemSpacing": ["fixed": 10],
                        ]
                    ],
                    "interGroupSpacing": 10,
                    "contentInsets": ["top": 0, "leading": 10, "bottom": 0, "trailing": 10],
                ]
            ]
        ],
        contentSize: Size(width: 375, height: 2528), cells: 94,
        lastCell: (0, 93, Rect(x: 192.5, y: 2484, width: 172.5, height: 44)))

    static let nestedGroups = SampleLayout(
        name: "nested-groups", data: [100],
        options: [
            "sections": [
                [
                    "group": [
                        "horizontal": [
                            "size": ["width": ["fractionalWidth": 1.0], "height": ["fractionalHeight": 0.4]],
                            "subitems": nestedSubitems,
                        ]
                    ]
                ]
            ]
        ],
        contentSize: Size(width: 375, height: 9071.2), cells: 100,
        lastCell: (0, 99, Rect(x: 10, y: 8814.4, width: 242.5, height: 246.8)))

    /// One section of the orthogonal-sections example: `behaviour`, the group `width` wide.
    static func orthogonalSection(_ behaviour: String, width: Double) -> Value {
        [
            "orthogonalScrollingBehavior": .string(behaviour),
            "group": [
                "horizontal": [
                    "size": ["width": ["fractionalWidth": .number(width)], "height": ["fractionalHeight": 0.4]],
                    "subitems": nestedSubitems,
                ]
            ],
            "boundarySupplementaryItems": [
                [
                    "kind": "header", "size": ["width": ["fractionalWidth": 1.0], "height": ["estimated": 44]],
                    "alignment": "top", "pinToVisibleBounds": true, "zIndex": 2,
                ]
            ],
            "decorationItems": [
                ["kind": "background", "contentInsets": ["top": 5, "leading": 5, "bottom": 5, "trailing": 5]]
            ],
        ]
    }

    static let orthogonalSections = SampleLayout(
        name: "orthogonal-sections", data: [18, 18, 18, 18, 18, 18],
        options: [
            "configuration": ["scrollDirection": "vertical", "interSectionSpacing": 20],
            "sections": [
                orthogonalSection("continuous", width: 0.85),
                orthogonalSection("continuousGroupLeadingBoundary", width: 0.85),
                orthogonalSection("paging", width: 0.85),
                orthogonalSection("groupPaging", width: 0.85),
                orthogonalSection("groupPagingCentered", width: 0.85),
                orthogonalSection("none", width: 1.0),
            ],
        ],
        contentSize: Size(width: 375, height: 3298.8), cells: 108, supplementary: 6, decoration: 6,
        lastCell: (5, 17, Rect(x: 272.5, y: 3175.4, width: 92.5, height: 113.4)))

    static let all = [list, grid, insetItemsGrid, twoColumn, nestedGroups, orthogonalSections]
}
