#ifndef CRASH_ASSISTANT_CCAIRO_H
#define CRASH_ASSISTANT_CCAIRO_H

#include <stddef.h>
#include <cairo/cairo.h>
#include <cairo/cairo-pdf.h>

/// Loads the system's cairo (libcairo.so.2) the first time it is asked, so a program starts without it and its
/// font and image libraries; the cairo functions declared above are forwarded to it. Returns 0 when it is loaded;
/// otherwise writes the loader's reason into `reason` (of `capacity` bytes) and returns -1. Safe from any thread.
int crash_cairo_open(char *reason, size_t capacity);

/// The family name of the FreeType face behind a scaled font cairo chose (e.g. "DejaVu Sans"), or NULL when the font
/// is not a FreeType one or has no name. Valid until the scaled font is released.
const char *crash_cairo_font_family(cairo_scaled_font_t *font);

#endif
