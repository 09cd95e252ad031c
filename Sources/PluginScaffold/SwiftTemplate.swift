/// The Swift plugin package: `swift build` makes `lib__MODULE__.so`, `swift test` runs the
/// layout contract on it in-process.
enum SwiftTemplate {
    static func files(module: String) -> [(String, String)] {
        [
            ("Package.swift", package),
            ("Sources/\(module)/\(module)Layout.swift", layout),
            ("Sources/\(module)Plugin/\(module)Plugin.swift", export),
            ("Tests/\(module)Tests/\(module)Tests.swift", tests),
            ("README.md", readme),
            (".gitignore", ".build/\n.swiftpm/\nPackage.resolved\n"),
        ]
    }

    static let package = """
        // swift-tools-version:6.0
        import PackageDescription

        // The workbench checkout this plugin builds against. SwiftPM names a path dependency
        // after its folder: that name ("__IDENTITY__") is the `package:` of the products below.
        let workbench = "__WORKBENCH__"

        let package = Package(
            name: "__MODULE__",
            products: [
                // The plugin: lib__MODULE__.so, loaded by `workbench --plugins .build/debug`.
                .library(name: "__MODULE__", type: .dynamic, targets: ["__MODULE__Plugin"]),
            ],
            dependencies: [
                .package(path: workbench),
            ],
            targets: [
                // The layout itself, testable in-process.
                .target(name: "__MODULE__", dependencies: [.product(name: "LayoutKit", package: "__IDENTITY__")]),
                // Its C export: the one symbol the workbench looks for.
                .target(name: "__MODULE__Plugin", dependencies: ["__MODULE__", .product(name: "LayoutKit", package: "__IDENTITY__")]),
                .testTarget(name: "__MODULE__Tests", dependencies: [
                    "__MODULE__",
                    .product(name: "LayoutKit", package: "__IDENTITY__"),
                    .product(name: "LayoutChecker", package: "__IDENTITY__"),
                ]),
            ],
            swiftLanguageModes: [.v6]
        )

        """

    static let layout = """
        import LayoutKit

        /// A sectioned list: each section is a header (supplementary kind `header`, at item 0)
        /// followed by one full-width row per item, top to bottom.
        ///
        /// Options: `rowHeight` (44), `headerHeight` (28), `spacing` between rows (1).
        /// Prepare caches every frame, O(n); a rect query is a binary search, O(log n + k).
        /// Only a width change invalidates it.
        public final class __MODULE__Layout: LayoutPlugin {
            public static let header = "header"
            public static let info = PluginInfo(
                name: "__NAME__", version: "0.1.0", summary: "A sectioned list: a header per section, a row per item",
                kinds: [ElementKind(header, .supplementary)], options: ["rowHeight", "headerHeight", "spacing"], flipsHorizontally: true)

            let rowHeight: Double
            let headerHeight: Double
            let spacing: Double
            /// Cells and headers, each in canonical order — which is also top to bottom.
            private var cells: [LayoutAttributes] = []
            private var headers: [LayoutAttributes] = []
            /// Section s's cells are cells[sectionStarts[s] ..< sectionStarts[s + 1]].
            private var sectionStarts: [Int] = [0]
            private var width = 0.0
            public private(set) var contentSize = Size.zero

            public init(options: Options) throws(LayoutError) {
                var options = options
                rowHeight = try options.number("rowHeight", default: 44, minimum: .positive)
                headerHeight = try options.number("headerHeight", default: 28, minimum: .nonNegative)
                spacing = try options.number("spacing", default: 1, minimum: .nonNegative)
                try options.rejectUnknownKeys()
            }

            public func prepare(_ context: LayoutContext) throws(LayoutError) {
                let data = context.dataSource
                width = context.bounds.width
                cells = []
                headers = []
                sectionStarts = [0]
                var y = 0.0
                for section in 0..<data.numberOfSections {
                    try context.checkCancellation()
                    headers.append(LayoutAttributes(element: .supplementary(Self.header, section, 0),
                                                    frame: Rect(x: 0, y: y, width: width, height: headerHeight), zIndex: 1))
                    y += headerHeight
                    for item in 0..<data.numberOfItems(inSection: section) {
                        cells.append(LayoutAttributes(element: .cell(section, item), frame: Rect(x: 0, y: y, width: width, height: rowHeight)))
                        y += rowHeight + spacing
                    }
                    sectionStarts.append(cells.count)
                }
                contentSize = Size(width: width, height: y)
            }

            public func elements(in rect: Rect, into result: inout [LayoutAttributes]) {
                Self.append(cells, intersecting: rect, to: &result)
                Self.append(headers, intersecting: rect, to: &result)
            }

            /// `sorted` runs top to bottom: binary-search the first that ends below the rect's
            /// top, then take frames until one starts below its bottom.
            private static func append(_ sorted: [LayoutAttributes], intersecting rect: Rect, to result: inout [LayoutAttributes]) {
                var low = 0, high = sorted.count
                while low < high {
                    let middle = (low + high) / 2
                    if sorted[middle].frame.maxY > rect.minY { high = middle } else { low = middle + 1 }
                }
                for attributes in sorted[low...] {
                    guard attributes.frame.minY < rect.maxY else { break }
                    if attributes.frame.intersects(rect) { result.append(attributes) }
                }
            }

            public func attributes(for element: ElementID) -> LayoutAttributes? {
                let (section, item) = (element.path.section, element.path.item)
                guard section >= 0, section < headers.count else { return nil }
                switch (element.category, element.kind) {
                case (.cell, nil):
                    guard item >= 0, item < sectionStarts[section + 1] - sectionStarts[section] else { return nil }
                    return cells[sectionStarts[section] + item]
                case (.supplementary, Self.header?):
                    return item == 0 ? headers[section] : nil
                default:
                    return nil
                }
            }

            public func shouldInvalidate(forBoundsChange newBounds: Rect) -> Bool {
                newBounds.width != width
            }

            public var numberOfElements: Int? { cells.count + headers.count }
        }

        """

