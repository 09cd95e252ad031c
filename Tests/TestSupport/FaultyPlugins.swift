import Foundation

/// Layout plugins written in C that misbehave on purpose, compiled with the system's `cc`
/// against the real ABI header: one source, one behaviour per build (`-DFAULT=…`).
///
/// Each lays out one section of items as a column of 100 × 20 cells (cell i at y = 20·i),
/// and has one supplementary kind, `badge`.
public enum FaultyPlugin: String, CaseIterable, Sendable {
    /// Behaves: the control case.
    case well
    /// Dereferences NULL in `prepare`.
    case segfault
    /// Calls `abort()` in `prepare`.
    case abort
    /// Loops in `prepare` without polling the cancel flag.
    case spin
    /// Puts a NaN in cell 1's frame.x.
    case nan
    /// Returns WB_ERROR_LAYOUT from `elements_in_rect`.
    case failQuery = "failquery"
    /// Emits a supplementary view of kind 7, which it never declared.
    case undeclaredKind = "undeclared"
    /// Returns its cells last to first, and one far outside the rect.
    case unordered
    /// Declares ABI version 2.
    case futureABI = "future"
    /// Dereferences NULL in its first `elements_in_rect` (in any process: a marker file
    /// beside the library remembers — so only with `--sandbox off`), then behaves.
    case crashOnce = "once"
    /// Behaves, and takes batches: `prepare_for_updates` keeps the batch's new → old item
    /// map, and the `prepare` after it puts new cell i at x = 100 × changes + old index + 1
    /// (0 for an inserted cell); a full prepare (after `invalidate(DATA)`) leaves x at 0.
    case incremental
    /// Answers its first three rect queries whole, then leaves out the last cell of each
    /// answer: the same query answered differently when asked again.
    case forgetful
    /// Behaves, but its `prepare_for_updates` refuses every batch with WB_ERROR_LAYOUT and the
    /// message "this layout takes no batches".
    case failUpdates = "failupdates"
    /// Dereferences NULL as the library is loaded (a constructor): only a child process may
    /// load it (discovery with `--isolation process`).
    case crashOnLoad = "loadcrash"
    /// Spins forever in its entry point, `workbench_plugin_descriptor`: likewise.
    case hangOnLoad = "loadhang"
    /// Returns WB_ERROR_LAYOUT from `prepare` without filling in its error.
    case silentPrepare = "silentprepare"
    /// Returns NULL from `create` without filling in its error.
    case silentCreate = "silentcreate"

    /// The plugin's name in workspaces: "fault-" + the behaviour.
    public var pluginName: String { "fault-\(rawValue)" }

    /// Compiles this plugin into `lib<pluginName>.so` in `folder`; returns the library's path.
    public func build(in folder: String) throws -> String {
        let source = (folder as NSString).appendingPathComponent("faulty-\(rawValue).c")
        try Self.source.write(toFile: source, atomically: true, encoding: .utf8)
        let library = (folder as NSString).appendingPathComponent("lib\(pluginName).so")
        let include = BuildProducts.repositoryRoot + "/Sources/CLayoutABI/include"
        let result = try ProcessRunner.run(
            "/usr/bin/env",
            [
                "cc", "-shared", "-fPIC", "-O1", "-I", include, "-DFAULT_\(rawValue.uppercased())",
                "-DPLUGIN_NAME=\"\(pluginName)\"",
                "-DMARKER=\"\((folder as NSString).appendingPathComponent("lib\(pluginName).crashed"))\"",
                "-o", library, source,
            ])
        guard result.status == 0 else { throw FixtureBuildError(message: "cc failed: \(result.standardError)") }
        return library
    }

    /// Builds every plugin in `behaviours` into `folder`.
    public static func build(_ behaviours: [FaultyPlugin], in folder: String) throws {
        for behaviour in behaviours { _ = try behaviour.build(in: folder) }
    }

    static let source = #"""
        #include <fcntl.h>
        #include <math.h>
        #include <stdlib.h>
        #include <string.h>
        #include <unistd.h>
        #include "workbench_layout.h"

