/// The C plugin: one `.c` file against the workbench's ABI header and a Makefile; `make`
/// builds `lib__SYMBOL__.so`, `make check` runs `workbench check` on the sample workspace.
enum CTemplate {
    static func files(symbol: String) -> [(String, String)] {
        [("Makefile", makefile), ("\(symbol).c", source), ("README.md", readme), (".gitignore", "*.so\n*.o\n")]
    }

    static let makefile = #"""
        # The workbench checkout (its ABI header), and the workbench to check with.
        WORKBENCH ?= __WORKBENCH__
        WORKBENCH_EXECUTABLE ?= __EXECUTABLE__
        CFLAGS ?= -O2 -g -std=c11 -Wall -Wextra -Werror

        lib__SYMBOL__.so: __SYMBOL__.c $(WORKBENCH)/Sources/CLayoutABI/include/workbench_layout.h
        	$(CC) $(CFLAGS) -shared -fPIC -I$(WORKBENCH)/Sources/CLayoutABI/include -o $@ __SYMBOL__.c -lm

        # The layout contract on every view of the sample workspace.
        check: lib__SYMBOL__.so
        	$(WORKBENCH_EXECUTABLE) check Workspaces --plugins .

        clean:
        	rm -f lib__SYMBOL__.so

        .PHONY: check clean

        """#

    static let source = #"""
        /*
         * __NAME__: a sectioned list. Each section is a header (supplementary kind 0, "header",
         * at item 0) followed by one full-width row per item, top to bottom.
         *
         * Options: rowHeight (44), headerHeight (28), spacing between rows (1).
         * Prepare caches every row's y, O(n); a rect query is a binary search, O(log n + k).
         * Only a width change invalidates it.
         */
        #include <math.h>
        #include <stdio.h>
        #include <stdlib.h>
        #include <string.h>
        #include "workbench_layout.h"

        typedef struct {
            double row_height, header_height, spacing;  /* options */
            double width;
            int64_t section_count, item_count;
            int64_t *section_starts;  /* section_count + 1: section s's items are [starts[s], starts[s + 1]) */
            double *cell_y;           /* per item, by global index */
            double *header_y;         /* per section */
            double height;
        } list_layout;

        /* Errors --------------------------------------------------------------------------- */

        static void fail(wb_error *error, int32_t code, const char *field, const char *message) {
            if (!error) return;
            error->code = code;
            error->section = error->item = -1;
            snprintf(error->field, sizeof error->field, "%s", field);
            snprintf(error->message, sizeof error->message, "%s", message);
        }

        /* Options: a value-encoded map (see the header). Little-endian, read byte by byte. ---- */

        static uint32_t read_u32(const uint8_t *p) {
            return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
        }

        static double read_f64(const uint8_t *p) {
            uint64_t bits = 0;
            for (int i = 7; i >= 0; i--) bits = bits << 8 | p[i];
            double value;
            memcpy(&value, &bits, sizeof value);
            return value;
        }

