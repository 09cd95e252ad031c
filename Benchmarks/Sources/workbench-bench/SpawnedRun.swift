import BenchmarkReport
import Foundation

/// One run of a command as a shell runs it: `posix_spawn`, standard output read and counted
/// (not kept) as it arrives, and `wait4`, which also gives the peak resident memory of the
/// process and of the children it waited for (what `/usr/bin/time` prints as `%M`). Timed from
/// the spawn to the reaping, with no polling: `Process.waitUntilExit` looks every 50 ms, which
/// added up to that much to each run.
struct SpawnedRun {
    var seconds: Double
    /// From the spawn to the first byte on standard output; nil if none came.
    var firstByteSeconds: Double?
    var bytes: Int
    var peakBytes: Double
    /// The exit status, or -1 if the process was killed by a signal.
    var status: Int32
    /// Standard error, as written to `errorFile`.
    var errorText: String

    init(_ executable: String, _ arguments: [String], errorFile: String) throws {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw Mismatch(description: "pipe: errno \(errno)") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
        posix_spawn_file_actions_addclose(&actions, ends[0])
        posix_spawn_file_actions_addclose(&actions, ends[1])
        posix_spawn_file_actions_addopen(&actions, 2, errorFile, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid = pid_t()
        let start = DispatchTime.now().uptimeNanoseconds
        func elapsed() -> Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        close(ends[1])
        guard spawned == 0 else {
            close(ends[0])
            throw Mismatch(description: "cannot start \(executable): errno \(spawned)")
        }
        var bytes = 0
        var firstByte: Double?
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(ends[0], $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            if firstByte == nil { firstByte = elapsed() }
            bytes += count
        }
        close(ends[0])
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        seconds = elapsed()
        firstByteSeconds = firstByte
        self.bytes = bytes
        peakBytes = Double(usage.ru_maxrss) * 1024
        self.status = status & 0x7f == 0 ? (status >> 8) & 0xff : -1
        errorText = (try? String(contentsOfFile: errorFile, encoding: .utf8)) ?? ""
    }
}
