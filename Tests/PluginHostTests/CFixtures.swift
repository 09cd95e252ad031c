import Foundation
import TestSupport

/// Small C libraries compiled with the system's `cc` against the real ABI header: a plugin
/// of another ABI version, one with an empty descriptor, and a library with no entry point.
enum CFixtures {
    static let wrongABIVersion = """
        #include "workbench_layout.h"
        static const wb_plugin_descriptor descriptor = { .abi_version = WB_ABI_VERSION + 1, .name = "future" };
        const wb_plugin_descriptor *workbench_plugin_descriptor(void) { return &descriptor; }
        """

    static let emptyDescriptor = """
        #include "workbench_layout.h"
        static const wb_plugin_descriptor descriptor = { WB_PLUGIN_DESCRIPTOR_HEADER, .name = "hollow" };
        const wb_plugin_descriptor *workbench_plugin_descriptor(void) { return &descriptor; }
        """

    /// A version-1 plugin: its descriptor began with the major version, then a reserved word.
    static let versionOne = """
        #include <stdint.h>
        static const struct { uint32_t abi_version, reserved; const char *name; } descriptor = { 1, 0, "old" };
        const void *workbench_plugin_descriptor(void) { return &descriptor; }
        """

    /// A plugin of this major version but a newer minor one than the host knows.
    static let newerMinor = """
        #include "workbench_layout.h"
        static const wb_plugin_descriptor descriptor = { WB_PLUGIN_DESCRIPTOR_HEADER, .abi_minor_version = WB_ABI_MINOR_VERSION + 1, .name = "newer" };
        const wb_plugin_descriptor *workbench_plugin_descriptor(void) { return &descriptor; }
        """

    /// A descriptor that says it is shorter than version 2.0's.
    static let shortDescriptor = """
        #include "workbench_layout.h"
        static const wb_plugin_descriptor descriptor = { WB_PLUGIN_DESCRIPTOR_HEADER, .descriptor_size = 16, .name = "short" };
        const wb_plugin_descriptor *workbench_plugin_descriptor(void) { return &descriptor; }
        """

    static let noEntryPoint = """
        int some_other_function(void) { return 42; }
        """

    /// Compiles `source` into `lib<name>.so` in `folder`; returns the library's path.
    static func build(_ source: String, named name: String, in folder: TemporaryFolder) throws -> String {
        let file = try folder.write("\(name).c", source)
        let library = (folder.path as NSString).appendingPathComponent("lib\(name).so")
        let include = BuildProducts.repositoryRoot + "/Sources/CLayoutABI/include"
        let result = try ProcessRunner.run(
            "/usr/bin/env", ["cc", "-shared", "-fPIC", "-I", include, "-o", library, file])
        guard result.status == 0 else { throw FixtureError(message: "cc failed: \(result.standardError)") }
        return library
    }

    struct FixtureError: Error {
        var message: String
    }
}
