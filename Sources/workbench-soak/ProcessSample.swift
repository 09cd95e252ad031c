import Foundation

/// One reading of a process's resources from /proc/<pid>/.
struct ProcessSample: Sendable {
    /// Resident memory, in bytes.
    var residentBytes = 0
    /// Address space now and at its peak, in bytes.
    var virtualBytes = 0
    var peakVirtualBytes = 0
    var threads = 0
    var fileDescriptors = 0

    /// Reads `/proc/<pid>/status` and `/proc/<pid>/fd`; nil once the process is gone.
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
    }
}

/// Samples a process every quarter second on a thread of its own and keeps the extremes.
final class ProcessSampler: @unchecked Sendable {  // Unchecked: all fields under `lock`.
    private let pid: Int32
    private let lock = NSLock()
    private var running = true
    private(set) var peakResidentBytes = 0
    private(set) var mostThreads = 0
    private(set) var mostFileDescriptors = 0

    init(pid: Int32) {
        self.pid = pid
        Thread { [self] in
            while lock.withLock({ running }), let sample = ProcessSample(pid: pid) {
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

    var extremes: (residentBytes: Int, threads: Int, fileDescriptors: Int) {
        lock.withLock { (peakResidentBytes, mostThreads, mostFileDescriptors) }
    }

    func stop() { lock.withLock { running = false } }

    private func record(_ sample: ProcessSample) {
        lock.withLock {
            peakResidentBytes = max(peakResidentBytes, sample.residentBytes)
            mostThreads = max(mostThreads, sample.threads)
            mostFileDescriptors = max(mostFileDescriptors, sample.fileDescriptors)
        }
    }
}
