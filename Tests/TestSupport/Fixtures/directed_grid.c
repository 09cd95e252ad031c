/*
 * A small C layout plugin that lays out right to left by itself, for testing layout direction
 * (ABI 2.2). Layout "directed": the items of section 0 as 100 x 50 cells in rows of
 * floor(width / 100), the content as wide as the bounds. Built against a 2.2 header it reads
 * the view's direction from its prepare context and, right to left, puts column 0 at the
 * right edge. Built against an older header (-I Fixtures/abi-2.0 or abi-2.1) it knows no
 * direction and always lays out left to right: the older-ABI fixture.
 *
 * -DFLIPS=1 also sets `flips_horizontally`, which is a bug: the host mirrors a layout that has
 * mirrored itself already, so right to left shows it left to right (the `mirror` invariant
 * catches it).
 *
 * -DMOVES=1 also implements 2.2's optional functions: a dragged item always targets the last
 * item of section 0, is drawn 10 x 10 at the position with zIndex 99 and alpha 0.5, and a
 * transition to this layout snaps the proposed offset to x 0 and the next whole row (50 points).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "workbench_layout.h"

#ifndef FLIPS
#define FLIPS 0
#endif
#ifndef MOVES
#define MOVES 0
#endif

typedef struct { double width; int64_t count; int right_to_left; } grid;

static int64_t columns(const grid *g) { int64_t c = (int64_t)(g->width / 100); return c < 1 ? 1 : c; }

static wb_attributes cell(const grid *g, int64_t i) {
    wb_attributes a = {0};
    double column = (double)(i % columns(g));
    a.element = (wb_element){ WB_CATEGORY_CELL, -1, 0, i };
    a.frame = (wb_rect){ g->right_to_left ? g->width - 100 * (column + 1) : 100 * column, (double)(i / columns(g)) * 50, 100, 50 };
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
    return (wb_layout *)g;
}

static void destroy(wb_layout *layout) { free(layout); }

static int32_t prepare(wb_layout *layout, const wb_data_source *data, wb_rect bounds, const wb_prepare_context *context, wb_error *error) {
    (void)error;
    grid *g = (grid *)layout;
    g->width = bounds.width < 100 ? 100 : bounds.width;
    g->count = data->section_count > 0 ? data->section_starts[1] - data->section_starts[0] : 0;
#if WB_ABI_MINOR_VERSION >= 2
    g->right_to_left = context && context->direction == WB_DIRECTION_RIGHT_TO_LEFT;
#else
    (void)context;
#endif
    return WB_OK;
}

static wb_size content_size(wb_layout *layout) {
    grid *g = (grid *)layout;
    return (wb_size){ g->width, (double)((g->count + columns(g) - 1) / columns(g)) * 50 };
}

static int32_t elements_in_rect(wb_layout *layout, wb_rect rect, wb_attributes_sink *sink, wb_error *error) {
    (void)error;
    grid *g = (grid *)layout;
    for (int64_t i = 0; i < g->count; i++) {
        wb_attributes a = cell(g, i);
        if (intersects(a.frame, rect) && !append(sink, a)) return WB_ERROR_LAYOUT;
    }
    return WB_OK;
}

static int32_t attributes_for_element(wb_layout *layout, wb_element e, wb_attributes_sink *sink, wb_error *error) {
    (void)error;
    grid *g = (grid *)layout;
    if (e.category != WB_CATEGORY_CELL || e.section != 0 || e.item < 0 || e.item >= g->count) return 0;
    return append(sink, cell(g, e.item)) ? 1 : -WB_ERROR_LAYOUT;
}

static int32_t should_invalidate(wb_layout *layout, wb_rect bounds) { return bounds.width != ((grid *)layout)->width; }

static uint32_t invalidation_for_bounds_change(wb_layout *layout, wb_rect bounds) {
    (void)layout; (void)bounds;
    return WB_INVALIDATE_EVERYTHING;
}

static void invalidate(wb_layout *layout, uint32_t flags) { (void)layout; (void)flags; }

static wb_point target_content_offset(wb_layout *layout, wb_point proposed, wb_point velocity) {
    (void)layout; (void)velocity;
    return proposed;
}

static int32_t transition_attributes(wb_layout *layout, wb_element e, int32_t appearing, wb_rect bounds, wb_attributes_sink *sink) {
    (void)appearing; (void)bounds;
    return attributes_for_element(layout, e, sink, NULL);
}

static int64_t element_count(wb_layout *layout) { return ((grid *)layout)->count; }

#if WB_ABI_MINOR_VERSION >= 2 && MOVES
static int32_t target_for_moving_item(wb_layout *layout, wb_element item, wb_point position, wb_element *target, wb_error *error) {
    (void)item; (void)position; (void)error;
    *target = (wb_element){ WB_CATEGORY_CELL, -1, 0, ((grid *)layout)->count - 1 };
    return 1;
}

static int32_t moving_item_attributes(wb_layout *layout, wb_element item, wb_point position, wb_attributes_sink *sink, wb_error *error) {
    (void)layout; (void)error;
    wb_attributes a = {0};
    a.element = item;
    a.frame = (wb_rect){ position.x, position.y, 10, 10 };
    a.alpha = 0.5;
    a.z_index = 99;
    return append(sink, a) ? 1 : -WB_ERROR_LAYOUT;
}

static wb_point target_content_offset_for_proposed(wb_layout *layout, wb_point proposed) {
    (void)layout;
    return (wb_point){ 0, (floor(proposed.y / 50) + 1) * 50 };
}
#endif

static const wb_layout_functions functions = {
    create, destroy, prepare, content_size, elements_in_rect, attributes_for_element, should_invalidate,
    invalidation_for_bounds_change, invalidate, target_content_offset, transition_attributes, element_count,
#if WB_ABI_MINOR_VERSION >= 2 && MOVES
    .target_for_moving_item = target_for_moving_item, .moving_item_attributes = moving_item_attributes,
    .target_content_offset_for_proposed = target_content_offset_for_proposed,
#endif
};
static const wb_plugin_descriptor descriptor = {
    WB_PLUGIN_DESCRIPTOR_HEADER, .name = "directed", .version = "1.0.0", .summary = "a grid that reads its direction",
    .functions = &functions,
#if WB_ABI_MINOR_VERSION >= 2
    .flips_horizontally = FLIPS,
#endif
};

const wb_plugin_descriptor *workbench_plugin_descriptor(void) { return &descriptor; }
