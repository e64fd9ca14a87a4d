#ifndef CRASH_ASSISTANT_CCAIRO_H
#define CRASH_ASSISTANT_CCAIRO_H

#include <stddef.h>
#include <cairo/cairo.h>
#include <cairo/cairo-pdf.h>

/// Loads the system's cairo (libcairo.so.2) the first time it is asked, so a program starts without it and its
/// font and image libraries; the cairo functions declared above are forwarded to it. Returns NULL when it is loaded,
/// otherwise the loader's reason (dlerror's words) (the same text on every later call). Safe from any thread.
const char *crash_cairo_open(void);

/// The family name of the FreeType face behind a scaled font of cairo's FreeType backend (e.g. "DejaVu Sans"; "" for
/// a face without one), or NULL when its face cannot be had. Valid while the scaled font is held.
const char *crash_cairo_font_family(cairo_scaled_font_t *font);

#endif
