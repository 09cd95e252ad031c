/*
 * A small C layout plugin with one bug, chosen at compile time with -DBUG=n, for testing
 * `workbench check`. Layout "grid": a header (supplementary kind 0, "header", at [0, 0]) 40
 * points high across the bounds, then the items of section 0 as 100 x 50 cells in rows of
 * floor(width / 100). It builds against ABI 2.0's header too (Fixtures/abi-2.0): then it has no
 * `preferred_attributes`, as a plugin built before 2.1.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "workbench_layout.h"

enum { NONE, WRONG_ORDER, OUTSIDE_RECT, INCONSISTENT_ELEMENT, NOT_A_NUMBER, DISHONEST_INVALIDATION, NONDETERMINISTIC, BAD_KIND, BAD_TARGET,
       LYING_PREFERRED, SELF_SIZING };
#ifndef BUG
#define BUG NONE
#endif

/* SELF_SIZING (not a bug): a cell takes a preferred height (of the first 256 cells). */
typedef struct { double width; int64_t count; double shift; double heights[256]; } grid;

static int64_t columns(const grid *g) { int64_t c = (int64_t)(g->width / 100); return c < 1 ? 1 : c; }

static wb_attributes cell(const grid *g, int64_t i) {
    wb_attributes a = {0};
    a.element = (wb_element){ WB_CATEGORY_CELL, -1, 0, i };
    a.frame = (wb_rect){ (double)(i % columns(g)) * 100 + (BUG == NONDETERMINISTIC ? g->shift : 0),
                         40 + (double)(i / columns(g)) * 50, (BUG == NOT_A_NUMBER && i == 2) ? NAN : 100,
                         i < 256 && g->heights[i] > 0 ? g->heights[i] : 50 };
    a.alpha = 1;
    return a;
}

static wb_attributes header(const grid *g) {
    wb_attributes a = {0};
    a.element = (wb_element){ WB_CATEGORY_SUPPLEMENTARY, BUG == BAD_KIND ? 7 : 0, 0, 0 };
    a.frame = (wb_rect){ 0, 0, g->width, 40 };
    a.alpha = 1;
    return a;
}

static int intersects(wb_rect f, wb_rect r) {
    return f.x < r.x + r.width && r.x < f.x + f.width && f.y < r.y + r.height && r.y < f.y + f.height;
}

static int append(wb_attributes_sink *sink, wb_attributes a) {
    if (sink->count == sink->capacity && !sink->reserve(sink, 1, 0)) return 0;
    sink->records[sink->count++] = a;
    return 1;
}

static wb_layout *create(const wb_plugin_descriptor *plugin, const uint8_t *options, int64_t length, wb_error *error) {
    (void)plugin; (void)options; (void)length;
    grid *g = calloc(1, sizeof *g);
    if (!g) { error->code = WB_ERROR_LAYOUT; strcpy(error->message, "out of memory"); return NULL; }
    /* Non-deterministic: each layout is shifted by the clock's nanoseconds when it was made
       (different for every layout, whether layouts share a process or not). */
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    g->shift = 1e-3 + (double)(now.tv_nsec % 1000000) * 1e-9;
    return (wb_layout *)g;
}

static void destroy(wb_layout *layout) { free(layout); }

static int32_t prepare(wb_layout *layout, const wb_data_source *data, wb_rect bounds, const wb_prepare_context *context, wb_error *error) {
    (void)context; (void)error;
    grid *g = (grid *)layout;
    g->width = bounds.width;
    g->count = data->section_count > 0 ? data->section_starts[1] - data->section_starts[0] : 0;
    return WB_OK;
}

static wb_size content_size(wb_layout *layout) {
    grid *g = (grid *)layout;
    return (wb_size){ g->width, 40 + (double)((g->count + columns(g) - 1) / columns(g)) * 50 };
}

