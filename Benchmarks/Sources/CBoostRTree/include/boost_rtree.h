// boost_rtree.h — Boost.Geometry's packed R-tree (bgi::rtree) behind a small C interface, for
// timing it beside the workbench's own queries in one Swift process.
#ifndef BOOST_RTREE_H
#define BOOST_RTREE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The node-splitting algorithm the tree is declared with; the tree is always built by
/// Boost's packing constructor (bulk loading), at most 16 entries a node.
typedef enum wb_rtree_kind {
    WB_RTREE_QUADRATIC16 = 0,
    WB_RTREE_RSTAR16 = 1,
} wb_rtree_kind;

/// One element found: its id (its position in the boxes given to `wb_rtree_create`) and box.
typedef struct wb_rtree_hit {
    double min_x, min_y, max_x, max_y;
    uint32_t id;
} wb_rtree_hit;

typedef struct wb_rtree wb_rtree;

/// Boost's version, "1_74".
const char *wb_rtree_boost_version(void);

/// A tree over `count` boxes, each four doubles: min x, min y, max x, max y. NULL if Boost
/// throws (out of memory).
wb_rtree *wb_rtree_create(wb_rtree_kind kind, const double *boxes, size_t count);

void wb_rtree_destroy(wb_rtree *tree);

/// The elements whose boxes meet the rect under the workbench's rule (open intervals: a box
/// touching the rect's edge does not count; Boost's own `intersects` counts it, so hits are
/// filtered), sorted by id, as the workbench returns them. The hits stay in a buffer the
/// tree owns and reuses, valid until the next query; `*count` receives their number.
const wb_rtree_hit *wb_rtree_query(wb_rtree *tree, double min_x, double min_y, double max_x, double max_y, size_t *count);

#ifdef __cplusplus
}
#endif

#endif
