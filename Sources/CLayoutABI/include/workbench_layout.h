/*
 * workbench_layout.h — the C boundary between the Layout Workbench host and a layout plugin.
 *
 * A plugin is a shared library that exports one symbol:
 *
 *     const wb_plugin_descriptor *workbench_plugin_descriptor(void);
 *
 * The host calls it, reads `abi_version` (always the first field, in every ABI version) and
 * refuses the plugin unless it equals WB_ABI_VERSION; only then does it touch anything else.
 *
 * Version 2 (this header, at minor version 3) is designed to grow without breaking: the descriptor states its
 * own size and its function table's size, and a minor version. A host accepts plugins of its
 * major version whose minor version is not newer than its own; it reads only the bytes the
 * plugin says it has and treats functions missing from a shorter (older) table, and optional
 * functions left NULL, as their documented defaults. Version-1 plugins are refused (their
 * prepare and query functions have other signatures): rebuild them against this header.
 * Start a descriptor with WB_PLUGIN_DESCRIPTOR_HEADER to fill in all four version fields.
 *
 * Everything that crosses is plain data: geometry as doubles, identities as integers, values
 * (data items, options, extra attribute fields) in the compact binary "value encoding" below,
 * attributes as fixed-size records written into buffers that the host owns.
 *
 * Value encoding (little-endian, one tag byte first):
 *   0 null | 1 false | 2 true | 3 number: 8-byte IEEE double
 *   4 string: u32 byte count, UTF-8 bytes
 *   5 list:   u32 element count, u32 byte count of the elements, the elements
 *   6 map:    u32 entry count,   u32 byte count of the entries, entries = string bytes
 *             (u32 byte count + UTF-8, no tag) followed by a value; keys are unique
 *
 * Call order, for one layout instance:
 *   create → prepare → (queries | invalidation and update calls | prepare again)* → destroy
 *   - every query (`elements_in_rect`, `attributes_for_element`, the counts, the optional
 *     answers) comes only after a `prepare` that returned WB_OK, and sees that prepare's data;
 *   - after a failed or cancelled `prepare`, the next call is `prepare` again or `destroy`;
 *   - `destroy` is called once, last; the host never unloads the library.
 *
 * Threads:
 *   - calls on one instance never overlap, but successive calls may come from different
 *     threads: keep no per-thread state;
 *   - calls on different instances (of this plugin too) run at the same time, and `create`
 *     and `destroy` may run while other instances are queried: any global must be immutable
 *     or thread-safe;
 *   - the one thing another thread touches during a call is `context->cancel` in `prepare`:
 *     read it through a volatile pointer and return WB_ERROR_CANCELLED once it is non-zero;
 *   - the host's callbacks (`reserve`, `progress`) may be called only during the call that
 *     was given them, on its thread.
 */
#ifndef WORKBENCH_LAYOUT_H
#define WORKBENCH_LAYOUT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** The ABI (major) version this header describes. Bump on any incompatible change. */
#define WB_ABI_VERSION 2u
/** The minor version: bumped when optional fields or functions are added at the ends of the structs.
 *  2.1 added `preferred_attributes` and `changed_elements` (self-sizing elements); 2.2 added
 *  layout direction (`flips_horizontally` in the descriptor, `direction` in the prepare
 *  context), and the optional `target_for_moving_item`, `moving_item_attributes` (drag to
 *  reorder) and `target_content_offset_for_proposed` (layout-to-layout transitions); 2.3 added
 *  `instance_kinds`, `element_budget` and `content_overflow` (layouts whose options decide their
 *  element kinds, how many elements they make, and whether they overflow their content). */
#define WB_ABI_MINOR_VERSION 3u

/** The name of the one symbol a plugin exports. */
#define WB_PLUGIN_ENTRY_POINT "workbench_plugin_descriptor"

typedef struct { double x, y; } wb_point;
typedef struct { double width, height; } wb_size;
typedef struct { double x, y, width, height; } wb_rect;

enum {
    WB_CATEGORY_CELL = 0,
    WB_CATEGORY_SUPPLEMENTARY = 1,
    WB_CATEGORY_DECORATION = 2
};

/** Which element: category, kind (index into the descriptor's `kinds`; -1 for cells), index path. */
typedef struct {
    int32_t category;
    int32_t kind;
    int64_t section;
    int64_t item;
} wb_element;

/** One element's layout attributes; `extra` is a value-encoded map in the sink's extra bytes. */
typedef struct {
    wb_element element;
    wb_rect frame;
    double alpha;
    int32_t z_index;
    uint8_t is_hidden;
    uint8_t reserved[3];
    uint64_t extra_offset;  /* into wb_attributes_sink.extra_bytes */
    uint64_t extra_length;  /* 0: no extra fields */
} wb_attributes;

