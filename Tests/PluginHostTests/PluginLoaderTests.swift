import Foundation
import LayoutKit
import PluginHost
import TestSupport
import Testing

struct PluginLoaderTests {
    @Test func theBuiltCirclesPluginLoadsWithItsDescription() throws {
        let plugin = try PluginLoader.load(path: BuildProducts.library("Circles"))
        #expect(plugin.name == "circles")
        #expect(plugin.version == "1.0.0")
        #expect(plugin.options == ["insets", "step", "spacing", "predecessors"])
        #expect(plugin.kinds.isEmpty)
    }

    @Test func aFileThatIsNotALibraryIsRefusedWithTheLoadersReason() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("libjunk.so", "this is not an ELF file")
        #expect {
            try PluginLoader.load(path: path)
        } throws: { error in
            guard case .notALibrary(let refused, let reason) = error as? PluginError else { return false }
            return refused == path && reason.contains("libjunk.so")
        }
    }

    @Test func aLibraryWithoutTheEntryPointIsNotAPlugin() throws {
        let folder = try TemporaryFolder()
        let path = try CFixtures.build(CFixtures.noEntryPoint, named: "plain", in: folder)
        #expect(throws: PluginError.notAPlugin(path: path)) { try PluginLoader.load(path: path) }
        #expect(
            PluginError.notAPlugin(path: path).description
                == "\(path): not a workbench plugin (no 'workbench_plugin_descriptor' symbol)")
    }

    @Test func aPluginOfAnotherABIVersionIsRefusedBeforeAnythingElse() throws {
        let folder = try TemporaryFolder()
        let path = try CFixtures.build(CFixtures.wrongABIVersion, named: "future", in: folder)
        let expected = PluginError.abiMismatch(
            path: path, found: PluginLoader.abiVersion + 1, expected: PluginLoader.abiVersion)
        #expect(throws: expected) { try PluginLoader.load(path: path) }
        #expect(
            expected.description
                == "\(path): plugin ABI version 3, but this workbench speaks version 2; rebuild the plugin against this workbench's LayoutKit"
        )
    }

    @Test func versionOnePluginsAreRefusedWithTheReason() throws {
        let folder = try TemporaryFolder()
        let path = try CFixtures.build(CFixtures.versionOne, named: "old", in: folder)
        #expect(throws: PluginError.abiMismatch(path: path, found: 1, expected: 2)) {
            try PluginLoader.load(path: path)
        }
    }

    @Test func aNewerMinorVersionIsRefusedAndAShortDescriptorIsInvalid() throws {
        let folder = try TemporaryFolder()
        let newer = try CFixtures.build(CFixtures.newerMinor, named: "newer", in: folder)
        let expected = PluginError.abiMinorTooNew(
            path: newer, major: 2, found: PluginLoader.abiMinorVersion + 1, supported: PluginLoader.abiMinorVersion)
        #expect(throws: expected) { try PluginLoader.load(path: newer) }
        #expect(
            expected.description
                == "\(newer): plugin ABI version 2.\(PluginLoader.abiMinorVersion + 1), newer than this workbench's 2.\(PluginLoader.abiMinorVersion); update the workbench or rebuild the plugin against its LayoutKit"
        )
        let short = try CFixtures.build(CFixtures.shortDescriptor, named: "short", in: folder)
        #expect(
            throws: PluginError.invalidDescriptor(
                path: short, reason: "descriptor_size 16 is smaller than version 2.0's 96 bytes")
        ) {
            try PluginLoader.load(path: short)
        }
    }

    @Test func aDescriptorWithoutFunctionsIsRefused() throws {
        let folder = try TemporaryFolder()
        let path = try CFixtures.build(CFixtures.emptyDescriptor, named: "hollow", in: folder)
        #expect(throws: PluginError.invalidDescriptor(path: path, reason: "no function table")) {
            try PluginLoader.load(path: path)
        }
    }

    @Test func discoveryLoadsTheFirstOfANameAndRecordsEveryRefusal() throws {
        let first = try TemporaryFolder(), second = try TemporaryFolder()
        let original = BuildProducts.library("Circles")
        let copy1 = first.path + "/libCircles.so", copy2 = second.path + "/libCirclesCopy.so"
        try FileManager.default.copyItem(atPath: original, toPath: copy1)
        try FileManager.default.copyItem(atPath: original, toPath: copy2)
        let future = try CFixtures.build(CFixtures.wrongABIVersion, named: "future", in: second)
        try second.write("README.txt", "not a library, not even a candidate")

        let registry = PluginRegistry.discover(in: [first.path, second.path, "/nonexistent"])
        #expect(registry.plugins.keys.sorted() == ["circles"])
        #expect(registry.plugins["circles"]?.path == copy1)
        #expect(
            registry.refusals == [
                .duplicateName(name: "circles", path: copy2, loadedFrom: copy1),
                .abiMismatch(path: future, found: 3, expected: 2),
            ])
        #expect(throws: PluginError.notFound(name: "circle", available: ["circles"])) {
            try registry.plugin(named: "circle")
        }
        #expect(
            PluginError.notFound(name: "circle", available: ["circles"]).description
                == "no layout plugin named 'circle' (did you mean 'circles'?) (available: circles)")
    }

    @Test func theSearchPathIsExplicitThenEnvironmentThenExecutableFolder() {
        let path = PluginRegistry.searchPath(
            explicit: ["a", "b"], environment: ["WORKBENCH_PLUGIN_PATH": "c:d::"],
            executableDirectory: "e")
        #expect(path == ["a", "b", "c", "d", "e"])
    }
}
