// swift-tools-version:6.0
import PackageDescription

/// The project's tools, a package of their own beside the root package (swift-nio's
/// `Benchmarks/` convention): the root `swift build`, `swift test` and the README's commands
/// never build them, and only this package needs Boost (Debian: `apt-get install libboost-dev`,
/// header-only). They use the root package through its library products, as any client would,
/// and drive the root's own build of `workbench` (`--workbench PATH` to choose another).
///
///   workbench-bench      the engine beside the seeds' algorithms, in process and through
///                        `workbench run`, `serve` and `preview`; the regression guard
///   peer-bench           the engine beside Boost.Geometry's packed R-tree, on the same frames
///   workbench-fuzz       generated workspaces and JSON-RPC traffic through the real `run` and `serve`
///   workbench-soak       a long editor-like session against `workbench serve`, memory sampled
///
/// Modules:
///   ServeClient          `workbench serve` as a child over pipes: framed requests, replies read and
///                        timed, the child's ending; where the workbench to drive is
///   BenchmarkWorkloads   the benchmarks' workloads (data, bounds, engine and reference) and viewports
///   BenchmarkReport      the benchmarks' figures, targets, timing helpers and regression guard
///   CBoostRTree          Boost.Geometry's R-tree behind a small C interface
///
///     swift build -c release --disable-build-manifest-caching
///     .build/release/workbench-bench --quick --baseline baseline-quick.json
let package = Package(
    name: "LayoutWorkbenchTools",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "workbench-bench", targets: ["workbench-bench"]),
        .executable(name: "peer-bench", targets: ["peer-bench"]),
        .executable(name: "workbench-fuzz", targets: ["workbench-fuzz"]),
        .executable(name: "workbench-soak", targets: ["workbench-soak"]),
    ],
    dependencies: [
        .package(name: "LayoutWorkbench", path: ".."),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        .target(name: "ServeClient"),
        .target(
            name: "BenchmarkWorkloads",
            dependencies: [
                .product(name: "LayoutKit", package: "LayoutWorkbench"),
                .product(name: "WorkbenchEngine", package: "LayoutWorkbench"),
                .product(name: "BundledLayouts", package: "LayoutWorkbench"),
                .product(name: "ReferenceLayouts", package: "LayoutWorkbench"),
            ]
        ),
        .target(name: "BenchmarkReport", dependencies: [.product(name: "WorkbenchEngine", package: "LayoutWorkbench")]),
        .executableTarget(
            name: "workbench-bench",
            dependencies: [
                "BenchmarkWorkloads", "BenchmarkReport", "ServeClient",
                .product(name: "LayoutKit", package: "LayoutWorkbench"),
                .product(name: "WorkbenchEngine", package: "LayoutWorkbench"),
                .product(name: "BundledLayouts", package: "LayoutWorkbench"),
                .product(name: "ReferenceLayouts", package: "LayoutWorkbench"),
            ]
        ),
        // Compiled as the peers harness compiles its Boost figures (g++ -O2 -march=native).
        .target(name: "CBoostRTree", cxxSettings: [.unsafeFlags(["-O2", "-march=native"])]),
        .executableTarget(
            name: "peer-bench",
            dependencies: ["CBoostRTree", "BenchmarkWorkloads", "BenchmarkReport", .product(name: "LayoutKit", package: "LayoutWorkbench")]
        ),
        // The project fuzzes itself (docs/reliability.md, "Fuzzing").
        .executableTarget(
            name: "workbench-fuzz", dependencies: ["ServeClient", .product(name: "WorkbenchEngine", package: "LayoutWorkbench")]
        ),
        .executableTarget(
            name: "workbench-soak",
            dependencies: [
                "ServeClient",
                .product(name: "WorkbenchEngine", package: "LayoutWorkbench"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        .testTarget(name: "ServeClientTests", dependencies: ["ServeClient"]),
        .testTarget(name: "BenchmarkReportTests", dependencies: ["BenchmarkReport"]),
        // A brief seeded fuzz run against the root's build of `workbench`.
        .testTarget(name: "FuzzTests", dependencies: ["workbench-fuzz", "ServeClient"]),
    ],
    swiftLanguageModes: [.v6],
    cxxLanguageStandard: .cxx17
)