/**
 * A host-owned buffer the plugin appends attributes to. When `count == capacity` (or the
 * extra bytes are full) the plugin calls `reserve`, which grows the buffers (and may move
 * them) or returns 0 when it cannot.
 */
typedef struct wb_attributes_sink {
    wb_attributes *records;
    int64_t count;
    int64_t capacity;
    uint8_t *extra_bytes;
    int64_t extra_length;
    int64_t extra_capacity;
    int32_t (*reserve)(struct wb_attributes_sink *sink, int64_t records, int64_t extra_bytes);
    void *host_context;
} wb_attributes_sink;

/**
 * The data a view shows: sections of items, each item a value-encoded byte range.
 * Items are numbered globally: the items of section s are [section_starts[s], section_starts[s + 1]).
 * Stays valid and unchanged from `prepare` until the next `prepare` or `destroy`.
 */
typedef struct {
    int64_t section_count;
    const int64_t *section_starts;     /* section_count + 1 entries */
    const uint8_t *value_bytes;
    int64_t value_length;
    const int64_t *item_offsets;       /* one per item + 1: item g is value_bytes[item_offsets[g] ..< item_offsets[g + 1]] */
    const int64_t *child_starts;       /* NULL unless a tree: one per item + 1 */
    const int64_t *children;           /* global indices of children: item g's are children[child_starts[g] ..< child_starts[g + 1]] */
    const uint8_t *metadata;           /* value-encoded map about the whole source (e.g. table column titles) */
    int64_t metadata_length;
} wb_data_source;

enum {
    WB_OK = 0,
    WB_ERROR_OPTIONS = 1,   /* an option is wrong: `field` names it ("insets.top") */
    WB_ERROR_DATA = 2,      /* an item is wrong: `section`/`item` (and maybe `field`) name it */
    WB_ERROR_LAYOUT = 3,    /* the layout cannot be computed (e.g. an item does not fit) */
    WB_ERROR_CANCELLED = 4  /* the host's cancel flag was raised */
};

/** What went wrong, written by the plugin; strings are NUL-terminated (truncated if needed). */
typedef struct {
    int32_t code;
    int64_t section;   /* -1 when not about an item */
    int64_t item;      /* -1 when not about an item */
    char field[128];
    char message[512];
} wb_error;

/**
 * What `prepare` gets besides data and bounds. `progress` may be NULL; when not, a long prepare
 * calls it now and then with the fraction done (0…1, never decreasing) — cheap, but not in
 * the innermost loop.
 */
/** 2.2: a view's layout direction (UIKit's `UIUserInterfaceLayoutDirection`). */
enum {
    WB_DIRECTION_LEFT_TO_RIGHT = 0,
    WB_DIRECTION_RIGHT_TO_LEFT = 1
};

/*
 * The host owns this struct and always writes all of it, so fields are appended here without
 * a size field: a plugin reads only the fields of the minor version it was built with.
 */
typedef struct {
    const volatile int32_t *cancel;   /* may be NULL; non-zero once the host wants no result: return WB_ERROR_CANCELLED */
    void (*progress)(void *host_context, double fraction);
    void *host_context;
    /*
     * 2.2: the view's direction, WB_DIRECTION_*. A plugin whose descriptor sets
     * `flips_horizontally` always lays out left to right and ignores it: the host mirrors its
     * answers for right-to-left views. A plugin that does not flip lays out for it as it likes.
     */
    int32_t direction;
    int32_t reserved;
} wb_prepare_context;

/** Kinds of change in a batch update (UICollectionView's `performBatchUpdates`). */
enum {
    WB_CHANGE_INSERT = 0,          /* item at [section, item] after the batch */
    WB_CHANGE_DELETE = 1,          /* item at [section, item] before the batch */
    WB_CHANGE_RELOAD = 2,          /* item at [section, item] before the batch: new value, disappears and appears */
    WB_CHANGE_MOVE = 3,            /* item from [section, item] before to [to_section, to_item] after */
    WB_CHANGE_INSERT_SECTION = 4,  /* section after the batch, with `item` items */
    WB_CHANGE_DELETE_SECTION = 5,  /* section before the batch */
    WB_CHANGE_MOVE_SECTION = 6     /* section before → to_section after */
};

/** One change; fields a kind does not use are -1. */
typedef struct {
    int32_t kind;
    int32_t reserved;
    int64_t section, item;
    int64_t to_section, to_item;
} wb_change;

