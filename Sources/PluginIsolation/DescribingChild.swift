internal import CSystemShims
import DescriptorIO
import Foundation
import Platform

/// A running `workbench plugin-describe` child, seen from the parent: its pid and the read
/// end of the pipe at its fd 3, read a line at a time.
final class DescribingChild {
    let pid: pid_t
    private let output: Int32
    private var buffered: [UInt8] = []
    private var ended = false

    enum Next {
        case line([UInt8])
        case ended, timedOut, tooLong
    }

    /// The longest line accepted: a description is a few KB (names, at most 1023 kinds and options).
    static let maximumLine = 1 << 20

    init(executable: String, arguments: [String]) throws(ChannelError) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw .system("pipe", errno) }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }  // the child gets its end as fd 3, without the flag
        pid = try ChildProcess.spawn(executable, arguments, giving: ends[1], keeping: ends[0])
        output = ends[0]
        LiveChildren.insert(pid)
    }

    deinit {
        if !ended { end(killing: true) }
        close(output)
    }

    /// The next line the child writes (without its newline), waiting at most `timeout`
    /// seconds for it; `.ended` when the child closed its end first, `.tooLong` past
    /// `maximumLine` bytes without a newline.
    func nextLine(timeout: Double) -> Next {
        let deadline = Date().addingTimeInterval(timeout)
        var chunk = [UInt8](repeating: 0, count: 1 << 14)
        while true {
            if let newline = buffered.firstIndex(of: UInt8(ascii: "\n")) {
                defer { buffered.removeSubrange(...newline) }
                return .line(Array(buffered[..<newline]))
            }
            guard buffered.count <= Self.maximumLine else { return .tooLong }
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return .timedOut }
            var descriptor = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Int32(min(left * 1000 + 1, 60_000)))
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { continue }
            let count = RetryingIO.read(output, into: &chunk)
            guard count > 0 else { return .ended }
            buffered += chunk[..<count]
        }
    }

    /// Kills the child if asked (and if it still runs after `grace` milliseconds, in which it
    /// may end on its own), reaps it; returns how it ended.
    @discardableResult
    func end(killing: Bool, grace: Int = 0) -> String {
        guard !ended else { return "ended" }
        ended = true
        var status: Int32 = 0
        if killing {
            for _ in 0..<grace {
                let result = waitpid(pid, &status, WNOHANG)
                if result == pid {  // it ended on its own
                    LiveChildren.remove(pid)
                    return Self.ending(status)
                }
                if result != 0 { break }
                usleep(1000)
            }
            kill(pid, SIGKILL)
        }
        var result: pid_t
        repeat { result = waitpid(pid, &status, 0) } while result < 0 && errno == EINTR
        LiveChildren.remove(pid)
        guard result == pid else { return "an unknown end" }
        return Self.ending(status)
    }

    /// How a child with wait `status` ended: "SIGSYS", "exit status 1".
    private static func ending(_ status: Int32) -> String {
        let signal = status & 0x7f
        return signal == 0 ? "exit status \((status >> 8) & 0xff)" : ChildProcess.signalName(signal)
    }
}
