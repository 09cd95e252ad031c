import Dispatch
import Foundation
import Synchronization

/// Gives memory back to the system after it is let go: a view released (its workspace
/// closed, replaced or never opened), a prepare cancelled or failed.
///
/// The work itself — for example glibc's `malloc_trim(0)` — is the executable's choice,
/// passed in: a process-wide act that a library does not choose. It runs on a utility thread a
/// moment after the event, so that what was let go has been freed, and at most once per
/// moment however many events come.
final class MemoryRelease: Sendable {
    /// How long after an event the memory is given back.
    static let delay = DispatchTimeInterval.milliseconds(200)

    private let release: @Sendable () -> Void
    private let isScheduled = Atomic(false)

    init(_ release: @escaping @Sendable () -> Void) {
        self.release = release
    }

    /// Asks for memory to be given back soon.
    func soon() {
        guard !isScheduled.exchange(true, ordering: .acquiringAndReleasing) else { return }
        DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + Self.delay) { [self] in
            isScheduled.store(false, ordering: .releasing)
            release()
        }
    }
}