        /* Reads {rowHeight, headerHeight, spacing}: numbers only, unknown keys refused. */
        static int read_options(list_layout *layout, const uint8_t *bytes, int64_t length, wb_error *error) {
            if (bytes == NULL || length == 0) return 1;  /* the host always sends a map; be lenient anyway */
            if (length < 9 || bytes[0] != 6) { fail(error, WB_ERROR_OPTIONS, "", "options must be a map"); return 0; }
            uint32_t count = read_u32(bytes + 1);
            int64_t at = 9, end = 9 + (int64_t)read_u32(bytes + 5);
            if (end > length) { fail(error, WB_ERROR_OPTIONS, "", "the options are truncated"); return 0; }
            for (uint32_t i = 0; i < count; i++) {
                if (at + 4 > end) { fail(error, WB_ERROR_OPTIONS, "", "the options are truncated"); return 0; }
                int64_t key_length = read_u32(bytes + at);
                at += 4;
                if (key_length > end - at) { fail(error, WB_ERROR_OPTIONS, "", "the options are truncated"); return 0; }
                char key[64];
                snprintf(key, sizeof key, "%.*s", (int)(key_length < 63 ? key_length : 63), (const char *)(bytes + at));
                at += key_length;
                double *target = strcmp(key, "rowHeight") == 0 ? &layout->row_height
                               : strcmp(key, "headerHeight") == 0 ? &layout->header_height
                               : strcmp(key, "spacing") == 0 ? &layout->spacing : NULL;
                if (target == NULL || key_length > 63) {
                    fail(error, WB_ERROR_OPTIONS, key, "unknown option; known options: 'headerHeight', 'rowHeight', 'spacing'");
                    return 0;
                }
                if (at + 9 > end || bytes[at] != 3) { fail(error, WB_ERROR_OPTIONS, key, "expected a number"); return 0; }
                double value = read_f64(bytes + at + 1);
                at += 9;
                int positive = target == &layout->row_height;
                if (!isfinite(value) || value < 0 || (positive && value == 0) || value > 1e6) {
                    fail(error, WB_ERROR_OPTIONS, key, positive ? "expected a number greater than 0 (at most 1000000)"
                                                                : "expected a number of at least 0 (at most 1000000)");
                    return 0;
                }
                *target = value;
            }
            return 1;
        }

        /* Records ---------------------------------------------------------------------------- */

        static int append(wb_attributes_sink *sink, wb_element element, wb_rect frame, int32_t z_index) {
            if (sink->count == sink->capacity && !sink->reserve(sink, 1, 0)) return 0;
            wb_attributes *record = &sink->records[sink->count++];  /* after reserve: it may move the records */
            memset(record, 0, sizeof *record);
            record->element = element;
            record->frame = frame;
            record->alpha = 1;
            record->z_index = z_index;
            return 1;
        }

        static wb_rect cell_frame(const list_layout *layout, int64_t global) {
            return (wb_rect){ 0, layout->cell_y[global], layout->width, layout->row_height };
        }

        static wb_rect header_frame(const list_layout *layout, int64_t section) {
            return (wb_rect){ 0, layout->header_y[section], layout->width, layout->header_height };
        }

        static int intersects(wb_rect f, wb_rect r) {
            return f.x < r.x + r.width && r.x < f.x + f.width && f.y < r.y + r.height && r.y < f.y + f.height;
        }

        /* The first of `count` spans starting at ys[i], `height` high (top to bottom), that ends below `top`. */
        static int64_t first_below(const double *ys, int64_t count, double height, double top) {
            int64_t low = 0, high = count;
            while (low < high) {
                int64_t middle = low + (high - low) / 2;
                if (ys[middle] + height > top) high = middle; else low = middle + 1;
            }
            return low;
        }

        /* The function table ------------------------------------------------------------------ */

        static wb_layout *create(const wb_plugin_descriptor *plugin, const uint8_t *options, int64_t length, wb_error *error) {
            (void)plugin;
            list_layout *layout = calloc(1, sizeof *layout);
            if (!layout) { fail(error, WB_ERROR_LAYOUT, "", "out of memory"); return NULL; }
            layout->row_height = 44;
            layout->header_height = 28;
            layout->spacing = 1;
            if (!read_options(layout, options, length, error)) { free(layout); return NULL; }
            return (wb_layout *)layout;
        }

        static void destroy(wb_layout *handle) {
            list_layout *layout = (list_layout *)handle;
            if (!layout) return;
            free(layout->section_starts);
            free(layout->cell_y);
            free(layout->header_y);
            free(layout);
        }