/** Old items old_start ..< old_start + count (global indices) are new items new_start ..< new_start + count. */
typedef struct {
    int64_t old_start;
    int64_t new_start;
    int64_t count;
} wb_item_run;

/**
 * A batch update, validated by the host, and where everything goes. Items are numbered
 * globally (all sections' items in order), as in wb_data_source. Valid only during the call.
 */
typedef struct {
    int64_t change_count;
    const wb_change *changes;
    int64_t old_section_count;
    const int64_t *old_section_starts;   /* old_section_count + 1 entries */
    int64_t new_section_count;
    const int64_t *new_section_starts;   /* new_section_count + 1 entries */
    const int64_t *section_old_to_new;   /* per old section: its new position, -1 if deleted */
    const int64_t *section_new_to_old;   /* per new section: its old position, -1 if inserted */
    /*
     * The items that keep their identity, as runs in ascending order of new_start, none
     * overlapping another on either side: every old item in no run was deleted or reloaded,
     * every new item in no run was inserted or reloaded. A batch has O(changes + sections)
     * runs, so one change to a million items crosses as a few runs, not a million entries.
     */
    int64_t item_run_count;
    const wb_item_run *item_runs;
} wb_update_batch;

/** Invalidation flags (UICollectionViewLayoutInvalidationContext, flattened). */
enum {
    WB_INVALIDATE_EVERYTHING = 1u << 0,
    WB_INVALIDATE_DATA = 1u << 1,
    WB_INVALIDATE_BOUNDS = 1u << 2,
    WB_INVALIDATE_ITEMS = 1u << 3   /* 2.1: some items only (a preferred size): the layout knows which */
};

/** 2.1: what a layout makes of an element's preferred size (see `preferred_attributes`). */
typedef struct {
    wb_size size;           /* the size the element will have once the layout is prepared again */
    uint32_t invalidation;  /* what that prepare redoes: WB_INVALIDATE_ITEMS or WB_INVALIDATE_EVERYTHING */
    uint32_t reserved;
} wb_preferred_answer;

typedef struct wb_layout wb_layout;  /* opaque: one layout instance, owned by the host */
struct wb_plugin_descriptor;

