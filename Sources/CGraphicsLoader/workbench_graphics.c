// cairo's, Pango's and GObject's functions as lazy stubs: see workbench_graphics.h.
#include "workbench_graphics.h"

#include <cairo.h>
#include <dlfcn.h>
#include <pango/pangocairo.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

// The libraries, in the order they are opened; each function is found in the one named with it.
enum library { CAIRO, PANGOCAIRO, PANGO, GOBJECT, LIBRARY_COUNT };

// Debian's (and most systems') sonames: what the packages libcairo2 and libpangocairo-1.0-0 install.
static const char *const system_sonames[LIBRARY_COUNT] = {
    "libcairo.so.2", "libpangocairo-1.0.so.0", "libpango-1.0.so.0", "libgobject-2.0.so.0"};

// Every function PNGRenderer calls: its library, its name, its parameters as the header declares
// them (the compiler checks each stub against its declaration) and the arguments passed on —
// FUNCTION for one with a result (its type first), PROCEDURE for one without.
#define GRAPHICS_FUNCTIONS(FUNCTION, PROCEDURE)                                                                 \
    FUNCTION(CAIRO, cairo_surface_t *, cairo_image_surface_create,                                              \
             (cairo_format_t format, int width, int height), (format, width, height))                           \
    FUNCTION(CAIRO, cairo_surface_t *, cairo_image_surface_create_from_png_stream,                              \
             (cairo_read_func_t read_func, void *closure), (read_func, closure))                                \
    FUNCTION(CAIRO, unsigned char *, cairo_image_surface_get_data, (cairo_surface_t *surface), (surface))       \
    FUNCTION(CAIRO, int, cairo_image_surface_get_width, (cairo_surface_t *surface), (surface))                  \
    FUNCTION(CAIRO, int, cairo_image_surface_get_height, (cairo_surface_t *surface), (surface))                 \
    FUNCTION(CAIRO, int, cairo_image_surface_get_stride, (cairo_surface_t *surface), (surface))                 \
    FUNCTION(CAIRO, cairo_status_t, cairo_surface_status, (cairo_surface_t *surface), (surface))                \
    FUNCTION(CAIRO, cairo_status_t, cairo_surface_write_to_png_stream,                                          \
             (cairo_surface_t *surface, cairo_write_func_t write_func, void *closure),                          \
             (surface, write_func, closure))                                                                    \
    PROCEDURE(CAIRO, cairo_surface_flush, (cairo_surface_t *surface), (surface))                                \
    PROCEDURE(CAIRO, cairo_surface_destroy, (cairo_surface_t *surface), (surface))                              \
    FUNCTION(CAIRO, const char *, cairo_status_to_string, (cairo_status_t status), (status))                    \
    FUNCTION(CAIRO, cairo_t *, cairo_create, (cairo_surface_t *target), (target))                               \
    PROCEDURE(CAIRO, cairo_destroy, (cairo_t *cr), (cr))                                                        \
    PROCEDURE(CAIRO, cairo_save, (cairo_t *cr), (cr))                                                           \
    PROCEDURE(CAIRO, cairo_restore, (cairo_t *cr), (cr))                                                        \
    PROCEDURE(CAIRO, cairo_identity_matrix, (cairo_t *cr), (cr))                                                \
    PROCEDURE(CAIRO, cairo_scale, (cairo_t *cr, double sx, double sy), (cr, sx, sy))                            \
    PROCEDURE(CAIRO, cairo_translate, (cairo_t *cr, double tx, double ty), (cr, tx, ty))                        \
    PROCEDURE(CAIRO, cairo_device_to_user_distance, (cairo_t *cr, double *dx, double *dy), (cr, dx, dy))        \
    PROCEDURE(CAIRO, cairo_set_source_rgba, (cairo_t *cr, double red, double green, double blue, double alpha), \
              (cr, red, green, blue, alpha))                                                                    \
    PROCEDURE(CAIRO, cairo_set_line_width, (cairo_t *cr, double width), (cr, width))                            \
    PROCEDURE(CAIRO, cairo_new_path, (cairo_t *cr), (cr))                                                       \
    PROCEDURE(CAIRO, cairo_move_to, (cairo_t *cr, double x, double y), (cr, x, y))                              \
    PROCEDURE(CAIRO, cairo_rectangle, (cairo_t *cr, double x, double y, double width, double height),           \
              (cr, x, y, width, height))                                                                        \
    PROCEDURE(CAIRO, cairo_arc,                                                                                 \
              (cairo_t *cr, double xc, double yc, double radius, double angle1, double angle2),                 \
              (cr, xc, yc, radius, angle1, angle2))                                                             \
    PROCEDURE(CAIRO, cairo_paint, (cairo_t *cr), (cr))                                                          \
    PROCEDURE(CAIRO, cairo_fill_preserve, (cairo_t *cr), (cr))                                                  \
    PROCEDURE(CAIRO, cairo_stroke, (cairo_t *cr), (cr))                                                         \
    FUNCTION(PANGOCAIRO, PangoLayout *, pango_cairo_create_layout, (cairo_t *cr), (cr))                         \
    PROCEDURE(PANGOCAIRO, pango_cairo_update_layout, (cairo_t *cr, PangoLayout *layout), (cr, layout))          \
    PROCEDURE(PANGOCAIRO, pango_cairo_show_layout, (cairo_t *cr, PangoLayout *layout), (cr, layout))            \
    FUNCTION(PANGO, PangoFontDescription *, pango_font_description_new, (void), ())                             \
    PROCEDURE(PANGO, pango_font_description_free, (PangoFontDescription *desc), (desc))                         \
    PROCEDURE(PANGO, pango_font_description_set_family, (PangoFontDescription *desc, const char *family),       \
              (desc, family))                                                                                   \
    PROCEDURE(PANGO, pango_font_description_set_absolute_size, (PangoFontDescription *desc, double size),       \
              (desc, size))                                                                                     \
    PROCEDURE(PANGO, pango_font_description_set_style, (PangoFontDescription *desc, PangoStyle style),          \
              (desc, style))                                                                                    \
    FUNCTION(PANGO, PangoContext *, pango_layout_get_context, (PangoLayout *layout), (layout))                  \
    PROCEDURE(PANGO, pango_context_set_base_dir, (PangoContext *context, PangoDirection direction),             \
              (context, direction))                                                                             \
    PROCEDURE(PANGO, pango_layout_context_changed, (PangoLayout *layout), (layout))                             \
    PROCEDURE(PANGO, pango_layout_set_font_description,                                                         \
              (PangoLayout *layout, const PangoFontDescription *desc), (layout, desc))                          \
    PROCEDURE(PANGO, pango_layout_set_single_paragraph_mode, (PangoLayout *layout, gboolean setting),           \
              (layout, setting))                                                                                \
    PROCEDURE(PANGO, pango_layout_set_ellipsize, (PangoLayout *layout, PangoEllipsizeMode ellipsize),           \
              (layout, ellipsize))                                                                              \
    PROCEDURE(PANGO, pango_layout_set_auto_dir, (PangoLayout *layout, gboolean auto_dir), (layout, auto_dir))   \
    PROCEDURE(PANGO, pango_layout_set_width, (PangoLayout *layout, int width), (layout, width))                 \
    PROCEDURE(PANGO, pango_layout_set_text, (PangoLayout *layout, const char *text, int length),                \
              (layout, text, length))                                                                           \
    PROCEDURE(PANGO, pango_layout_get_extents,                                                                  \
              (PangoLayout *layout, PangoRectangle *ink_rect, PangoRectangle *logical_rect),                    \
              (layout, ink_rect, logical_rect))                                                                 \
    FUNCTION(PANGO, int, pango_layout_get_unknown_glyphs_count, (PangoLayout *layout), (layout))                \
    FUNCTION(PANGO, gboolean, pango_layout_is_ellipsized, (PangoLayout *layout), (layout))                      \
    PROCEDURE(GOBJECT, g_object_unref, (gpointer object), (object))

