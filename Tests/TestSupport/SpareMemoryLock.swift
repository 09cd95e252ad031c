import Foundation

/// Held by the tests that watch the workbench's one spare data block (`SpareMemory`), so that
/// tests running in parallel in this process do not take each other's spare.
public let spareMemoryLock = NSLock()