static int32_t elements_in_rect(wb_layout *layout, wb_rect rect, wb_attributes_sink *sink, wb_error *error) {
    (void)error;
    grid *g = (grid *)layout;
    if (BUG == WRONG_ORDER && intersects(header(g).frame, rect) && !append(sink, header(g))) return WB_ERROR_LAYOUT;
    for (int64_t i = 0; i < g->count; i++) {
        wb_attributes a = cell(g, i);
        if ((BUG == OUTSIDE_RECT || intersects(a.frame, rect) || isnan(a.frame.width)) && !append(sink, a)) return WB_ERROR_LAYOUT;
    }
    if (BUG != WRONG_ORDER && intersects(header(g).frame, rect) && !append(sink, header(g))) return WB_ERROR_LAYOUT;
    return WB_OK;
}

static int32_t attributes_for_element(wb_layout *layout, wb_element e, wb_attributes_sink *sink, wb_error *error) {
    (void)error;
    grid *g = (grid *)layout;
    if (e.category == WB_CATEGORY_CELL && e.section == 0 && e.item >= 0 && e.item < g->count) {
        wb_attributes a = cell(g, e.item);
        if (BUG == INCONSISTENT_ELEMENT && e.item == g->count - 1) a.frame.x += 1;
        return append(sink, a) ? 1 : -WB_ERROR_LAYOUT;
    }
    if (e.category == WB_CATEGORY_SUPPLEMENTARY && e.kind == 0 && e.section == 0 && e.item == 0)
        return append(sink, header(g)) ? 1 : -WB_ERROR_LAYOUT;
    return 0;
}

static int32_t should_invalidate(wb_layout *layout, wb_rect bounds) {
    return BUG != DISHONEST_INVALIDATION && bounds.width != ((grid *)layout)->width;
}

static uint32_t invalidation_for_bounds_change(wb_layout *layout, wb_rect bounds) {
    (void)layout; (void)bounds;
    return WB_INVALIDATE_EVERYTHING;
}

static void invalidate(wb_layout *layout, uint32_t flags) { (void)layout; (void)flags; }

static wb_point target_content_offset(wb_layout *layout, wb_point proposed, wb_point velocity) {
    (void)layout; (void)velocity;
    if (BUG == BAD_TARGET) proposed.x = INFINITY;
    return proposed;
}

static int32_t transition_attributes(wb_layout *layout, wb_element e, int32_t appearing, wb_rect bounds, wb_attributes_sink *sink) {
    (void)appearing; (void)bounds;
    return attributes_for_element(layout, e, sink, NULL);
}

static int64_t element_count(wb_layout *layout) { return ((grid *)layout)->count + 1; }

#if WB_ABI_MINOR_VERSION >= 1
/* Ignores preferred sizes; with LYING_PREFERRED, claims to take them and lays nothing out with
   them; with SELF_SIZING, a cell takes the preferred height (the others stay where they are). */
static int32_t preferred_attributes(wb_layout *layout, wb_element e, wb_size preferred, wb_preferred_answer *answer, wb_error *error) {
    (void)layout; (void)e; (void)error;
    if (BUG == SELF_SIZING && e.category == WB_CATEGORY_CELL && e.item >= 0 && e.item < 256 && preferred.height > 0) {
        ((grid *)layout)->heights[e.item] = preferred.height;
        answer->size = (wb_size){ 100, preferred.height };
        answer->invalidation = WB_INVALIDATE_ITEMS;
        return 1;
    }
    if (BUG != LYING_PREFERRED) return 0;
    answer->size = preferred;
    answer->invalidation = WB_INVALIDATE_ITEMS;
    return 1;
}
#endif

static const wb_layout_functions functions = {
    create, destroy, prepare, content_size, elements_in_rect, attributes_for_element, should_invalidate,
    invalidation_for_bounds_change, invalidate, target_content_offset, transition_attributes, element_count,
#if WB_ABI_MINOR_VERSION >= 1
    NULL, preferred_attributes
#endif
};
static const char *const kinds[] = { "header" };
static const int32_t kind_categories[] = { WB_CATEGORY_SUPPLEMENTARY };
static const wb_plugin_descriptor descriptor = {
    WB_PLUGIN_DESCRIPTOR_HEADER, .name = "grid", .version = "1.0.0", .summary = "a grid with one bug",
    .kinds = kinds, .kind_categories = kind_categories, .kind_count = 1, .functions = &functions
};

const wb_plugin_descriptor *workbench_plugin_descriptor(void) { return &descriptor; }
