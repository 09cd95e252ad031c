// glibc's malloc extensions are not visible from Swift's Glibc module; these wrappers are.
#define _GNU_SOURCE
#include <stdlib.h>  // defines __GLIBC__ on glibc, tested below
#include "workbench_allocator.h"

#if defined(__GLIBC__)
#include <malloc.h>

int workbench_allocator_limit_arenas(int count) { return mallopt(M_ARENA_MAX, count); }

int workbench_allocator_map_large_blocks(size_t bytes) { return mallopt(M_MMAP_THRESHOLD, (int)bytes); }

int workbench_allocator_trim(void) { return malloc_trim(0); }

size_t workbench_allocator_bytes_in_use(void) {
    struct mallinfo2 info = mallinfo2();
    return info.uordblks + info.hblkhd;
}

#elif defined(__APPLE__)
#include <malloc/malloc.h>

// Darwin's allocator has no arenas to cap nor a mapping threshold to set (its large blocks
// have mappings of their own already); giving free pages back is a pressure relief on every zone.
int workbench_allocator_limit_arenas(int count) { (void)count; return 0; }
int workbench_allocator_map_large_blocks(size_t bytes) { (void)bytes; return 0; }
int workbench_allocator_trim(void) { return malloc_zone_pressure_relief(NULL, 0) > 0; }

size_t workbench_allocator_bytes_in_use(void) {
    malloc_statistics_t statistics;
    malloc_zone_statistics(NULL, &statistics);
    return statistics.size_in_use;
}

#else

int workbench_allocator_limit_arenas(int count) { (void)count; return 0; }
int workbench_allocator_map_large_blocks(size_t bytes) { (void)bytes; return 0; }
int workbench_allocator_trim(void) { return 0; }
size_t workbench_allocator_bytes_in_use(void) { return 0; }

#endif
