import Foundation

/// A layout plugin in C built in two (or more) visibly different versions, for hot reload:
/// one section of items as a column of 100-wide cells `cellHeight` tall (cell i at
/// y = cellHeight·i), so which build answers shows in every frame.
public enum ReloadablePlugin {
    /// Compiles the plugin `name` with cells `cellHeight` tall into `output` (written as a
    /// whole by the compiler: the caller moves or copies it into place).
    ///
    /// - Parameter crashing: a build that dereferences NULL in every `elements_in_rect`.
    public static func build(named name: String, cellHeight: Int, crashing: Bool = false, to output: String) throws {
        let source = output + ".c"
        try Self.source.write(toFile: source, atomically: true, encoding: .utf8)
        let include = BuildProducts.repositoryRoot + "/Sources/CLayoutABI/include"
        let result = try ProcessRunner.run(
            "/usr/bin/env",
            [
                "cc", "-shared", "-fPIC", "-O1", "-I", include, "-DPLUGIN_NAME=\"\(name)\"",
                "-DCELL_HEIGHT=\(cellHeight)",
                "-DCRASH_IN_QUERY=\(crashing ? 1 : 0)", "-o", output, source,
            ])
        try? FileManager.default.removeItem(atPath: source)
        guard result.status == 0 else { throw FixtureBuildError(message: "cc failed: \(result.standardError)") }
    }

    static let source = #"""
        #include <stdlib.h>
        #include <string.h>
        #include "workbench_layout.h"
        #define TEXT(x) #x
        #define STRING(x) TEXT(x)

        typedef struct { int64_t count; } layout;

        static wb_layout *create(const struct wb_plugin_descriptor *plugin, const uint8_t *options, int64_t length, wb_error *error) {
            return (wb_layout *)calloc(1, sizeof(layout));
        }
        static void destroy(wb_layout *self) { free(self); }
        static int32_t prepare(wb_layout *self, const wb_data_source *data, wb_rect bounds, const wb_prepare_context *context, wb_error *error) {
            ((layout *)self)->count = data->section_count > 0 ? data->section_starts[1] - data->section_starts[0] : 0;
            return WB_OK;
        }
        static wb_size content_size(wb_layout *self) { return (wb_size){ 100, (double)CELL_HEIGHT * ((layout *)self)->count }; }
        static wb_attributes cell(int64_t item) {
            wb_attributes record;
            memset(&record, 0, sizeof record);
            record.element = (wb_element){ WB_CATEGORY_CELL, -1, 0, item };
            record.frame = (wb_rect){ 0, (double)CELL_HEIGHT * item, 100, CELL_HEIGHT };
            record.alpha = 1;
            return record;
        }
        static int append(wb_attributes_sink *sink, wb_attributes record) {
            if (sink->count == sink->capacity && !sink->reserve(sink, 1, 0)) return 0;
            sink->records[sink->count++] = record;
            return 1;
        }
        static int32_t elements_in_rect(wb_layout *self, wb_rect rect, wb_attributes_sink *sink, wb_error *error) {
            if (CRASH_IN_QUERY) *(volatile int *)0 = 1;
            for (int64_t item = 0; item < ((layout *)self)->count; item++) {
                wb_attributes record = cell(item);
                if (record.frame.y < rect.y + rect.height && rect.y < record.frame.y + record.frame.height
                    && record.frame.x < rect.x + rect.width && rect.x < record.frame.x + record.frame.width
                    && !append(sink, record)) return WB_ERROR_LAYOUT;
            }
            return WB_OK;
        }
        static int32_t attributes_for_element(wb_layout *self, wb_element element, wb_attributes_sink *sink, wb_error *error) {
            if (element.category != WB_CATEGORY_CELL || element.section != 0 || element.item < 0 || element.item >= ((layout *)self)->count) return 0;
            return append(sink, cell(element.item)) ? 1 : -1;
        }
        static int32_t should_invalidate(wb_layout *self, wb_rect bounds) { return 0; }
        static uint32_t invalidation(wb_layout *self, wb_rect bounds) { return WB_INVALIDATE_EVERYTHING; }
        static void invalidate(wb_layout *self, uint32_t flags) {}
        static wb_point target(wb_layout *self, wb_point proposed, wb_point velocity) { return proposed; }
        static int32_t transition(wb_layout *self, wb_element element, int32_t appearing, wb_rect bounds, wb_attributes_sink *sink) {
            return attributes_for_element(self, element, sink, NULL);
        }
        static int64_t element_count(wb_layout *self) { return ((layout *)self)->count; }

        static const wb_layout_functions functions = {
            create, destroy, prepare, content_size, elements_in_rect, attributes_for_element,
            should_invalidate, invalidation, invalidate, target, transition, element_count
        };
        static const wb_plugin_descriptor descriptor = {
            .abi_version = WB_ABI_VERSION, .abi_minor_version = WB_ABI_MINOR_VERSION, .descriptor_size = sizeof(wb_plugin_descriptor),
            .functions_size = sizeof(wb_layout_functions), .name = PLUGIN_NAME, .version = "1." STRING(CELL_HEIGHT),
            .summary = "a column of cells, rebuilt with another height", .functions = &functions
        };
        const wb_plugin_descriptor *workbench_plugin_descriptor(void) { return &descriptor; }
        """#
}
