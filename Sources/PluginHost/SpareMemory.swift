import Foundation

/// A block of memory a data set can live in, and be handed on to the next one when freed.
package protocol ReusableMemory: AnyObject {
    /// Its size in bytes.
    var size: Int { get }
}

/// The last large block a batch update's data left behind, kept for the next one: its pages
/// are already allocated and mapped, so writing the new data costs a copy, not a page fault
/// per 4 KiB. At most one is kept (of whichever kind), and the server lets it go whenever it
/// gives memory back (a view released, a prepare cancelled or failed).
///
/// A block comes here only once its data set is gone, so nothing reads it any more: no view
/// uses that data, a plugin in this process holds its data through the data set, and a plugin
/// process was sent newer data before the data set could go (a child maps one data image
/// per layout and lets the old one go when the new one arrives).
package enum SpareMemory {
    /// Blocks smaller than this are not worth keeping.
    package static let minimumSize = 1 << 20
    private static let lock = NSLock()
    nonisolated(unsafe) private static var spare: (any ReusableMemory)?  // Unsafe-annotated: only touched under `lock`.

    /// Keeps `memory` as the spare if it is large enough.
    package static func keep(_ memory: any ReusableMemory) {
        guard memory.size >= minimumSize else { return }
        lock.withLock { spare = memory }
    }

    /// The spare, if it is a `M` that holds `size` bytes without wasting more than an eighth.
    package static func take<M: ReusableMemory>(_ kind: M.Type, fitting size: Int) -> M? {
        lock.withLock {
            guard let memory = spare as? M, memory.size >= size, memory.size - size <= size / 8 + (64 << 10) else {
                return nil
            }
            spare = nil
            return memory
        }
    }

    /// Lets the spare go.
    package static func release() {
        let memory = lock.withLock { () -> (any ReusableMemory)? in
            defer { spare = nil }
            return spare
        }
        _ = memory
    }

    /// The size to make a new block for `size` bytes: a sixteenth more when it is large enough
    /// to be kept, so that it can be the spare for a batch that adds.
    package static func capacity(for size: Int) -> Int {
        size >= minimumSize ? size + size / 16 : size
    }
}

extension PluginCatalog {
    /// Gives back the memory kept for the next batch update's data (see `SpareMemory`); call
    /// when giving memory back to the system.
    public func releaseSpareMemory() {
        SpareMemory.release()
    }
}
