import Foundation
import LayoutKit

/// Clock reads and the figures taken from them.
enum Timing {
    /// Nanoseconds on the monotonic clock.
    @inline(__always)
    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// Seconds taken by `body`.
    static func seconds(_ body: () -> Void) -> Double {
        let start = now()
        body()
        return Double(now() - start) / 1e9
    }

    /// The median of `runs` timings of `body`, in seconds.
    static func median(_ runs: Int, _ body: () -> Void) -> Double {
        (0..<runs).map { _ in seconds(body) }.sorted()[runs / 2]
    }

    /// Two clock reads back to back: the cost included in every per-query time.
    static func overhead() -> Double {
        var times: [Double] = []
        for _ in 0..<100_000 {
            let start = now()
            times.append(Double(now() - start) / 1e9)
        }
        return times.sorted()[times.count / 2]
    }
}

/// What one query path measured on one workload, in seconds per query.
struct PathTimings {
    /// The bench's 200 viewports, passes over them in runs of `chunk(k:)`: each run's best
    /// time over all passes, summed, per query.
    var bench = Double.nan
    /// The random viewports one at a time: each query's best time over the rounds.
    var p50 = Double.nan, p99 = Double.nan
    /// The random viewports in runs of `chunk(k:)` without per-query clock reads: each run's
    /// best time over the rounds, summed, per query. (One pass of 10^5 queries takes a time
    /// slice or more, so on a shared machine hardly any pass runs undisturbed; short runs do.)
    var mean = Double.nan

    /// Viewports a run: 64, fewer when each returns many elements, so that a run stays well
    /// inside a time slice (about 2,000 elements a run).
    static func chunk(k: Double) -> Int {
        max(1, min(64, Int(2_000 / max(k, 1))))
    }

    /// Times `path` on `bench` and `random` for `rounds` rounds, the paths in turns within
    /// each round (so that all of them see the same machine), keeping the best of each.
    static func measure(_ paths: [QueryPath], bench: [Rect], random: [Rect], k: Double, rounds: Int, passes: Int = 5)
        -> [PathTimings]
    {
        let chunk = Self.chunk(k: k)
        var timings = [PathTimings](repeating: PathTimings(), count: paths.count)
        var perQuery = [[Double]](repeating: [Double](repeating: .infinity, count: random.count), count: paths.count)
        let chunks = (random.count + chunk - 1) / chunk
        var perChunk = [[Double]](repeating: [Double](repeating: .infinity, count: chunks), count: paths.count)
        var benchChunks = [[Double]](
            repeating: [Double](repeating: .infinity, count: (bench.count + chunk - 1) / chunk), count: paths.count)
        for round in 0..<rounds {
            for offset in paths.indices {
                let which = (offset + round) % paths.count  // a different path goes first each round
                let run = paths[which].run
                benchChunks[which].withUnsafeMutableBufferPointer { times in
                    for _ in 0..<passes {
                        for index in times.indices {
                            let start = Timing.now()
                            for rect in bench[(index * chunk)..<min((index + 1) * chunk, bench.count)] { run(rect) }
                            times[index] = min(times[index], Double(Timing.now() - start) / 1e9)
                        }
                    }
                }
                perQuery[which].withUnsafeMutableBufferPointer { times in
                    for (index, rect) in random.enumerated() {
                        let start = Timing.now()
                        run(rect)
                        times[index] = min(times[index], Double(Timing.now() - start) / 1e9)
                    }
                }
                random.withUnsafeBufferPointer { random in
                    perChunk[which].withUnsafeMutableBufferPointer { times in
                        for index in times.indices {
                            let start = Timing.now()
                            for rect in random[(index * chunk)..<min((index + 1) * chunk, random.count)] { run(rect) }
                            times[index] = min(times[index], Double(Timing.now() - start) / 1e9)
                        }
                    }
                }
            }
        }
        for which in paths.indices {
            let sorted = perQuery[which].sorted()
            timings[which].p50 = sorted[sorted.count / 2]
            timings[which].p99 = sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.99))]
            timings[which].mean = perChunk[which].reduce(0, +) / Double(random.count)
            timings[which].bench = benchChunks[which].reduce(0, +) / Double(bench.count)
        }
        return timings
    }
}
