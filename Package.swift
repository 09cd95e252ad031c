// swift-tools-version:6.0
import PackageDescription

/// Layout Workbench: a headless collection-view layout engine with run-time layout plugins.
///
/// Modules, from the bottom up:
///   CYaml, CLayoutABI            C: the system libyaml, and the plugin boundary header
///   CSystemShims                 C: Linux calls Swift cannot see (memfd, pidfd, spawn, SCM_RIGHTS), atomics
///   CAllocator                   C: the allocator settings the executable chooses (glibc malloc)
///   Platform                     the C library's module (Glibc or Darwin) in one place, and the choice of
///                                portable calls (WORKBENCH_PORTABLE=1; always on Darwin)
///   SourceDiagnostics            file:line:column errors with the source line and a caret
///   NumberText                   numbers as text: integral values as integers (JSON, SVG, messages)
///   YAMLReader                   YAML documents (via libyaml) as node trees with marks
///   JSON                         JSON values, a strict parser, and a byte-level writer
///   LayoutKit                    the plugin SDK: geometry, values, data sources, attributes,
///                                the layout protocol, a spatial index, and the C export adapter
///   LayoutChecker                the layout contract as executable invariants, for `workbench check`
///                                and for plugins' own tests
///   BatchUpdates                 batch updates (insert, delete, reload, move) planned and applied to data
///   FileWatching                 files watched with inotify (workspaces and their data; plugin folders)
///   DescriptorIO                 whole writes and retried reads on file descriptors
///   WorkspaceModel               workspace files: sources and views, validated
///   PluginHost                   finding and loading plugins; the backend seam, the in-process
///                                backend, and the boundary check on every record
///   PluginIsolation              the out-of-process backend: plugin processes, their
///                                private protocol, shared memory, crash and hang handling
///   JSONOutput                   the layout's JSON: attributes, values and geometry through the writer
///   Sessions                     a view's live state: layout, data, bounds, invalidation
///   SVGRenderer                  pictures of laid-out views
///   CCairo, CPango, PNGRenderer  PNG pictures, drawn with the system cairo, labels set by Pango (`run --png`, MCP images)
///   CGraphicsLoader              C: on Linux, cairo and Pango opened (`dlopen`) at the first picture, not at process start
///   ParallelWork                 numbered work on several threads, results in order (`run` and `check`)
///   WorkspaceBatch               the views of a batch of workspace files, its shards (`run` and `check`)
///   BatchRunner                  `workbench run`: views laid out, written as JSON, and their pictures
///   ContractCheck                a workspace view checked against the contract through its plugin
///                                (`check`, `serve`, `mcp`)
///   CheckRunner                  `workbench check`: the contract and snapshots over workspaces
///   PluginScaffold               `workbench new-plugin`: ready plugin packages in Swift or C
///   JSONRPC                      the JSON-RPC transport: framing, the read loop, requests, replies, batches
///                                and their order, errors, framed output (one copy for serve, preview and mcp)
///   EngineProtocol               the engine's methods as values: each request with its params and its Response
///   RequestParams                a request's params read as values (numbers by `NumberRule`), with located
///                                -32602 errors (the engine's and the language service's methods)
///   LanguageService              `workbench serve`'s LSP side: workspace files as an editor sees them (positions,
///                                diagnostics, completion, hover, definitions, symbols, code lenses), the open
///                                documents, and the document methods, which reach the engine through `LanguageHost`
///   WorkbenchEngine              the engine: every method, its queues and lanes, watching, the language service's
///                                host; `EngineConnection` (JSON-RPC messages: serve, preview) and the typed
///                                in-process `EngineClient`
///   MCPServer                    `workbench mcp`: the Model Context Protocol over the engine's in-process client
///   PreviewServer                `workbench preview`: the page (built in by EmbedPageFiles) over HTTP, and the
///                                same JSON-RPC server over a WebSocket (SwiftNIO)
///   workbench                    the executable
///   ReferenceLayouts             the seed documents' own layout algorithms, kept faithful, for tests and benchmarks
///                                (in Tests/, beside the tests that use them)
/// Plugins/<Name> hold the shipped layouts: a layout module and a tiny export module each — the seeds' four,
/// the waterfall, and UIKit's flow and compositional layouts.
///
/// The project's tools — workbench-bench, peer-bench, workbench-fuzz, workbench-soak — are a package of
/// their own, Benchmarks/, built on the library products below like any other client of them.
let package = Package(
    name: "LayoutWorkbench",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "workbench", targets: ["workbench"]),
        // The plugin SDK, and the layout contract as executable invariants for plugins' own tests.
        .library(name: "LayoutKit", targets: ["LayoutKit"]),
        .library(name: "LayoutChecker", targets: ["LayoutChecker"]),
        // The engine, for a program that embeds it (with LayoutKit): the engine itself with its typed
        // in-process client (`EngineClient`) and its transport (JSONRPC), a view's live state (sessions),
        // plugins found, loaded and run in process or in plugin processes, workspace files and their
        // data (`generate:` data comes from SeededRandom's generator, so the same seed makes the same
        // data anywhere), batch updates, and JSON values, parsing and the layout's JSON output.
        .library(
            name: "WorkbenchEngine",
            targets: [
                "WorkbenchEngine", "EngineProtocol", "JSONRPC", "Sessions", "PluginHost", "PluginIsolation", "WorkspaceModel", "BatchUpdates", "JSON", "JSONOutput",
                "SeededRandom",
            ]
        ),
        // The seven shipped layouts as Swift modules, to use in process without loading a plugin
        // (the dynamic products below are the same layouts as plugins).
        .library(name: "BundledLayouts", targets: ["Circles", "Tree", "MarkSheet", "Guide", "Waterfall", "Flow", "Compositional"]),
        // The seed documents' own algorithms, kept faithful: what a layout's frames and speed are
        // compared with (the layouts' tests here, the benchmarks in Benchmarks/).
        .library(name: "ReferenceLayouts", targets: ["ReferenceLayouts"]),
        .library(name: "Circles", type: .dynamic, targets: ["CirclesPlugin"]),
        .library(name: "Tree", type: .dynamic, targets: ["TreePlugin"]),
        .library(name: "MarkSheet", type: .dynamic, targets: ["MarkSheetPlugin"]),
        .library(name: "Guide", type: .dynamic, targets: ["GuidePlugin"]),
        .library(name: "Waterfall", type: .dynamic, targets: ["WaterfallPlugin"]),
        .library(name: "Flow", type: .dynamic, targets: ["FlowPlugin"]),
        .library(name: "Compositional", type: .dynamic, targets: ["CompositionalPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // `workbench preview`: HTTP and WebSocket on SwiftNIO alone (docs/preview.md says why).
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    ],
    targets: [
        .systemLibrary(
            name: "CYaml",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        .target(name: "CLayoutABI"),
        .target(name: "CSystemShims"),
        .target(name: "CAllocator"),
        // The C library's module (Glibc or Darwin) and the choice of portable calls (issue 27).
        .target(name: "Platform"),
        .target(name: "SourceDiagnostics"),
        .target(name: "NumberText"),
        .target(name: "SeededRandom"),
        .target(name: "YAMLReader", dependencies: ["CYaml", "SourceDiagnostics"]),
        .target(
            name: "LayoutKit", dependencies: ["CLayoutABI", "NumberText"],
            linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]
        ),
        .target(name: "LayoutChecker", dependencies: ["LayoutKit", "SeededRandom"]),
        .target(name: "BatchUpdates", dependencies: ["LayoutKit"]),
        .target(name: "FileWatching", dependencies: ["CSystemShims", "Platform"]),
        .target(name: "DescriptorIO", dependencies: ["Platform"]),
        .target(name: "WorkspaceModel", dependencies: ["YAMLReader", "SourceDiagnostics", "LayoutKit", "SeededRandom"]),
        .target(name: "PluginHost", dependencies: ["CLayoutABI", "CSystemShims", "DescriptorIO", "LayoutKit", "BatchUpdates", "Platform"]),
        .target(name: "PluginIsolation", dependencies: ["BatchUpdates", "CLayoutABI", "CSystemShims", "DescriptorIO", "LayoutKit", "PluginHost", "Platform"]),
        .target(name: "JSON", dependencies: ["NumberText"]),
        .target(name: "JSONOutput", dependencies: ["JSON", "LayoutKit", "NumberText"]),
        .target(name: "JSONRPC", dependencies: ["DescriptorIO", "JSON", "NumberText"]),
        // Reading a request's params: JSON-RPC's errors, LayoutKit's number rules and geometry.
        .target(name: "RequestParams", dependencies: ["JSON", "JSONRPC", "LayoutKit"]),
        // The engine's protocol: one type per method, its params and its answer (issue 38).
        .target(name: "EngineProtocol", dependencies: ["BatchUpdates", "JSON", "JSONOutput", "JSONRPC", "LayoutKit", "RequestParams"]),
        .target(name: "Sessions", dependencies: ["LayoutKit", "JSON", "JSONOutput", "PluginHost", "WorkspaceModel", "BatchUpdates", "SourceDiagnostics"]),
        .target(name: "SVGRenderer", dependencies: ["LayoutKit", "NumberText"]),
        // PNG pictures (`run --png`, MCP images): cairo through Debian's libcairo2-dev.
        .systemLibrary(
            name: "CCairo", pkgConfig: graphicsHeaders("cairo", in: "CCairo"), providers: [.apt(["libcairo2-dev"]), .brew(["cairo"])]),
        // Labels in PNG pictures: shaped (HarfBuzz), bidirectional and with font fallback, by Pango
        // through Debian's libpango1.0-dev.
        .systemLibrary(
            name: "CPango", pkgConfig: graphicsHeaders("pangocairo", in: "CPango"), providers: [.apt(["libpango1.0-dev"]), .brew(["pango"])]),
        // On Linux, cairo's and Pango's functions as stubs that open the libraries at the first picture.
        .target(name: "CGraphicsLoader", dependencies: ["CCairo", "CPango"]),
        .target(
            name: "PNGRenderer",
            dependencies: ["CCairo", "CPango", .target(name: "CGraphicsLoader", condition: .when(platforms: [.linux])), "LayoutKit", "SVGRenderer"]),
        // What `run` and `check` share, drawing nothing: numbered work in order, the views of a batch.
        .target(name: "ParallelWork"),
        .target(name: "WorkspaceBatch", dependencies: ["WorkspaceModel", "SourceDiagnostics"]),
        .target(
            name: "BatchRunner",
            dependencies: ["Sessions", "JSON", "JSONOutput", "LayoutKit", "PluginHost", "SVGRenderer", "PNGRenderer", "SourceDiagnostics", "ParallelWork", "WorkspaceBatch",
                           "WorkspaceModel", "Platform"]
        ),
        .target(name: "PluginScaffold"),
        // The contract on a workspace's view through its plugin: for `check`, `serve` and `mcp` (no pictures, no command).
        .target(name: "ContractCheck", dependencies: ["LayoutChecker", "LayoutKit", "PluginHost", "Sessions", "BatchUpdates", "SourceDiagnostics", "WorkspaceModel"]),
        .target(
            name: "CheckRunner",
            dependencies: ["ContractCheck", "ParallelWork", "WorkspaceBatch", "Sessions", "JSON", "JSONOutput", "LayoutKit", "SourceDiagnostics", "WorkspaceModel"]
        ),
        // The engine: requests in, results and notifications out; `EngineConnection` (serve, preview) and the in-process `EngineClient` (mcp, tests).
        .target(name: "WorkbenchEngine", dependencies: ["JSON", "JSONRPC", "JSONOutput", "Sessions", "BatchUpdates", "FileWatching", "PluginHost", "WorkspaceModel", "SourceDiagnostics", "LayoutKit",
                                                        "LanguageService", "RequestParams", "ContractCheck", "LayoutChecker", "EngineProtocol"]),
        // `workbench serve` as a language server for workspace files: the documents and their methods, hosted by the engine.
        .target(
            name: "LanguageService",
            dependencies: ["FileWatching", "JSON", "JSONRPC", "LayoutChecker", "LayoutKit", "PluginHost", "RequestParams", "SourceDiagnostics",
                           "WorkspaceModel", "YAMLReader"]
        ),
        // `workbench mcp`: the Model Context Protocol for coding agents, over the same engine as `serve`.
        .target(
            name: "MCPServer",
            dependencies: ["JSON", "JSONOutput", "JSONRPC", "LayoutKit", "PluginHost", "PluginScaffold", "PNGRenderer", "SVGRenderer", "WorkbenchEngine",
                           "EngineProtocol"]
        ),
        // `workbench preview`: the page and the WebSocket transport of the same server.
        .target(
            name: "PreviewServer",
            dependencies: [
                "WorkbenchEngine", "JSONRPC", "JSON", "JSONOutput", "PluginHost",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
            ],
            exclude: ["Web"],
            // The page's files are built into the executable (issue 27: a copied binary needs no resource folder).
            plugins: ["EmbedPageFiles"]
        ),
        // Sources/PreviewServer/Web/* as a generated Swift file at build time (Plugins/ holds layout plugins, so a path of its own).
        .plugin(name: "EmbedPageFiles", capability: .buildTool(), dependencies: ["page-files-embedder"], path: "Sources/EmbedPageFiles"),
        .executableTarget(name: "page-files-embedder", path: "Sources/page-files-embedder"),
        .executableTarget(
            name: "workbench",
            dependencies: [
                "BatchRunner", "CAllocator", "CheckRunner", "CLayoutABI", "DescriptorIO", "LayoutKit", "JSONRPC", "MCPServer", "PluginHost", "PluginIsolation", "PluginScaffold", "WorkbenchEngine",
                "PreviewServer", "ContractCheck", "LayoutChecker", "WorkspaceBatch",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The seeds' own algorithms beside the tests that compare the layouts with them (a library product for Benchmarks/).
        .target(name: "ReferenceLayouts", dependencies: ["LayoutKit"], path: "Tests/ReferenceLayouts"),

        // Layout plugins: the layout itself (testable in-process) and its C export.
        .target(name: "Circles", dependencies: ["LayoutKit"], path: "Plugins/Circles/Layout"),
        .target(name: "CirclesPlugin", dependencies: ["Circles", "LayoutKit"], path: "Plugins/Circles/Plugin"),
        .target(name: "Tree", dependencies: ["LayoutKit"], path: "Plugins/Tree/Layout"),
        .target(name: "TreePlugin", dependencies: ["Tree", "LayoutKit"], path: "Plugins/Tree/Plugin"),
        .target(name: "MarkSheet", dependencies: ["LayoutKit"], path: "Plugins/MarkSheet/Layout"),
        .target(name: "MarkSheetPlugin", dependencies: ["MarkSheet", "LayoutKit"], path: "Plugins/MarkSheet/Plugin"),
        .target(name: "Guide", dependencies: ["LayoutKit"], path: "Plugins/Guide/Layout"),
        .target(name: "GuidePlugin", dependencies: ["Guide", "LayoutKit"], path: "Plugins/Guide/Plugin"),

        // The fifth plugin, waterfall (issue 19), written as an outside author would: LayoutKit only.
        .target(name: "Waterfall", dependencies: ["LayoutKit"], path: "Plugins/Waterfall/Layout"),
        .target(name: "WaterfallPlugin", dependencies: ["Waterfall", "LayoutKit"], path: "Plugins/Waterfall/Plugin"),
        .testTarget(name: "WaterfallTests", dependencies: ["Waterfall", "LayoutKit", "LayoutChecker", "TestSupport"]),

        // UIKit's own layouts, headless and exact (issue 37; the contracts in shared/contracts/): LayoutKit only.
        .target(name: "Flow", dependencies: ["LayoutKit"], path: "Plugins/Flow/Layout"),
        .target(name: "FlowPlugin", dependencies: ["Flow", "LayoutKit"], path: "Plugins/Flow/Plugin"),
        .testTarget(name: "FlowTests", dependencies: ["Flow", "LayoutKit", "ReferenceLayouts", "SeededRandom"]),
        .target(name: "Compositional", dependencies: ["LayoutKit"], path: "Plugins/Compositional/Layout"),
        .target(name: "CompositionalPlugin", dependencies: ["Compositional", "LayoutKit"], path: "Plugins/Compositional/Plugin"),
        .testTarget(name: "CompositionalTests", dependencies: ["Compositional", "LayoutKit", "ReferenceLayouts", "SeededRandom"]),

        .target(
            name: "TestSupport",
            dependencies: ["LayoutKit", "PluginHost", "PluginIsolation", "SeededRandom", "WorkbenchEngine", "JSON", "JSONRPC"], path: "Tests/TestSupport", exclude: ["Fixtures"]),
        .testTarget(name: "YAMLReaderTests", dependencies: ["YAMLReader", "SourceDiagnostics"]),
        .testTarget(name: "LayoutKitTests", dependencies: ["LayoutKit", "CLayoutABI", "TestSupport"]),
        .testTarget(name: "FileWatchingTests", dependencies: ["FileWatching", "TestSupport"]),
        .testTarget(name: "DescriptorIOTests", dependencies: ["DescriptorIO"]),
        .testTarget(name: "BatchUpdatesTests", dependencies: ["BatchUpdates", "LayoutKit", "TestSupport"]),
        .testTarget(name: "JSONTests", dependencies: ["JSON", "TestSupport"]),
        .testTarget(name: "JSONOutputTests", dependencies: ["JSON", "JSONOutput", "LayoutKit", "NumberText"]),
        .testTarget(name: "JSONRPCTests", dependencies: ["JSONRPC", "JSON"]),
        .testTarget(name: "RequestParamsTests", dependencies: ["RequestParams", "JSONRPC", "JSON", "LayoutKit"]),
        // The smallest modules' rules: SeededRandom's sequence and NumberText's whole numbers.
        .testTarget(name: "FoundationsTests", dependencies: ["SeededRandom", "NumberText"]),
        .testTarget(name: "ParallelWorkTests", dependencies: ["ParallelWork"]),
        .testTarget(name: "WorkspaceBatchTests", dependencies: ["WorkspaceBatch"]),
        .testTarget(name: "ContractCheckTests", dependencies: ["ContractCheck", "LayoutChecker", "LayoutKit", "SourceDiagnostics", "WorkspaceModel", "TestSupport"]),
        .testTarget(name: "CheckRunnerTests", dependencies: ["CheckRunner"]),
        .testTarget(name: "MCPServerTests", dependencies: ["MCPServer", "WorkbenchEngine", "EngineProtocol", "JSONRPC", "JSON", "TestSupport"]),
        .testTarget(
            name: "WorkbenchEngineTests",
            dependencies: ["WorkbenchEngine", "EngineProtocol", "JSONRPC", "JSON", "LayoutKit", "PluginHost", "Sessions", "WorkspaceModel", "TestSupport"]),
        .testTarget(name: "WorkspaceModelTests", dependencies: ["WorkspaceModel", "LayoutKit", "SourceDiagnostics", "TestSupport"]),
        .testTarget(name: "PluginHostTests", dependencies: ["PluginHost", "LayoutKit", "BatchUpdates", "Circles", "TestSupport"]),
        .testTarget(name: "CirclesTests", dependencies: ["Circles", "ReferenceLayouts", "LayoutKit", "LayoutChecker", "TestSupport"]),
        .testTarget(name: "TreeTests", dependencies: ["Tree", "ReferenceLayouts", "LayoutKit", "LayoutChecker", "TestSupport"]),
        .testTarget(name: "MarkSheetTests", dependencies: ["MarkSheet", "ReferenceLayouts", "LayoutKit", "LayoutChecker", "TestSupport"]),
        .testTarget(name: "GuideTests", dependencies: ["Guide", "ReferenceLayouts", "LayoutKit", "LayoutChecker", "TestSupport"]),
        .testTarget(name: "LayoutCheckerTests", dependencies: ["LayoutChecker", "LayoutKit", "Circles", "Tree", "MarkSheet", "Guide", "TestSupport"]),
        .testTarget(name: "PNGRendererTests", dependencies: ["PNGRenderer", "SVGRenderer", "LayoutKit"]),
        .testTarget(
            name: "SessionsTests", dependencies: ["Sessions", "BatchUpdates", "LayoutKit", "PluginHost", "WorkspaceModel", "TestSupport"]
        ),
        .testTarget(name: "BatchRunnerTests", dependencies: ["BatchRunner", "WorkspaceBatch", "TestSupport", "PluginHost", "WorkspaceModel", "LayoutKit"]),
        .testTarget(name: "PluginScaffoldTests", dependencies: ["PluginScaffold", "TestSupport"]),
        .testTarget(name: "PluginIsolationTests", dependencies: ["PluginIsolation", "PluginHost", "BatchUpdates", "LayoutKit", "CLayoutABI", "Platform", "TestSupport"]),
        .testTarget(
            name: "LanguageServiceTests",
            dependencies: ["LanguageService", "LayoutChecker", "RequestParams", "WorkspaceModel", "PluginHost", "JSON", "SourceDiagnostics", "TestSupport"]
        ),
        .testTarget(name: "PreviewServerTests", dependencies: ["PreviewServer", "TestSupport"]),
        .testTarget(name: "SVGRendererTests", dependencies: ["SVGRenderer", "LayoutKit"]),
        .testTarget(name: "SourceDiagnosticsTests", dependencies: ["SourceDiagnostics"]),
        // End to end: the real `workbench` spawned on real files and pipes, a target per front end or concern
        // (C fixtures in Tests/TestSupport/Fixtures).
        .testTarget(name: "RunCommandTests", dependencies: ["TestSupport"]),
        .testTarget(name: "CheckCommandTests", dependencies: ["TestSupport"]),
        .testTarget(name: "ServeProtocolTests", dependencies: ["TestSupport"]),
        .testTarget(name: "ServeLayoutChangeTests", dependencies: ["TestSupport", "LayoutKit", "BatchUpdates", "ReferenceLayouts"]),
        .testTarget(name: "ServeLiveEditingTests", dependencies: ["TestSupport"]),
        .testTarget(name: "LanguageServerClientTests", dependencies: ["TestSupport"]),
        .testTarget(name: "MCPCommandTests", dependencies: ["TestSupport"]),
        .testTarget(name: "NewPluginCommandTests", dependencies: ["TestSupport"]),
        .testTarget(name: "PluginProcessTests", dependencies: ["TestSupport"]),
        .testTarget(name: "PluginABITests", dependencies: ["TestSupport"]),
        .testTarget(name: "CommandLineTests", dependencies: ["TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)

/// The pkg-config module a cairo or Pango target's headers come from. On Linux, `<module>-headers.pc`
/// beside its module map: `module`'s compiler flags without its libraries (`Requires.private`), so
/// the workbench does not link them and `CGraphicsLoader` opens them at the first picture. On macOS,
/// `module` itself: linked as usual.
func graphicsHeaders(_ module: String, in target: String) -> String {
    #if os(Linux)
        return "\(Context.packageDirectory)/Sources/\(target)/\(module)-headers.pc"
    #else
        return module
    #endif
}
