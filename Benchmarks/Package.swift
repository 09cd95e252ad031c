// swift-tools-version:6.0
import PackageDescription

/// The workbench beside general-purpose peers: Boost.Geometry's packed R-tree over the same
/// frames and viewports as the engine's own queries, in one process.
///
/// A package of its own beside the root package (swift-nio's `Benchmarks/` convention): the
/// root `swift build`, `swift test` and the README's commands never build it, so only this
/// needs Boost (Debian: `apt-get install libboost-dev`, header-only).
///
///     cd Benchmarks && swift run -c release peer-bench [--quick] [circles tree mark-sheet guide waterfall] [--json FILE]
let package = Package(
    name: "LayoutWorkbenchBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "LayoutWorkbench", path: ".."),
    ],
    targets: [
        // Compiled as the peers harness compiles its Boost figures (g++ -O2 -march=native).
        .target(name: "CBoostRTree", cxxSettings: [.unsafeFlags(["-O2", "-march=native"])]),
        .executableTarget(
            name: "peer-bench",
            dependencies: [
                "CBoostRTree",
                .product(name: "LayoutKit", package: "LayoutWorkbench"),
                .product(name: "BenchmarkSupport", package: "LayoutWorkbench"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6],
    cxxLanguageStandard: .cxx17
)
