import Foundation
import PluginHost
import PluginIsolation
import TestSupport
import Testing

/// `PluginDescriber` believes nothing its child says: a fake `workbench plugin-describe` (a
/// shell script given as the executable) answers garbage, impossible descriptions, endless
/// lines, or nothing, and each costs only its library, with the reason.
struct PluginDescriberTests {
    /// The outcomes for two libraries (any files: the script never loads them) when the
    /// child runs `script` with fd 3 as its answer channel.
    static func describe(_ script: String, timeout: Double = 5) throws -> (
        paths: [String], outcomes: [Result<LoadedPlugin, PluginError>]
    ) {
        let folder = try TemporaryFolder()
        let executable = try folder.write("fake-describe", "#!/bin/sh\n" + script + "\n")
        chmod(executable, 0o755)
        let paths = [try folder.write("liba.so", "a"), try folder.write("libb.so", "b")]
        return (paths, PluginDescriber(executable: executable, timeout: timeout).describe(paths))
    }

    static let good =
        #"{"plugin":{"name":"good","version":"1","summary":"","kinds":[{"name":"badge","category":1}],"options":["size"]}}"#

    @Test func aGoodDescriptionBecomesAPluginThatIsNotLoadedHere() throws {
        let (paths, outcomes) = try Self.describe(
            "echo '\(Self.good)' >&3; echo '\(Self.good.replacingOccurrences(of: "good", with: "other"))' >&3")
        let plugins = outcomes.compactMap { try? $0.get() }
        #expect(plugins.map(\.name) == ["good", "other"])
        #expect(
            plugins.first?.path == paths[0] && plugins.first?.options == ["size"]
                && plugins.first?.isLoadedHere == false)
    }

    @Test(arguments: [
        ("echo 'not json' >&3", "made its plugin host answer something unreadable"),
        (
            "echo '{\"plugin\":{\"name\":\"x\",\"version\":\"1\",\"summary\":\"\",\"kinds\":[{\"name\":\"k\",\"category\":0}],\"options\":[]}}' >&3",
            "made its plugin host describe it impossibly: kind 'k' has no name or is not supplementary/decoration"
        ),
        (
            "echo '{\"plugin\":{\"name\":\"\",\"version\":\"1\",\"summary\":\"\",\"kinds\":[],\"options\":[]}}' >&3",
            "made its plugin host describe it impossibly: no name"
        ),
        // endless, no newline: not buffered past 1 MiB
        ("cat /dev/zero >&3", "made its plugin host answer something unreadable"),
        ("exit 3", "ended its plugin host (exit status 3)"),
        ("kill -SEGV $$", "ended its plugin host (SIGSEGV)"),
    ])
    func aBadAnswerRefusesOnlyItsLibraryAndANewChildDescribesTheNext(script: String, reason: String) throws {
        // The first child (asked for both, liba among its arguments) misbehaves over liba, then
        // describes libb if it is still allowed to; else a second child, asked for libb alone, does.
        let (paths, outcomes) = try Self.describe("case \"$*\" in *liba.so*) \(script);; esac; echo '\(Self.good)' >&3")
        #expect(outcomes.count == 2)
        #expect(throws: PluginError.loadFailed(path: paths[0], reason: reason)) { try outcomes[0].get() }
        #expect((try? outcomes[1].get())?.name == "good")
    }

    @Test func aSilentChildIsStoppedAtTheTimeout() throws {
        let (paths, outcomes) = try Self.describe(
            "case \"$*\" in *liba.so*) sleep 30;; *) echo '\(Self.good)' >&3;; esac", timeout: 0.3)
        #expect(
            throws: PluginError.loadFailed(
                path: paths[0], reason: "did not finish within 0.3 s; its plugin host was stopped")
        ) {
            try outcomes[0].get()
        }
        #expect((try? outcomes[1].get())?.name == "good")
    }
}