        static int32_t prepare(wb_layout *handle, const wb_data_source *data, wb_rect bounds,
                               const wb_prepare_context *context, wb_error *error) {
            list_layout *layout = (list_layout *)handle;
            int64_t sections = data ? data->section_count : 0;
            int64_t items = sections > 0 ? data->section_starts[sections] : 0;
            int64_t *starts = realloc(layout->section_starts, (size_t)(sections + 1) * sizeof *starts);
            if (starts) layout->section_starts = starts;
            double *cell_y = realloc(layout->cell_y, (size_t)(items > 0 ? items : 1) * sizeof *cell_y);
            if (cell_y) layout->cell_y = cell_y;
            double *header_y = realloc(layout->header_y, (size_t)(sections > 0 ? sections : 1) * sizeof *header_y);
            if (header_y) layout->header_y = header_y;
            if (!starts || !cell_y || !header_y) { fail(error, WB_ERROR_LAYOUT, "", "out of memory"); return WB_ERROR_LAYOUT; }
            double y = 0;
            starts[0] = 0;
            for (int64_t s = 0; s < sections; s++) {
                if (context && context->cancel && *context->cancel) { fail(error, WB_ERROR_CANCELLED, "", "cancelled"); return WB_ERROR_CANCELLED; }
                if (context && context->progress && (s & 1023) == 0) context->progress(context->host_context, (double)s / (double)sections);
                header_y[s] = y;
                y += layout->header_height;
                for (int64_t g = data->section_starts[s]; g < data->section_starts[s + 1]; g++) {
                    cell_y[g] = y;
                    y += layout->row_height + layout->spacing;
                }
                starts[s + 1] = data->section_starts[s + 1];
            }
            layout->section_count = sections;
            layout->item_count = items;
            layout->width = bounds.width;
            layout->height = y;
            return WB_OK;
        }

        static wb_size content_size(wb_layout *handle) {
            list_layout *layout = (list_layout *)handle;
            return (wb_size){ layout->width, layout->height };
        }

        /* Cells first (by section, item: top to bottom), then headers: the canonical order. */
        static int32_t elements_in_rect(wb_layout *handle, wb_rect rect, wb_attributes_sink *sink, wb_error *error) {
            (void)error;  /* set it (with fail) when a query can go wrong */
            list_layout *layout = (list_layout *)handle;
            int64_t section = 0;
            for (int64_t g = first_below(layout->cell_y, layout->item_count, layout->row_height, rect.y);
                 g < layout->item_count && layout->cell_y[g] < rect.y + rect.height; g++) {
                while (g >= layout->section_starts[section + 1]) section++;
                wb_rect frame = cell_frame(layout, g);
                wb_element element = { WB_CATEGORY_CELL, -1, section, g - layout->section_starts[section] };
                if (intersects(frame, rect) && !append(sink, element, frame, 0)) return WB_ERROR_LAYOUT;
            }
            for (int64_t s = first_below(layout->header_y, layout->section_count, layout->header_height, rect.y);
                 s < layout->section_count && layout->header_y[s] < rect.y + rect.height; s++) {
                wb_rect frame = header_frame(layout, s);
                wb_element element = { WB_CATEGORY_SUPPLEMENTARY, 0, s, 0 };
                if (intersects(frame, rect) && !append(sink, element, frame, 1)) return WB_ERROR_LAYOUT;
            }
            return WB_OK;
        }

        static int32_t attributes_for_element(wb_layout *handle, wb_element element, wb_attributes_sink *sink, wb_error *error) {
            (void)error;
            list_layout *layout = (list_layout *)handle;
            int64_t s = element.section, i = element.item;
            if (s < 0 || s >= layout->section_count) return 0;
            if (element.category == WB_CATEGORY_CELL) {
                if (i < 0 || i >= layout->section_starts[s + 1] - layout->section_starts[s]) return 0;
                int64_t g = layout->section_starts[s] + i;
                return append(sink, element, cell_frame(layout, g), 0) ? 1 : -WB_ERROR_LAYOUT;
            }
            if (element.category == WB_CATEGORY_SUPPLEMENTARY && element.kind == 0 && i == 0)
                return append(sink, element, header_frame(layout, s), 1) ? 1 : -WB_ERROR_LAYOUT;
            return 0;
        }

