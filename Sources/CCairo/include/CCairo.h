#ifndef CRASH_ASSISTANT_CCAIRO_H
#define CRASH_ASSISTANT_CCAIRO_H

#include <stddef.h>
#include <cairo/cairo.h>
#include <cairo/cairo-pdf.h>

/// Loads the system's cairo (libcairo.so.2), Pango (libpangocairo-1.0.so.0, libpango-1.0.so.0, libpangoft2-1.0.so.0,
/// libgobject-2.0.so.0) and fontconfig (libfontconfig.so.1) the first time it is asked, so a program starts without
/// them and the font and image libraries they need; the cairo and Pango functions declared here are forwarded to them.
/// Returns NULL when they are loaded, otherwise the loader's reason (dlerror's words, which name the library) (the
/// same text on every later call). Safe from any thread.
const char *crash_cairo_open(void);

/// The file name of the library crash_cairo_open could not load (e.g. "libpangocairo-1.0.so.0"), or NULL when they
/// are all loaded.
const char *crash_cairo_unopened_library(void);

// MARK: - Pango, as the PDF renderer lays text out with it
//
// Pango's own headers (libpango1.0-dev) need GLib's and HarfBuzz's folders on the include path, which a program
// importing this module would need too; so its types are opaque here and only the functions the renderer calls are
// declared. cairo_loader.c is compiled with Pango's headers as well, so a declaration below that differs from
// Pango's fails the build.

typedef struct _PangoContext PangoContext;
typedef struct _PangoFont PangoFont;
typedef struct _PangoFontDescription PangoFontDescription;
typedef struct _PangoFontMap PangoFontMap;
typedef struct _PangoLayout PangoLayout;

/// Pango's units per point (PANGO_SCALE).
#define CRASH_PANGO_SCALE 1024

/// A new Pango font map for drawing a PDF: Pango's cairo font map over the system's fonts, leaving out colour fonts
/// (a colour emoji font's glyphs are pictures in a PDF), so an emoji is drawn from an outline font such as Symbola.
/// The system's fonts are all offered when that configuration cannot be loaded.
PangoFontMap *crash_pango_font_map_new(void);

PangoFontMap *pango_cairo_font_map_new(void);
void pango_cairo_update_context(cairo_t *cr, PangoContext *context);
void pango_cairo_show_layout(cairo_t *cr, PangoLayout *layout);

PangoContext *pango_font_map_create_context(PangoFontMap *fontmap);
PangoFont *pango_context_load_font(PangoContext *context, const PangoFontDescription *desc);

PangoFontDescription *pango_font_description_from_string(const char *str);
void pango_font_description_set_absolute_size(PangoFontDescription *desc, double size);
const char *pango_font_description_get_family(const PangoFontDescription *desc);
void pango_font_description_free(PangoFontDescription *desc);
PangoFontDescription *pango_font_describe(PangoFont *font);

PangoLayout *pango_layout_new(PangoContext *context);
void pango_layout_set_font_description(PangoLayout *layout, const PangoFontDescription *desc);
void pango_layout_set_text(PangoLayout *layout, const char *text, int length);
void pango_layout_get_size(PangoLayout *layout, int *width, int *height);
int pango_layout_get_baseline(PangoLayout *layout);
int pango_layout_get_unknown_glyphs_count(PangoLayout *layout);

/// Lets go of a Pango object (a font map, context, layout or font): GObject's g_object_unref.
void g_object_unref(void *object);

#endif