        typedef struct { int64_t count; int64_t *marks, *pending; int64_t mark_count, pending_count; } layout;

        static wb_layout *create(const struct wb_plugin_descriptor *plugin, const uint8_t *options, int64_t length, wb_error *error) {
        #ifdef FAULT_SILENTCREATE
            return NULL;
        #endif
            return (wb_layout *)calloc(1, sizeof(layout));
        }
        static void destroy(wb_layout *self) { free(((layout *)self)->marks); free(((layout *)self)->pending); free(self); }

        static int32_t prepare(wb_layout *self, const wb_data_source *data, wb_rect bounds, const wb_prepare_context *context, wb_error *error) {
            layout *l = (layout *)self;
            l->count = data->section_count > 0 ? data->section_starts[1] - data->section_starts[0] : 0;
            if (l->pending) {
                free(l->marks);
                l->marks = l->pending, l->mark_count = l->pending_count, l->pending = NULL;
            }
            if (l->marks && l->mark_count != l->count) { free(l->marks); l->marks = NULL; }
        #ifdef FAULT_SEGFAULT
            *(volatile int *)0 = 1;
        #endif
        #ifdef FAULT_ABORT
            abort();
        #endif
        #ifdef FAULT_SPIN
            for (volatile unsigned long spin = 0;; spin++) {}
        #endif
        #ifdef FAULT_SILENTPREPARE
            return WB_ERROR_LAYOUT;
        #endif
            return WB_OK;
        }

        static wb_size content_size(wb_layout *self) { return (wb_size){ 100, 20.0 * ((layout *)self)->count }; }

        static int append(wb_attributes_sink *sink, wb_attributes record) {
            if (sink->count == sink->capacity && !sink->reserve(sink, 1, 0)) return 0;
            sink->records[sink->count++] = record;
            return 1;
        }

        static wb_attributes cell(int64_t item) {
            wb_attributes record;
            memset(&record, 0, sizeof record);
            record.element = (wb_element){ WB_CATEGORY_CELL, -1, 0, item };
            record.frame = (wb_rect){ 0, 20.0 * item, 100, 20 };
            record.alpha = 1;
        #ifdef FAULT_NAN
            if (item == 1) record.frame.x = NAN;
        #endif
            return record;
        }

        static wb_attributes marked(layout *l, int64_t item) {
            wb_attributes record = cell(item);
            if (l->marks && item < l->mark_count) record.frame.x = (double)l->marks[item];
            return record;
        }

        static int32_t elements_in_rect(wb_layout *self, wb_rect rect, wb_attributes_sink *sink, wb_error *error) {
            layout *l = (layout *)self;
        #ifdef FAULT_FAILQUERY
            return WB_ERROR_LAYOUT;
        #endif
        #ifdef FAULT_ONCE
            if (access(MARKER, F_OK) != 0) {
                close(open(MARKER, O_CREAT | O_WRONLY, 0644));
                *(volatile int *)0 = 1;
            }
        #endif
        #ifdef FAULT_UNORDERED
            for (int64_t item = l->count - 1; item >= 0; item--) {
                wb_attributes record = cell(item);
                if (item == 0) record.frame.x = 1e6;
                if (!append(sink, record)) return WB_ERROR_LAYOUT;
            }
            return WB_OK;
        #endif
            for (int64_t item = 0; item < l->count; item++) {
                wb_attributes record = marked(l, item);
                if (record.frame.y < rect.y + rect.height && rect.y < record.frame.y + record.frame.height
                    && !(record.frame.x >= rect.x + rect.width)) {
                    if (!append(sink, record)) return WB_ERROR_LAYOUT;
                }
            }
        #ifdef FAULT_FORGETFUL
            static int calls = 0;
            if (++calls > 3 && sink->count > 0) sink->count--;
        #endif
        #ifdef FAULT_UNDECLARED
            wb_attributes badge = cell(0);
            badge.element = (wb_element){ WB_CATEGORY_SUPPLEMENTARY, 7, 0, 0 };
            if (!append(sink, badge)) return WB_ERROR_LAYOUT;
        #endif
            return WB_OK;
        }

