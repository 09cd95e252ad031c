// swift-tools-version:6.0
import PackageDescription

/// Layout Workbench: a headless collection-view layout engine with run-time layout plugins.
///
/// Modules, from the bottom up:
///   CYaml, CLayoutABI            C: the system libyaml, and the plugin boundary header
///   CSystemShims                 C: Linux calls Swift cannot see (memfd, pidfd, spawn, SCM_RIGHTS), atomics
///   CAllocator                   C: the allocator settings the executable chooses (glibc malloc)
///   SourceDiagnostics            file:line:column errors with the source line and a caret
///   YAMLReader                   YAML documents (via libyaml) as node trees with marks
///   LayoutKit                    the plugin SDK: geometry, values, data sources, attributes,
///                                the layout protocol, a spatial index, and the C export adapter
///   LayoutChecker                the layout contract as executable invariants, for `workbench check`
///                                and for plugins' own tests
///   BatchUpdates                 batch updates (insert, delete, reload, move) planned and applied to data
///   FileWatching                 files watched with inotify (workspaces and their data; plugin folders)
///   WorkspaceModel               workspace files: sources and views, validated
///   PluginHost                   finding and loading plugins; the backend seam, the in-process
///                                backend, and the boundary check on every record
///   PluginIsolation              the out-of-process backend: plugin host children, their
///                                private protocol, shared memory, crash and hang handling
///   JSONOutput                   a byte-level JSON writer for attributes and values
///   Sessions                     a view's live state: layout, data, bounds, invalidation
///   SVGRenderer                  pictures of laid-out views
///   BatchRunner                  `workbench run`, and the parallel, sharded batches it shares with `check`
///   CheckRunner                  `workbench check`: the contract and snapshots over workspaces
///   PluginScaffold               `workbench new-plugin`: ready plugin packages in Swift or C
///   JSONRPC, WorkbenchServer     `workbench serve`
///   workbench                    the executable
///   workbench-soak               a long editor-like session against `workbench serve`
///   BenchmarkWorkloads, BenchmarkReport, workbench-bench
///                                the benchmark: its workloads, its figures and regression guard, the tool;
///                                Benchmarks/ (a package of its own) runs Boost's R-tree beside the engine
/// Plugins/<Name> hold the shipped layouts: a layout module and a tiny export module each.
let package = Package(
    name: "LayoutWorkbench",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "workbench", targets: ["workbench"]),
        .executable(name: "workbench-bench", targets: ["workbench-bench"]),
        .executable(name: "workbench-fuzz", targets: ["workbench-fuzz"]),
        .executable(name: "workbench-soak", targets: ["workbench-soak"]),
        .library(name: "LayoutKit", targets: ["LayoutKit"]),
        // For Benchmarks/ (a package of its own): the bench's workloads and its report.
        .library(name: "BenchmarkSupport", targets: ["BenchmarkWorkloads", "BenchmarkReport"]),
        .library(name: "LayoutChecker", targets: ["LayoutChecker"]),
        .library(name: "Circles", type: .dynamic, targets: ["CirclesPlugin"]),
        .library(name: "Tree", type: .dynamic, targets: ["TreePlugin"]),
        .library(name: "MarkSheet", type: .dynamic, targets: ["MarkSheetPlugin"]),
        .library(name: "Guide", type: .dynamic, targets: ["GuidePlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
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
        .target(name: "FileWatching"),
        .target(name: "WorkspaceModel", dependencies: ["YAMLReader", "SourceDiagnostics", "LayoutKit", "SeededRandom"]),
        .target(name: "PluginHost", dependencies: ["CLayoutABI", "CSystemShims", "LayoutKit", "BatchUpdates"]),
        .target(name: "PluginIsolation", dependencies: ["CLayoutABI", "CSystemShims", "LayoutKit", "PluginHost"]),
        .target(name: "JSONOutput", dependencies: ["LayoutKit", "NumberText"]),
        .target(name: "JSONRPC", dependencies: ["NumberText"]),
        .target(name: "Sessions", dependencies: ["LayoutKit", "PluginHost", "WorkspaceModel", "BatchUpdates"]),
        .target(name: "SVGRenderer", dependencies: ["LayoutKit", "NumberText"]),
        .target(name: "BatchRunner", dependencies: ["Sessions", "JSONOutput", "SVGRenderer", "SourceDiagnostics"]),
        .target(name: "PluginScaffold"),
        .target(name: "CheckRunner", dependencies: ["BatchRunner", "LayoutChecker", "Sessions", "JSONOutput", "JSONRPC", "SourceDiagnostics"]),
        .target(name: "WorkbenchServer", dependencies: ["JSONRPC", "JSONOutput", "Sessions", "BatchUpdates", "FileWatching", "PluginHost", "WorkspaceModel", "SourceDiagnostics", "LayoutKit"]),
        .executableTarget(
            name: "workbench",
            dependencies: [
                "BatchRunner", "CAllocator", "CheckRunner", "PluginHost", "PluginIsolation", "PluginScaffold", "WorkbenchServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "workbench-soak",
            dependencies: ["JSONRPC", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .target(name: "SeedReferences", dependencies: ["LayoutKit"]),
        // The project fuzzes itself: generated workspaces and JSON-RPC traffic through the real
        // `workbench run` and `workbench serve` (README, "Fuzzing").
        .executableTarget(name: "workbench-fuzz", dependencies: ["JSONRPC", "SeededRandom"]),
        .target(
            name: "BenchmarkWorkloads",
            dependencies: ["LayoutKit", "SeededRandom", "WorkspaceModel", "SeedReferences", "Circles", "Tree", "MarkSheet", "Guide"]
        ),
        .target(name: "BenchmarkReport", dependencies: ["JSONOutput"]),
        .executableTarget(
            name: "workbench-bench",
            dependencies: [
                "LayoutKit", "JSONOutput", "BenchmarkWorkloads", "BenchmarkReport", "SeedReferences", "PluginHost", "PluginIsolation",
                "Circles", "Tree", "Guide",
            ]
        ),

        // Layout plugins: the layout itself (testable in-process) and its C export.
        .target(name: "Circles", dependencies: ["LayoutKit"], path: "Plugins/Circles/Layout"),
        .target(name: "CirclesPlugin", dependencies: ["Circles", "LayoutKit"], path: "Plugins/Circles/Plugin"),
        .target(name: "Tree", dependencies: ["LayoutKit"], path: "Plugins/Tree/Layout"),
        .target(name: "TreePlugin", dependencies: ["Tree", "LayoutKit"], path: "Plugins/Tree/Plugin"),
        .target(name: "MarkSheet", dependencies: ["LayoutKit"], path: "Plugins/MarkSheet/Layout"),
        .target(name: "MarkSheetPlugin", dependencies: ["MarkSheet", "LayoutKit"], path: "Plugins/MarkSheet/Plugin"),
        .target(name: "Guide", dependencies: ["LayoutKit"], path: "Plugins/Guide/Layout"),
        .target(name: "GuidePlugin", dependencies: ["Guide", "LayoutKit"], path: "Plugins/Guide/Plugin"),

        .target(name: "TestSupport", dependencies: ["LayoutKit", "SeededRandom"], path: "Tests/TestSupport"),
        .testTarget(name: "YAMLReaderTests", dependencies: ["YAMLReader"]),
        .testTarget(name: "LayoutKitTests", dependencies: ["LayoutKit", "CLayoutABI", "TestSupport"]),
        .testTarget(name: "FileWatchingTests", dependencies: ["FileWatching", "TestSupport"]),
        .testTarget(name: "BatchUpdatesTests", dependencies: ["BatchUpdates", "LayoutKit", "TestSupport"]),
        .testTarget(name: "JSONOutputTests", dependencies: ["JSONOutput", "LayoutKit", "NumberText"]),
        .testTarget(name: "JSONRPCTests", dependencies: ["JSONRPC", "TestSupport"]),
        .testTarget(name: "WorkspaceModelTests", dependencies: ["WorkspaceModel", "TestSupport"]),
        .testTarget(name: "PluginHostTests", dependencies: ["PluginHost", "LayoutKit", "BatchUpdates", "Circles", "TestSupport"]),
        .testTarget(name: "CirclesTests", dependencies: ["Circles", "SeedReferences", "LayoutKit", "LayoutChecker", "TestSupport"]),
        .testTarget(name: "TreeTests", dependencies: ["Tree", "SeedReferences", "LayoutKit", "LayoutChecker", "TestSupport"]),
        .testTarget(name: "MarkSheetTests", dependencies: ["MarkSheet", "SeedReferences", "LayoutKit", "LayoutChecker", "TestSupport"]),
        .testTarget(name: "GuideTests", dependencies: ["Guide", "SeedReferences", "LayoutKit", "LayoutChecker", "TestSupport"]),
        .testTarget(name: "LayoutCheckerTests", dependencies: ["LayoutChecker", "LayoutKit", "Circles", "Tree", "MarkSheet", "Guide", "TestSupport"]),
        .testTarget(name: "BatchRunnerTests", dependencies: ["BatchRunner", "TestSupport", "PluginHost", "WorkspaceModel", "LayoutKit"]),
        .testTarget(name: "PluginScaffoldTests", dependencies: ["PluginScaffold", "TestSupport"]),
        .testTarget(name: "PluginIsolationTests", dependencies: ["PluginIsolation", "PluginHost", "BatchUpdates", "LayoutKit", "CLayoutABI", "TestSupport"]),
        .testTarget(name: "BenchmarkReportTests", dependencies: ["BenchmarkReport"]),
        .testTarget(name: "EndToEndTests", dependencies: ["TestSupport", "LayoutKit", "BatchUpdates", "SeedReferences"], exclude: ["Fixtures"]),
    ],
    swiftLanguageModes: [.v6]
)
