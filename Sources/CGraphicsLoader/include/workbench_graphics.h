/*
 * workbench_graphics.h — cairo and Pango opened at the first picture, not at process start (Linux).
 *
 * The workbench does not link cairo, Pango or GObject: workbench_graphics.c defines every
 * function of theirs that PNGRenderer calls, under its own name and signature (hidden, so the
 * libraries never call them), and each forwards to the real function, found with `dlsym` in the
 * libraries `dlopen`ed by soname the first time one is called. A process that draws no PNG never
 * maps them, nor the ~35 libraries they pull in.
 */
#ifndef WORKBENCH_GRAPHICS_H
#define WORKBENCH_GRAPHICS_H

#include <stddef.h>

/// Opens cairo, Pango and GObject by soname and finds every forwarded function, the first time
/// it is called (once, even from several threads); later calls return the first one's answer.
///
/// Returns NULL when they are ready, else why not, in `dlerror`'s words (e.g. "libcairo.so.2:
/// cannot open shared object file: No such file or directory"); the text lives as long as the process.
const char *workbench_graphics_load(void);

/// Whether the libraries named `cairo`, `pangocairo`, `pango` and `gobject` (sonames or paths)
/// would do in place of the system's: opens them and finds every forwarded function in them as
/// `workbench_graphics_load` does, then closes them again, leaving what the stubs call alone.
///
/// Returns NULL when all were found; else writes why not into `error` (at most `size` bytes,
/// ended by a zero) and returns it.
const char *workbench_graphics_check(
    const char *cairo, const char *pangocairo, const char *pango, const char *gobject, char *error, size_t size);

#endif
