import Foundation

/// The CPU time (user and system, every thread) a process has used so far, in seconds; nil
/// where it cannot be read (a process of another user, or not on Linux).
///
/// Read from the process's CPU-time clock (`clock_getcpuclockid`), to the nanosecond, where
/// `/proc/<pid>/stat` counts in ticks of 10 ms.
func processCPUTime(_ pid: Int32) -> Double? {
    #if os(Linux)
        var clock = clockid_t()
        var time = timespec()
        guard clock_getcpuclockid(pid, &clock) == 0, clock_gettime(clock, &time) == 0 else { return nil }
        return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
    #else
        return nil
    #endif
}

/// The processes `pid` started that still run (a server's plugin processes), from
/// `/proc/<pid>/task/*/children`; empty where there is no /proc.
func childProcesses(of pid: Int32) -> [Int32] {
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
    return tasks.flatMap { task in
        let text = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/children", encoding: .utf8)) ?? ""
        return text.split(separator: " ").compactMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }
}
