import Foundation
import PluginHost
import TestSupport
import Testing

/// Where plugins are looked for (issue 27): a release keeps them in `lib/` beside `bin/`.
struct SearchFoldersTests {
    @Test func aReleasesLibFolderComesBeforeTheExecutablesOwnAndAfterWhatTheUserGives() throws {
        let release = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: release.path + "/bin", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: release.path + "/lib", withIntermediateDirectories: true)
        let folders = PluginRegistry.searchFolders(
            explicit: ["mine"], environment: ["WORKBENCH_PLUGIN_PATH": "shared"],
            executableDirectory: release.path + "/bin")
        #expect(folders.map(\.path) == ["mine", "shared", release.path + "/lib", release.path + "/bin"])
        #expect(folders.map(\.origin) == [.commandLine, .environment, .bundled, .bundled])
    }

    @Test func aBuildFolderWithoutLibIsSearchedAlone() throws {
        let build = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: build.path + "/debug", withIntermediateDirectories: true)
        let folders = PluginRegistry.searchFolders(
            explicit: [], environment: [:], executableDirectory: build.path + "/debug")
        #expect(folders.map(\.path) == [build.path + "/debug"])
    }
}
