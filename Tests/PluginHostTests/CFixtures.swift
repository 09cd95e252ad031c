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
        static const wb_plugin_descriptor descriptor = { .abi_version = WB_ABI_VERSION, .name = "hollow" };
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
        let result = try ProcessRunner.run("/usr/bin/env", ["cc", "-shared", "-fPIC", "-I", include, "-o", library, file])
        guard result.status == 0 else { throw FixtureError(message: "cc failed: \(result.standardError)") }
        return library
    }

    struct FixtureError: Error {
        var message: String
    }
}