typedef struct {
    /** Makes a layout from value-encoded options (a map); NULL with `error` set on failure. */
    wb_layout *(*create)(const struct wb_plugin_descriptor *plugin,
                         const uint8_t *options, int64_t options_length, wb_error *error);
    void (*destroy)(wb_layout *layout);
    /** Computes the layout for `bounds`; polls `*context->cancel` and reports progress during long work. */
    int32_t (*prepare)(wb_layout *layout, const wb_data_source *data, wb_rect bounds,
                       const wb_prepare_context *context, wb_error *error);
    wb_size (*content_size)(wb_layout *layout);
    /** Appends every element whose frame intersects `rect`, in canonical order; WB_OK, or an error code with `error` set. */
    int32_t (*elements_in_rect)(wb_layout *layout, wb_rect rect, wb_attributes_sink *sink, wb_error *error);
    /** Appends the attributes of one element; returns 1 if it exists, 0 if not, negative (with `error` set) on failure. */
    int32_t (*attributes_for_element)(wb_layout *layout, wb_element element, wb_attributes_sink *sink, wb_error *error);
    int32_t (*should_invalidate_for_bounds_change)(wb_layout *layout, wb_rect new_bounds);
    /** The WB_INVALIDATE_* flags a bounds change needs (called only when the above said yes). */
    uint32_t (*invalidation_for_bounds_change)(wb_layout *layout, wb_rect new_bounds);
    void (*invalidate)(wb_layout *layout, uint32_t flags);
    wb_point (*target_content_offset)(wb_layout *layout, wb_point proposed, wb_point velocity);
    /** Appearing (is_appearing = 1) or disappearing element: as attributes_for_element. */
    int32_t (*transition_attributes)(wb_layout *layout, wb_element element, int32_t is_appearing,
                                     wb_rect bounds, wb_attributes_sink *sink);
    /** How many elements the prepared layout has, or -1 when it does not keep count (on demand). */
    int64_t (*element_count)(wb_layout *layout);

    /* Optional from here on: NULL (or beyond a shorter table's end) means the default. */

    /**
     * The data is about to change by `batch`; the next `prepare` gets the new data. Until then
     * the layout still answers from its old state (the host asks it for the final attributes
     * of disappearing elements in between), and the batch may shape its transition attributes.
     * A layout may keep what the batch leaves unchanged and recompute the rest in `prepare`.
     * Default (NULL): the host calls `invalidate(WB_INVALIDATE_DATA)` instead, as it always does
     * when it has no batch to give (data replaced whole, or several batches behind).
     */
    int32_t (*prepare_for_updates)(wb_layout *layout, const wb_update_batch *batch, wb_error *error);

    /* 2.1 */

    /**
     * An element measured itself: `preferred` is the size its content needs (UIKit's
     * `preferredLayoutAttributesFitting`). Returns 1 when the layout takes it, with `answer`
     * set; 0 when it ignores it; negative (with `error` set) on failure. A layout that takes a
     * size lays the element out with it from its next `prepare` on — the host prepares once
     * after a whole batch of sizes — and keeps it until `invalidate` with WB_INVALIDATE_DATA or
     * WB_INVALIDATE_EVERYTHING (it may carry it through `prepare_for_updates`). The host
     * tells it the sizes again after such an invalidation, after a batch update, and in a
     * fresh instance (possibly before the first `prepare`): a size it already holds must
     * cost nothing. Default (NULL): preferred sizes are ignored, as UIKit's default
     * `preferredLayoutAttributesFitting` would leave them.
     */
    int32_t (*preferred_attributes)(wb_layout *layout, wb_element element, wb_size preferred,
                                    wb_preferred_answer *answer, wb_error *error);

    /**
     * What the last `prepare` moved: appends the first `limit` elements whose frames it changed
     * (after a full prepare: all of them, placed anew), in canonical order, to `sink`, and
     * returns how many there are in all; -1 when it cannot say. A layout that re-places only
     * what a preferred size moved knows this for free. Default (NULL): the host compares the
     * whole layout before and after a batch of preferred sizes, O(elements).
     */
    int64_t (*changed_elements)(wb_layout *layout, int64_t limit, wb_attributes_sink *sink);

    /* 2.2 — called only after a successful `prepare`, on the same thread rules as the queries. */

    /**
     * Drag to reorder (UIKit's `targetIndexPath(forInteractivelyMovingItem:withPosition:)`):
     * where the cell `item` (its index path before the move) would land with the drag at
     * `position` (content coordinates). Returns 1 with `target` set to a cell index path after
     * the move (a section's item count is a valid item there when the item comes from another
     * section); 0 for the default; negative (with `error` set) on failure. The host refuses a
     * target the data cannot take as a bad answer. Default (NULL or 0): the cell whose frame
     * contains the position, else the nearest cell in the item's section, else its own place.
     */
    int32_t (*target_for_moving_item)(wb_layout *layout, wb_element item, wb_point position,
                                      wb_element *target, wb_error *error);
    /**
     * Drag to reorder (UIKit's `layoutAttributesForInteractivelyMovingItem(at:withTargetPosition:)`):
     * appends the attributes of the dragged cell `item` (its index path at the current target)
     * with the drag at `position`; returns 1, 0 for the default, negative (with `error` set) on
     * failure. Default: the cell's size centred at the position, zIndex one above every
     * element in the view's bounds.
     */
    int32_t (*moving_item_attributes)(wb_layout *layout, wb_element item, wb_point position,
                                      wb_attributes_sink *sink, wb_error *error);
    /**
     * Layout-to-layout transition (UIKit's `targetContentOffset(forProposedContentOffset:)`):
     * this layout was just switched to and prepared at the old bounds; `proposed` keeps the
     * anchor (the first cell in canonical order that was visible) where it was on screen.
     * Return the content offset to show (the host clamps it to the content). Default: `proposed`.
     * The host needs no prepare-for-transition or finalize calls: the old layout answers from
     * its prepared state and is destroyed after the answer, the new one is prepared normally.
     */
    wb_point (*target_content_offset_for_proposed)(wb_layout *layout, wb_point proposed);

    /* 2.3 — a layout whose options decide what it makes (UIKit's compositional layout names its
     * own element kinds; its orthogonal sections run past the content's width). Each optional. */

    /**
     * The supplementary and decoration kinds this instance makes, when its options decide them:
     * sets `*kinds` and `*categories` to arrays of the returned count (valid until `destroy`)
     * and returns the count; `wb_element.kind` in every call on this instance then indexes these
     * instead of the descriptor's. At most WB_INSTANCE_KIND_LIMIT kinds, names unique, non-empty
     * and at most WB_INSTANCE_KIND_NAME_LIMIT bytes. Called once, right after `create`.
     * Default (NULL or -1): the descriptor's kinds.
     */
    int32_t (*instance_kinds)(wb_layout *layout, const char *const **kinds, const int32_t **categories);
    /**
     * The most elements this instance makes per item and per section of its data: returns 1 with
     * both set, 0 for the default (2 per item, 2 per section — every layout before 2.3). The host
     * refuses data that would make more elements than its limit before preparing. Called once,
     * right after `create`.
     */
    int32_t (*element_budget)(wb_layout *layout, int64_t *per_item, int64_t *per_section);
    /**
     * The axes along which the prepared layout's elements may lie beyond its content rect
     * (WB_OVERFLOW_* flags): `workbench check` judges frames inside the content only along the
     * others. Called after a successful `prepare`. Default (NULL): 0, none.
     */
    uint32_t (*content_overflow)(wb_layout *layout);
} wb_layout_functions;

