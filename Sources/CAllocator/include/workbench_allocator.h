#ifndef WORKBENCH_ALLOCATOR_H
#define WORKBENCH_ALLOCATOR_H

#include <stddef.h>

/// Process-wide settings of the C allocator, for the executable to choose at startup. On
/// Darwin, trimming is `malloc_zone_pressure_relief` and the bytes in use come from
/// `malloc_zone_statistics`; the arena and threshold settings do nothing there (they have no
/// Darwin counterpart) and return 0, as every call does on another C library.

/// Caps the number of malloc arenas (glibc `M_ARENA_MAX`); returns 1 on success.
int workbench_allocator_limit_arenas(int count);

/// Serves allocations of at least `bytes` by their own mappings, returned to the system when
/// freed (glibc `M_MMAP_THRESHOLD`, which also stops glibc raising it on its own); returns 1
/// on success.
int workbench_allocator_map_large_blocks(size_t bytes);

/// Returns free memory of every arena to the system (glibc `malloc_trim(0)`); returns 1 if
/// some was released.
int workbench_allocator_trim(void);

/// Bytes the allocator has handed out and not had back (glibc `mallinfo2`), or 0 if unknown.
size_t workbench_allocator_bytes_in_use(void);

#endif
