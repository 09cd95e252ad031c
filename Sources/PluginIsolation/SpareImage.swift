import Foundation
import PluginHost

/// The last large data image a batch update's data left behind, kept for the next one: its
/// pages are already allocated and mapped, so writing the new data costs a copy, not a page
/// fault per 4 KiB. At most one is kept, and the server lets it go whenever it gives memory
/// back (a view released, a prepare cancelled or failed).
///
/// Only a `DataImage.Storage` comes here, once its data set is gone: no view uses that data,
/// and every layout instance that had it prepared has sent its child newer data (a child maps
/// one image per layout and lets the old one go when the new one arrives), so no child reads
/// these pages any more when they are written again.
enum SpareImage {
    /// Images smaller than this are not worth keeping.
    static let minimumSize = 1 << 20
    private static let lock = NSLock()
    nonisolated(unsafe) private static var spare: SharedMemory?  // Unsafe-annotated: only touched under `lock`.

    /// Keeps `memory` as the spare if it is large enough.
    static func keep(_ memory: SharedMemory) {
        guard memory.size >= minimumSize else { return }
        lock.withLock { spare = memory }
    }

    /// The spare, if it holds `size` bytes without wasting more than an eighth of them.
    static func take(fitting size: Int) -> SharedMemory? {
        lock.withLock {
            guard let memory = spare, memory.size >= size, memory.size - size <= size / 8 + (64 << 10) else { return nil }
            spare = nil
            return memory
        }
    }

    /// Lets the spare go.
    static func release() {
        let memory = lock.withLock { () -> SharedMemory? in
            defer { spare = nil }
            return spare
        }
        _ = memory
    }
}

extension PluginCatalog {
    /// Gives back the memory the isolated backend keeps for the next batch update (a spare data
    /// image); call when giving memory back to the system.
    public func releaseSpareMemory() {
        SpareImage.release()
    }
}