        static int32_t attributes_for_element(wb_layout *self, wb_element element, wb_attributes_sink *sink, wb_error *error) {
            if (element.category != WB_CATEGORY_CELL || element.section != 0 || element.item < 0 || element.item >= ((layout *)self)->count) return 0;
            return append(sink, marked((layout *)self, element.item)) ? 1 : -1;
        }
        static int32_t should_invalidate(wb_layout *self, wb_rect bounds) { return 0; }
        static uint32_t invalidation(wb_layout *self, wb_rect bounds) { return WB_INVALIDATE_EVERYTHING; }
        static void invalidate(wb_layout *self, uint32_t flags) {
            layout *l = (layout *)self;
            if (flags & WB_INVALIDATE_DATA) { free(l->marks); free(l->pending); l->marks = l->pending = NULL; }
        }
        static int32_t prepare_for_updates(wb_layout *self, const wb_update_batch *batch, wb_error *error) {
        #ifdef FAULT_FAILUPDATES
            error->code = WB_ERROR_LAYOUT;
            strcpy(error->message, "this layout takes no batches");
            return WB_ERROR_LAYOUT;
        #endif
            layout *l = (layout *)self;
            int64_t count = batch->new_section_starts[batch->new_section_count];
            free(l->pending);
            l->pending = malloc(sizeof(int64_t) * (count > 0 ? count : 1));
            if (!l->pending) return WB_ERROR_LAYOUT;
            for (int64_t item = 0; item < count; item++) l->pending[item] = 100 * batch->change_count;
            for (int64_t r = 0; r < batch->item_run_count; r++)
                for (int64_t k = 0; k < batch->item_runs[r].count; k++)
                    l->pending[batch->item_runs[r].new_start + k] += batch->item_runs[r].old_start + k + 1;
            l->pending_count = count;
            return WB_OK;
        }
        static wb_point target(wb_layout *self, wb_point proposed, wb_point velocity) { return proposed; }
        static int32_t transition(wb_layout *self, wb_element element, int32_t appearing, wb_rect bounds, wb_attributes_sink *sink) {
            return attributes_for_element(self, element, sink, NULL);
        }
        static int64_t element_count(wb_layout *self) { return ((layout *)self)->count; }

        static const wb_layout_functions functions = {
            create, destroy, prepare, content_size, elements_in_rect, attributes_for_element,
            should_invalidate, invalidation, invalidate, target, transition, element_count,
        #if defined(FAULT_INCREMENTAL) || defined(FAULT_FAILUPDATES)
            prepare_for_updates
        #endif
        };
        static const char *const kinds[] = { "badge" };
        static const int32_t categories[] = { WB_CATEGORY_SUPPLEMENTARY };
        #ifdef FAULT_FUTURE
        #define VERSION (WB_ABI_VERSION + 1)
        #else
        #define VERSION WB_ABI_VERSION
        #endif
        static const wb_plugin_descriptor descriptor = {
            .abi_version = VERSION, .abi_minor_version = WB_ABI_MINOR_VERSION, .descriptor_size = sizeof(wb_plugin_descriptor),
            .functions_size = sizeof(wb_layout_functions), .name = PLUGIN_NAME, .version = "0.0.1", .summary = "misbehaves on purpose",
            .kinds = kinds, .kind_categories = categories, .kind_count = 1, .functions = &functions
        };
        #ifdef FAULT_LOADCRASH
        __attribute__((constructor)) static void crash_on_load(void) { volatile int *volatile nowhere = 0; *nowhere = 1; }
        #endif
        const wb_plugin_descriptor *workbench_plugin_descriptor(void) {
        #ifdef FAULT_LOADHANG
            for (volatile int spin = 1; spin;) {}
        #endif
            return &descriptor;
        }
        """#
}

public struct FixtureBuildError: Error {
    public var message: String
}