/** 2.3: `content_overflow`'s flags. */
enum {
    WB_OVERFLOW_HORIZONTAL = 1u << 0,  /* frames may start before x = 0 or end past the content's width */
    WB_OVERFLOW_VERTICAL = 1u << 1     /* frames may start before y = 0 or end past the content's height */
};

/** `cell_shape` in the descriptor: how pictures draw the layout's cells. */
enum {
    WB_CELL_SHAPE_RECTANGLE = 0,
    WB_CELL_SHAPE_ROUND = 1
};

/** 2.3: the limits of `instance_kinds`. */
#define WB_INSTANCE_KIND_LIMIT 256
#define WB_INSTANCE_KIND_NAME_LIMIT 200

typedef struct wb_plugin_descriptor {
    uint32_t abi_version;             /* first, always: WB_ABI_VERSION */
    uint32_t abi_minor_version;       /* WB_ABI_MINOR_VERSION as the plugin was built */
    uint64_t descriptor_size;         /* sizeof(wb_plugin_descriptor) as the plugin was built */
    uint64_t functions_size;          /* sizeof(wb_layout_functions) as the plugin was built */
    const char *name;                 /* the layout's name in workspaces: "circles" */
    const char *version;              /* the plugin's own version: "1.0.0" */
    const char *summary;              /* one line for `workbench plugins` */
    const char *const *kinds;         /* supplementary and decoration kinds, indexed by wb_element.kind */
    const int32_t *kind_categories;   /* WB_CATEGORY_* of each kind */
    int32_t kind_count;
    int32_t option_count;
    const char *const *option_names;  /* the options it accepts, for help and suggestions */
    const wb_layout_functions *functions;
    const void *plugin_data;          /* the plugin's own, passed back through `create` */

    /* 2.2 (a shorter, older descriptor reads as 0 here) */

    /**
     * Non-zero: in a right-to-left view, the host mirrors this layout around its content's
     * width (UIKit's `flipsHorizontallyInOppositeLayoutDirection`). The plugin lays out left
     * to right; the host mirrors every frame it returns (`x' = contentWidth - x - width`),
     * every rect and bounds it passes in (so what sticks to the bounds' left edge sticks to
     * the right), and target content offsets (proposed x mirrored, velocity x negated, the
     * answer mirrored back). Zero: the host passes everything through unchanged and the
     * layout reads `direction` from its prepare context.
     */
    int32_t flips_horizontally;
    /**
     * How pictures draw the layout's cells (a field reserved, and so 0, in older plugins):
     * WB_CELL_SHAPE_RECTANGLE (0) fills each cell's frame, WB_CELL_SHAPE_ROUND draws the
     * ellipse inscribed in it (circles). The frames are the same either way: it is a
     * declaration for the page, `run --svg`/`--png` and `plugins`, never read by the layout math.
     */
    int32_t cell_shape;

    /* 2.3 (a shorter, older descriptor reads as NULL and 0 here) */

    /**
     * What the options look like at any depth, for editors' completion and hover: a
     * value-encoded map (docs/plugins.md, "Option schemas"): `keys` (a list of {name,
     * documentation, schema}), `values` (the words an enumerated value may be), `items` (a
     * list's elements), `reference` (a name in the root's `definitions`). NULL: the editor
     * knows only `option_names`.
     */
    const uint8_t *option_schema;
    int64_t option_schema_length;
} wb_plugin_descriptor;

/** The version and size fields of a descriptor, for a designated initializer:
 *  `static const wb_plugin_descriptor d = { WB_PLUGIN_DESCRIPTOR_HEADER, .name = "mine", … };` */
#define WB_PLUGIN_DESCRIPTOR_HEADER \
    .abi_version = WB_ABI_VERSION, .abi_minor_version = WB_ABI_MINOR_VERSION, \
    .descriptor_size = sizeof(wb_plugin_descriptor), .functions_size = sizeof(wb_layout_functions)

typedef const wb_plugin_descriptor *(*wb_plugin_entry_point)(void);

#ifdef __cplusplus
}
#endif

#endif /* WORKBENCH_LAYOUT_H */
