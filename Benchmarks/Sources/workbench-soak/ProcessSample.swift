import Foundation
import Synchronization

/// One reading of a process's resources from /proc/<pid>/.
struct ProcessSample: Sendable {
    /// Resident memory, in bytes.
    var residentBytes = 0
    /// Address space now and at its peak, in bytes.
    var virtualBytes = 0
    var peakVirtualBytes = 0
    var threads = 0
    var fileDescriptors = 0
    /// The process's children (the plugin hosts of `workbench serve`), and their resident memory together.
    var children = 0
    var childrenResidentBytes = 0

    init() {}

    /// The larger of each reading of `self` and `other`.
    func maxima(_ other: ProcessSample) -> ProcessSample {
        var most = self
        most.residentBytes = max(residentBytes, other.residentBytes)
        most.threads = max(threads, other.threads)
        most.fileDescriptors = max(fileDescriptors, other.fileDescriptors)
        most.children = max(children, other.children)
        most.childrenResidentBytes = max(childrenResidentBytes, other.childrenResidentBytes)
        return most
    }

    /// Reads `/proc/<pid>/status` and `/proc/<pid>/fd`, and finds its children; nil once the process is gone.
    init?(pid: Int32) {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") {
            let fields = line.split(whereSeparator: { $0 == ":" || $0 == " " || $0 == "\t" })
            guard fields.count >= 2, let value = Int(fields[1]) else { continue }
            switch fields[0] {
            case "VmRSS": residentBytes = value << 10
            case "VmSize": virtualBytes = value << 10
            case "VmPeak": peakVirtualBytes = value << 10
            case "Threads": threads = value
            default: break
            }
        }
        fileDescriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count) ?? 0
        for child in Self.children(of: pid) {
            children += 1
            childrenResidentBytes += ProcessSample(residentBytesOf: child)?.residentBytes ?? 0
        }
    }

    /// The resident memory of `pid`, read alone.
    private init?(residentBytesOf pid: Int32) {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
            let kib = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
        else { return nil }
        self.residentBytes = kib << 10
    }

    /// The processes whose parent is `pid` (field 4 of `/proc/<child>/stat`, after the
    /// parenthesised name, which may hold spaces).
    static func children(of pid: Int32) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> Int32? in
            guard let child = Int32(entry),
                let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let nameEnd = stat.lastIndex(of: ")")
            else { return nil }
            let fields = stat[stat.index(after: nameEnd)...].split(separator: " ")
            return fields.count > 1 && Int32(fields[1]) == pid ? child : nil
        }
    }
}

/// Samples a process every quarter second on a thread of its own and keeps the extremes.
final class ProcessSampler: Sendable {
    private let pid: Int32
    private let running = Atomic(true)
    private let state = Mutex(Extremes())

    private struct Extremes {
        var peakResidentBytes = 0
        var mostThreads = 0
        var mostFileDescriptors = 0
        var mostChildren = 0
    }

    init(pid: Int32) {
        self.pid = pid
        Thread { [self] in
            while running.load(ordering: .acquiring), let sample = ProcessSample(pid: pid) {
                record(sample)
                Thread.sleep(forTimeInterval: 0.25)
            }
        }.start()
    }

    /// Takes a reading now (and counts it in the extremes).
    func sample() -> ProcessSample? {
        guard let sample = ProcessSample(pid: pid) else { return nil }
        record(sample)
        return sample
    }

    var extremes: (residentBytes: Int, threads: Int, fileDescriptors: Int, children: Int) {
        state.withLock { ($0.peakResidentBytes, $0.mostThreads, $0.mostFileDescriptors, $0.mostChildren) }
    }

    func stop() { running.store(false, ordering: .releasing) }

    private func record(_ sample: ProcessSample) {
        state.withLock { state in
            state.peakResidentBytes = max(state.peakResidentBytes, sample.residentBytes)
            state.mostThreads = max(state.mostThreads, sample.threads)
            state.mostFileDescriptors = max(state.mostFileDescriptors, sample.fileDescriptors)
            state.mostChildren = max(state.mostChildren, sample.children)
        }
    }
}
