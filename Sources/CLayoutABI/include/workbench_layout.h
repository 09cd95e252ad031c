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
 */
#ifndef WORKBENCH_LAYOUT_H
#define WORKBENCH_LAYOUT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** The ABI version this header describes. Bump on any incompatible change. */
#define WB_ABI_VERSION 1u

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

/** Invalidation flags (UICollectionViewLayoutInvalidationContext, flattened). */
enum {
    WB_INVALIDATE_EVERYTHING = 1u << 0,
    WB_INVALIDATE_DATA = 1u << 1,
    WB_INVALIDATE_BOUNDS = 1u << 2
};

typedef struct wb_layout wb_layout;  /* opaque: one layout instance, owned by the host */
struct wb_plugin_descriptor;

typedef struct {
    /** Makes a layout from value-encoded options (a map); NULL with `error` set on failure. */
    wb_layout *(*create)(const struct wb_plugin_descriptor *plugin,
                         const uint8_t *options, int64_t options_length, wb_error *error);
    void (*destroy)(wb_layout *layout);
    /** Computes the layout for `bounds`; polls `*cancel` (may be NULL) during long work. */
    int32_t (*prepare)(wb_layout *layout, const wb_data_source *data, wb_rect bounds,
                       const volatile int32_t *cancel, wb_error *error);
    wb_size (*content_size)(wb_layout *layout);
    /** Appends every element whose frame intersects `rect`, in canonical order; WB_OK or an error code. */
    int32_t (*elements_in_rect)(wb_layout *layout, wb_rect rect, wb_attributes_sink *sink);
    /** Appends the attributes of one element; returns 1 if it exists, 0 if not, negative on failure. */
    int32_t (*attributes_for_element)(wb_layout *layout, wb_element element, wb_attributes_sink *sink);
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
} wb_layout_functions;

typedef struct wb_plugin_descriptor {
    uint32_t abi_version;             /* first, always: WB_ABI_VERSION */
    uint32_t reserved;
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
} wb_plugin_descriptor;

typedef const wb_plugin_descriptor *(*wb_plugin_entry_point)(void);

#ifdef __cplusplus
}
#endif

#endif /* WORKBENCH_LAYOUT_H */