    static let export = """
        import LayoutKit
        import __MODULE__

        /// The one symbol the workbench looks for: the C descriptor of `__MODULE__Layout`.
        @_cdecl("workbench_plugin_descriptor")
        public func workbenchPluginDescriptor() -> UnsafeRawPointer {
            descriptor.pointer
        }

        /// Made on the first call, once.
        private let descriptor = PluginExport.descriptor(for: __MODULE__Layout.self)

        """

    static let tests = """
        import LayoutChecker
        import LayoutKit
        import Testing
        import __MODULE__

        struct __MODULE__Tests {
            static let phone = Rect(x: 0, y: 0, width: 375, height: 667)

            @Test func keepsTheLayoutContract() throws {
                let data = DataSet.sections([[1, 2, 3], [], [4, 5], [6]])
                let violations = try ContractChecker().check(__MODULE__Layout.self, data: data, bounds: Self.phone)
                #expect(violations.isEmpty, "\\(violations)")
                let tight = try ContractChecker(seed: 1).check(__MODULE__Layout.self, options: ["spacing": 0, "headerHeight": 0],
                                                             data: data, bounds: Self.phone)
                #expect(tight.isEmpty, "\\(tight)")
            }

            @Test func rowsFollowTheirSectionsHeader() throws {
                let layout = try __MODULE__Layout(options: Options())
                try layout.prepare(LayoutContext(dataSource: DataSet.sections([[1, 2], [3]]).source, bounds: Self.phone))
                // Header 0 (28), two rows (44 + 1 each), header 1 (28), then row (1, 0).
                #expect(layout.attributes(for: .cell(1, 0))?.frame == Rect(x: 0, y: 146, width: 375, height: 44))
                #expect(layout.contentSize == Size(width: 375, height: 191))
            }

            @Test func unknownOptionsAreRefused() {
                #expect(throws: LayoutError.self) { try __MODULE__Layout(options: Options(["rowHieght": 30])) }
            }
        }

        """

    static let readme = """
        # __NAME__

        A layout plugin for the Layout Workbench (__WORKBENCH__), written in Swift.

            swift build                                     # .build/debug/lib__MODULE__.so
            swift test                                      # the layout contract, in-process
            __EXECUTABLE__ check Workspaces --plugins .build/debug
            __EXECUTABLE__ run Workspaces --plugins .build/debug

        The layout is `Sources/__MODULE__/__MODULE__Layout.swift`. How to write one — the layout
        protocol, options, data, direction and the checker — is in the workbench's
        `__WORKBENCH__/docs/plugins.md`.

        """
}