// The real functions, one pointer each, named as they are.
#define POINTER(library, name) __typeof__(name) *name;
#define FUNCTION_POINTER(library, result, name, parameters, arguments) POINTER(library, name)
#define PROCEDURE_POINTER(library, name, parameters, arguments) POINTER(library, name)
struct functions {
    GRAPHICS_FUNCTIONS(FUNCTION_POINTER, PROCEDURE_POINTER)
};

// Where each is found: its library, its symbol, and its pointer's place in `struct functions`.
#define SYMBOL(library, name) {library, #name, offsetof(struct functions, name)},
#define FUNCTION_SYMBOL(library, result, name, parameters, arguments) SYMBOL(library, name)
#define PROCEDURE_SYMBOL(library, name, parameters, arguments) SYMBOL(library, name)
static const struct symbol {
    enum library library;
    const char *name;
    size_t offset;
} symbols[] = {GRAPHICS_FUNCTIONS(FUNCTION_SYMBOL, PROCEDURE_SYMBOL)};

// Opens `sonames` into `handles` and fills `functions` from them; on failure writes dlerror's
// words into `error`, closes what it opened and returns 0.
static int open_libraries(const char *const sonames[LIBRARY_COUNT], void *handles[LIBRARY_COUNT],
                          struct functions *functions, char *error, size_t size) {
    int opened = 0;
    for (; opened < LIBRARY_COUNT; opened++) {
        handles[opened] = dlopen(sonames[opened], RTLD_NOW | RTLD_LOCAL);
        if (handles[opened] == NULL) goto failed;
    }
    for (size_t index = 0; index < sizeof symbols / sizeof symbols[0]; index++) {
        void *address = dlsym(handles[symbols[index].library], symbols[index].name);
        if (address == NULL) goto failed;
        // POSIX: a function's address read through dlsym's `void *`.
        *(void **)((char *)functions + symbols[index].offset) = address;
    }
    return 1;
failed:
    snprintf(error, size, "%s", dlerror());
    while (opened > 0) dlclose(handles[--opened]);
    return 0;
}