        static int32_t should_invalidate(wb_layout *handle, wb_rect new_bounds) {
            return new_bounds.width != ((list_layout *)handle)->width;
        }

        static uint32_t invalidation_for_bounds_change(wb_layout *handle, wb_rect new_bounds) {
            (void)handle; (void)new_bounds;
            return WB_INVALIDATE_EVERYTHING;
        }

        static void invalidate(wb_layout *handle, uint32_t flags) {
            (void)handle; (void)flags;  /* prepare recomputes everything anyway */
        }

        static wb_point target_content_offset(wb_layout *handle, wb_point proposed, wb_point velocity) {
            (void)handle; (void)velocity;
            return proposed;
        }

        /* Seed 003's default: the element's own attributes, transparent, centred in the bounds. */
        static int32_t transition_attributes(wb_layout *handle, wb_element element, int32_t is_appearing,
                                             wb_rect bounds, wb_attributes_sink *sink) {
            (void)is_appearing;
            int32_t found = attributes_for_element(handle, element, sink, NULL);
            if (found != 1) return found;
            wb_attributes *record = &sink->records[sink->count - 1];
            record->alpha = 0;
            record->frame.x = bounds.x + bounds.width / 2 - record->frame.width / 2;
            record->frame.y = bounds.y + bounds.height / 2 - record->frame.height / 2;
            return 1;
        }

        static int64_t element_count(wb_layout *handle) {
            list_layout *layout = (list_layout *)handle;
            return layout->item_count + layout->section_count;
        }

        /* The descriptor: the one symbol the workbench looks for. ------------------------------ */

        static const wb_layout_functions functions = {
            .create = create, .destroy = destroy, .prepare = prepare, .content_size = content_size,
            .elements_in_rect = elements_in_rect, .attributes_for_element = attributes_for_element,
            .should_invalidate_for_bounds_change = should_invalidate,
            .invalidation_for_bounds_change = invalidation_for_bounds_change, .invalidate = invalidate,
            .target_content_offset = target_content_offset, .transition_attributes = transition_attributes,
            .element_count = element_count,
            .prepare_for_updates = NULL,  /* optional: NULL means prepare recomputes everything after a batch update */
        };
        static const char *const kinds[] = { "header" };
        static const int32_t kind_categories[] = { WB_CATEGORY_SUPPLEMENTARY };
        static const char *const option_names[] = { "rowHeight", "headerHeight", "spacing" };
        static const wb_plugin_descriptor descriptor = {
            WB_PLUGIN_DESCRIPTOR_HEADER,  /* the ABI version, and the sizes that let later minor versions add fields */
            .name = "__NAME__",
            .version = "0.1.0",
            .summary = "A sectioned list: a header per section, a row per item",
            .kinds = kinds, .kind_categories = kind_categories, .kind_count = 1,
            .option_names = option_names, .option_count = 3,
            .functions = &functions,
            .flips_horizontally = 1,  /* the workbench mirrors it in right-to-left views */
        };

        const wb_plugin_descriptor *workbench_plugin_descriptor(void) { return &descriptor; }

        """#

    static let readme = """
        # __NAME__

        A layout plugin for the Layout Workbench (__WORKBENCH__), written in C against
        `Sources/CLayoutABI/include/workbench_layout.h`.

            make          # lib__SYMBOL__.so
            make check    # workbench check Workspaces --plugins .
            __EXECUTABLE__ run Workspaces --plugins .

        `make WORKBENCH=/path/to/checkout` builds against another checkout, and
        `make check WORKBENCH_EXECUTABLE=/path/to/workbench` checks with another workbench. How
        to write a layout — the C boundary, options, data and the checker — is in the
        workbench's `__WORKBENCH__/docs/plugins.md`.

        """
}
