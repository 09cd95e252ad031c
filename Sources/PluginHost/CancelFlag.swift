internal import CSystemShims
import Foundation

/// One request's "stop": raised by `$/cancelRequest`, a timeout or the server's exit, read by
/// the plugin (which polls it) and by whoever waits for the plugin.
///
/// Made when the request arrives and never lowered, so a cancel that comes before the work
/// starts is not lost. Safe from any thread.
public final class CancelFlag: @unchecked Sendable {
    // Unchecked: `word` is raw memory the plugin polls (shared with C), only accessed atomically; the rest under
    // `lock`.
    /// Why the work should stop.
    public enum Reason: Equatable, Sendable {
        /// The client cancelled the request (or the server is exiting).
        case cancelled
        /// The work ran past its time limit, in seconds.
        case timedOut(seconds: Double)
    }

    /// The word a plugin polls: non-zero once raised.
    let word: UnsafeMutablePointer<Int32>
    private let lock = NSLock()
    private var reason: Reason?
    private var observers: [Int: @Sendable (Reason) -> Void] = [:]
    private var nextObserver = 0

    public init() {
        word = .allocate(capacity: 1)
        word.initialize(to: 0)
    }

    deinit { word.deallocate() }

    /// Raises the flag; the first reason given wins. Observers run on the calling thread.
    public func raise(_ reason: Reason = .cancelled) {
        let toNotify: [@Sendable (Reason) -> Void] = lock.withLock {
            guard self.reason == nil else { return [] }
            self.reason = reason
            wb_atomic_store_i32(word, 1)
            return Array(observers.values)
        }
        for observer in toNotify { observer(reason) }
    }

    /// Whether the flag was raised.
    public var isRaised: Bool { wb_atomic_load_i32(word) != 0 }

    /// Why it was raised, if it was.
    public var raisedReason: Reason? { lock.withLock { reason } }

    /// Calls `observer` when the flag is raised (at once if it already is) until the returned
    /// token is passed to `stopObserving`.
    package func observe(_ observer: @escaping @Sendable (Reason) -> Void) -> Int {
        let (token, already) = lock.withLock { () -> (Int, Reason?) in
            nextObserver += 1
            observers[nextObserver] = observer
            return (nextObserver, reason)
        }
        if let already { observer(already) }
        return token
    }

    package func stopObserving(_ token: Int) {
        _ = lock.withLock { observers.removeValue(forKey: token) }
    }

    /// Raises this flag with `.timedOut` after `seconds`, unless `body` is done by then.
    package func withTimeout<T, E: Error>(_ seconds: Double?, _ body: () throws(E) -> T) throws(E) -> T {
        guard let seconds else { return try body() }
        let timer = DispatchWorkItem { [weak self] in self?.raise(.timedOut(seconds: seconds)) }
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds, execute: timer)
        defer { timer.cancel() }
        return try body()
    }
}
