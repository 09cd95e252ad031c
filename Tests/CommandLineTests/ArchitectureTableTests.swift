import Foundation
import TestSupport
import Testing

/// docs/architecture.md's module table names exactly the package's modules: a module added,
/// renamed or removed without its row fails here.
struct ArchitectureTableTests {
    let root = BuildProducts.repositoryRoot

    /// The first column's module names (`A`, `B`) of the table under "## Modules".
    func documentedModules() throws -> Set<String> {
        let page = try String(contentsOfFile: root + "/docs/architecture.md", encoding: .utf8)
        let section = try #require(page.components(separatedBy: "## Modules").dropFirst().first)
        let rows = section.split(separator: "\n").filter { $0.hasPrefix("| `") }
        let firstColumns = rows.map { $0.split(separator: "|")[0] }
        return Set(
            firstColumns.flatMap { column in
                column.split(separator: "`").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
            })
    }

    /// Every module the package builds outside the plugins: a folder under Sources/, and a
    /// target Package.swift places under Tests/ that is not a test target.
    func packageModules() throws -> Set<String> {
        let sources = try FileManager.default.contentsOfDirectory(atPath: root + "/Sources")
            .filter { !$0.hasPrefix(".") }
        let manifest = try String(contentsOfFile: root + "/Package.swift", encoding: .utf8)
        // `.target(name: "X", …, path: "Tests/…")`, on one line or several, before the next target.
        let supportTarget = try Regex(
            #"\.target\(\s*name: "([^"]+)"(?:(?!\.(?:target|testTarget)\()[\s\S])*?path: "Tests/"#)
        let support = manifest.matches(of: supportTarget).map { String(manifest[$0.output[1].range!]) }
        return Set(sources + support)
    }

    @Test func theModuleTableListsExactlyThePackagesModules() throws {
        let documented = try documentedModules(), modules = try packageModules()
        // Folders with rows of their own: the plugins and the tools' package.
        let folders = Set(documented.filter { $0.contains("/") })
        #expect(folders == ["Plugins/<Name>", "Benchmarks/"])
        let named = documented.subtracting(folders)
        #expect(
            named == modules,
            "in the table only: \(named.subtracting(modules).sorted()); in the package only: \(modules.subtracting(named).sorted())"
        )
    }

    @Test func thePluginsRowNamesEveryShippedLayout() throws {
        let page = try String(contentsOfFile: root + "/docs/architecture.md", encoding: .utf8)
        let row = try #require(page.split(separator: "\n").first { $0.hasPrefix("| `Plugins/<Name>`") })
        let layouts = try FileManager.default.contentsOfDirectory(atPath: root + "/Plugins")
            .filter { !$0.hasPrefix(".") }
        #expect(layouts.count >= 7)
        for layout in layouts { #expect(row.contains("`\(layout)`"), "the Plugins row does not name \(layout)") }
    }
}
