/// Which system calls the workbench uses where a platform offers a choice.
///
/// On Linux the workbench uses Linux's own calls by default (memfd, pidfd, `SOCK_SEQPACKET`,
/// inotify); `WORKBENCH_PORTABLE=1` in the environment selects the portable ones instead —
/// the POSIX calls macOS also has (`shm_open`, `SOCK_STREAM` pairs with length-prefixed
/// messages, `waitpid` and end of file, polling for file changes) — so that the code macOS
/// runs is the code Linux CI tests. On Darwin the portable calls are the only ones.
public enum Portability {
    /// Whether this process uses only the portable calls. Read once; children inherit the
    /// environment, so a plugin process agrees with its parent.
    public static let isPortable: Bool = {
        #if os(Linux)
            guard let value = getenv("WORKBENCH_PORTABLE") else { return false }
            return String(cString: value) == "1"
        #else
            return true
        #endif
    }()

    /// The path by which this process's executable can be spawned again: `/proc/self/exe` on
    /// Linux (it still names this build after the file is replaced), the executable's own path
    /// on Darwin (which has no `/proc`).
    public static var executablePath: String {
        #if canImport(Darwin)
            var size: UInt32 = 0
            _ = _NSGetExecutablePath(nil, &size)
            var buffer = [CChar](repeating: 0, count: Int(size) + 1)
            guard _NSGetExecutablePath(&buffer, &size) == 0 else { return CommandLine.arguments[0] }
            return String(cString: buffer)
        #else
            return "/proc/self/exe"
        #endif
    }
}
