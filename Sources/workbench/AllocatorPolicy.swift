internal import CAllocator

/// How `workbench serve` keeps a days-long session's memory bounded by what is open.
///
/// Without these settings glibc keeps what each worker thread's arena once held: every big
/// prepare runs on whichever thread picks it up, and resident memory with everything closed
/// grew past 270 MiB in a 90-second `workbench-soak`. Measured there (at rest, both sessions):
/// trimming alone 104–134 MiB; own mappings for large blocks 30–44 MiB; with two arenas
/// 28–35 MiB; all three 26–30 MiB, the start being 23 MiB.
/// - Blocks of 256 KiB and more (element caches, data sets, replies) get mappings of their own,
///   returned to the system as soon as they are freed. glibc would otherwise raise this
///   threshold to the largest block freed (up to 32 MiB) and keep such blocks in arenas.
/// - At most two arenas, however many threads prepare: the small blocks of prepares do not
///   spread over a dozen arenas that each keep their peak.
/// - After a view is released or a prepare cancelled or failed, `malloc_trim(0)` gives the
///   free pages of every arena back (the server calls it a moment later, see `Server.init`).
enum AllocatorPolicy {
    static let largeBlockBytes = 256 << 10
    static let arenas: Int32 = 2

    /// Applies the settings; call once, before any other thread allocates (glibc fixes the
    /// arena limit when a second thread first allocates).
    static func configureForServing() {
        _ = workbench_allocator_map_large_blocks(largeBlockBytes)
        _ = workbench_allocator_limit_arenas(arenas)
    }

    /// Gives the free memory of every arena back to the system.
    @Sendable static func releaseFreeMemory() {
        _ = workbench_allocator_trim()
    }
}
