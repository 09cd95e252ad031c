internal import CSystemShims
import Foundation
import Platform
import PluginHost

/// One running plugin process, seen from the parent: its pid and pidfd, its channel, the
/// control memory holding the cancel word, and its result memory.
///
/// On the portable path (`Portability.isPortable`) there is no pidfd: the child's death is
/// known from its channel's end of file, and `waitpid` tells how it ended.
final class ChildProcess {
    let pid: pid_t
    /// -1 on the portable path.
    let pidfd: Int32
    /// The status `waitpid` gave while waiting for the child to exit on its own.
    private var reapedStatus: Int32?
    let channel: Channel
    let control: SharedMemory
    /// The child's two result areas (`ResultArea`), each mapped read-only once the child sends it.
    var results = [MappedResults(), MappedResults()]
    /// How the parent waits for this child's replies (see `ReplySpin`).
    var replySpin = ReplySpin()

    /// Spawns `executable plugin-process library` with a fresh channel at its fd 3, in `sandbox`.
    init(executable: String, library: String, sandbox: PluginSandbox) throws(ChannelError) {
        let (parentEnd, childEnd) = try Channel.makePair()
        let spawned = try Self.spawn(
            executable, [executable, "plugin-process"] + sandbox.childArguments + ["--", library], giving: childEnd,
            keeping: parentEnd)
        pid = spawned
        channel = Channel(fileDescriptor: parentEnd)
        pidfd = Portability.isPortable ? -1 : wb_pidfd_open(spawned)
        do {
            control = try SharedMemory(creating: 4096, name: "workbench-control")
        } catch {
            kill(spawned, SIGKILL)
            var status: Int32 = 0
            waitpid(spawned, &status, 0)
            if pidfd >= 0 { close(pidfd) }
            throw error
        }
    }

    deinit {
        if pidfd >= 0 { close(pidfd) }
    }

    /// Spawns `arguments` (the first is the program's name) with `childEnd` at the child's
    /// fd 3 and its fd 1 on standard error; closes `childEnd` here, and `parentEnd` too if the
    /// spawn fails.
    static func spawn(_ executable: String, _ arguments: [String], giving childEnd: Int32, keeping parentEnd: Int32)
        throws(ChannelError) -> pid_t
    {
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var variables: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer { for pointer in variables { free(pointer) } }
        let spawned = wb_spawn_with_channel(executable, &argv, &variables, childEnd)
        let spawnError = errno
        close(childEnd)
        guard spawned > 0 else {
            close(parentEnd)
            throw .system("posix_spawn \(executable)", spawnError)
        }
        return spawned
    }

    /// This process's environment, with the Swift runtime's crash backtracer turned off: a
    /// crashing plugin should die at once, not spend seconds symbolicating (its backtracer
    /// process would also outlive it, holding our standard error open).
    static let environment: [String] = {
        var variables = ProcessInfo.processInfo.environment
        variables["SWIFT_BACKTRACE"] = "enable=no"
        return variables.map { "\($0.key)=\($0.value)" }
    }()

    /// The cancel word the plugin polls during `prepare` (offset 0 of the control page).
    var cancelWord: UnsafeMutablePointer<Int32> { control.base.assumingMemoryBound(to: Int32.self) }

    /// The bits of the last progress fraction the plugin reported (offset 8 of the control page).
    var progressWord: UnsafeMutablePointer<UInt64> { (control.base + 8).assumingMemoryBound(to: UInt64.self) }

    /// What the sandbox refused when it stopped the child, if it did (offset 16 of the control page).
    var stopWord: UInt64 {
        wb_atomic_load_u64((control.base + PluginProcessChild.stopWordOffset).assumingMemoryBound(to: UInt64.self))
    }

    /// What the child is waiting on next: whether a reply came or the child died.
    enum Readiness { case reply, died, neither }

    /// Waits up to `milliseconds` for a reply or the child's death.
    func wait(milliseconds: Int32) -> Readiness {
        var descriptors = [
            pollfd(fd: channel.fileDescriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: pidfd, events: Int16(POLLIN), revents: 0),
        ]
        let count = poll(&descriptors, pidfd >= 0 ? 2 : 1, milliseconds)
        guard count > 0 else { return .neither }
        if descriptors[0].revents & Int16(POLLIN) != 0 { return .reply }
        if descriptors[0].revents & Int16(POLLHUP | POLLERR) != 0 || descriptors[1].revents != 0 { return .died }
        return .neither
    }

    /// Kills the child if it still runs and reaps it; returns how it ended ("SIGSEGV",
    /// "exit status 1"). `grace` (milliseconds) lets a child whose channel closed finish
    /// exiting on its own first, so its own status is what gets reported.
    func reap(killing: Bool, grace: Int32 = 0) -> String {
        if killing && !hasExited(withinMilliseconds: grace) { kill(pid, SIGKILL) }
        var status: Int32 = 0
        if let reapedStatus {
            status = reapedStatus
        } else {
            var result: pid_t
            repeat { result = waitpid(pid, &status, 0) } while result < 0 && errno == EINTR
            guard result == pid else { return "an unknown end" }
        }
        let signal = status & 0x7f
        if signal == 0 { return "exit status \((status >> 8) & 0xff)" }
        return Self.signalName(signal)
    }

    /// Whether the child has ended, waiting up to `milliseconds`: on its pidfd, or (portable)
    /// asking `waitpid` without blocking every millisecond, keeping the status it reaps.
    private func hasExited(withinMilliseconds milliseconds: Int32) -> Bool {
        if pidfd >= 0 {
            var descriptor = pollfd(fd: pidfd, events: Int16(POLLIN), revents: 0)
            return poll(&descriptor, 1, milliseconds) > 0
        }
        var waited: Int32 = 0
        while true {
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid {
                reapedStatus = status
                return true
            }
            guard waited < milliseconds else { return false }
            usleep(1000)
            waited += 1
        }
    }

    static func signalName(_ signal: Int32) -> String {
        let names: [Int32: String] = [
            SIGSEGV: "SIGSEGV", SIGABRT: "SIGABRT", SIGBUS: "SIGBUS", SIGFPE: "SIGFPE", SIGILL: "SIGILL",
            SIGKILL: "SIGKILL", SIGTERM: "SIGTERM", SIGTRAP: "SIGTRAP", SIGSYS: "SIGSYS", SIGINT: "SIGINT",
        ]
        return names[signal] ?? "signal \(signal)"
    }
}

/// One of a child's result areas as the parent maps it: the memfd, and the capacities the child
/// laid it out with (records first, then extra bytes).
struct MappedResults {
    var memory: SharedMemory?
    var capacity = (records: 0, extraBytes: 0)
}