// The system's libraries, opened once and never closed; `loaded` is written before `load_once`
// returns, so every thread that passed it reads the pointers it wrote.
static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static struct functions loaded;
static int is_loaded;
static char load_error[512];

static void load_system_libraries(void) {
    void *handles[LIBRARY_COUNT];
    is_loaded = open_libraries(system_sonames, handles, &loaded, load_error, sizeof load_error);
}

const char *workbench_graphics_load(void) {
    pthread_once(&load_once, load_system_libraries);
    return is_loaded ? NULL : load_error;
}

const char *workbench_graphics_check(const char *cairo, const char *pangocairo, const char *pango,
                                     const char *gobject, char *error, size_t size) {
    const char *const sonames[LIBRARY_COUNT] = {cairo, pangocairo, pango, gobject};
    void *handles[LIBRARY_COUNT];
    struct functions found;
    if (!open_libraries(sonames, handles, &found, error, size)) return error;
    for (int index = LIBRARY_COUNT; index > 0; index--) dlclose(handles[index - 1]);
    return NULL;
}

// The first call of any stub opens the libraries; when they cannot be, PNGRenderer (which asks
// `workbench_graphics_load` before it draws) has already reported why, so this is a bug: stop.
static const struct functions *ready(const char *name) {
    const char *failure = workbench_graphics_load();
    if (failure != NULL) {
        fprintf(stderr, "workbench: %s called, but cairo and Pango could not be loaded: %s\n", name, failure);
        abort();
    }
    return &loaded;
}

// The stubs: cairo's and Pango's names, hidden so that only the workbench's own code calls them.
#define STUB __attribute__((visibility("hidden")))
#define FUNCTION_STUB(library, result, name, parameters, arguments)                                             \
    STUB result name parameters { return ready(#name)->name arguments; }
#define PROCEDURE_STUB(library, name, parameters, arguments)                                                    \
    STUB void name parameters { ready(#name)->name arguments; }
GRAPHICS_FUNCTIONS(FUNCTION_STUB, PROCEDURE_STUB)
