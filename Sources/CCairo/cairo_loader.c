// Pango's own headers first: the declarations CCairo.h repeats for Swift (with Pango's types opaque) are checked
// against them here.
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include <fontconfig/fontconfig.h>

#include "CCairo.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

_Static_assert(CRASH_PANGO_SCALE == PANGO_SCALE, "CRASH_PANGO_SCALE must be Pango's PANGO_SCALE");

// cairo and Pango are opened with dlopen when a PDF is first drawn, not linked: loading cairo and the 17 libraries it
// needs (fontconfig, FreeType, pixman, PNG, X11 …) took about 1 ms of every start of the app, which mostly never
// draws one, and Pango adds GLib, GObject, HarfBuzz and FriBidi to them. Each function is looked up in the library
// that defines it (pango_fc_… in libpangoft2, Fc… in fontconfig).

/// One library opened at the first drawing: its name and, once opened, its handle.
struct library {
    const char *name;
    void *handle;
};

static struct library libcairo = {"libcairo.so.2", NULL};
static struct library libgobject = {"libgobject-2.0.so.0", NULL};
static struct library libpango = {"libpango-1.0.so.0", NULL};
static struct library libpangocairo = {"libpangocairo-1.0.so.0", NULL};
static struct library libpangoft2 = {"libpangoft2-1.0.so.0", NULL};
static struct library libfontconfig = {"libfontconfig.so.1", NULL};

static int opened;
static const char *unopened;
static char failure[512];
static pthread_once_t opening = PTHREAD_ONCE_INIT;

/// Opens every library, cairo first; the first that cannot be loaded leaves its reason in `failure`.
static void open_libraries(void) {
    struct library *libraries[] = {&libcairo, &libgobject, &libpango, &libpangocairo, &libpangoft2, &libfontconfig};
    for (size_t index = 0; index < sizeof libraries / sizeof libraries[0]; index++) {
        struct library *library = libraries[index];
        library->handle = dlopen(library->name, RTLD_NOW | RTLD_LOCAL);
        if (library->handle == NULL) {
            const char *reason = dlerror();
            snprintf(failure, sizeof failure, "%s", reason ? reason : library->name);
            unopened = library->name;
            return;
        }
    }
    opened = 1;
}

const char *crash_cairo_open(void) {
    pthread_once(&opening, open_libraries);
    return opened ? NULL : failure;
}

const char *crash_cairo_unopened_library(void) {
    pthread_once(&opening, open_libraries);
    return unopened;
}

/// The function `name` of `library`, looked up once and kept in `slot` (a race stores the same address twice). Every
/// caller opened the libraries first (crash_cairo_open); a function missing from one is a cairo or Pango older than
/// the one this program was built with, which nothing can draw with.
static void *cached(_Atomic(void *) *slot, const struct library *library, const char *name) {
    void *function = atomic_load_explicit(slot, memory_order_acquire);
    if (function != NULL) return function;
    if (crash_cairo_open() != NULL) {
        fprintf(stderr, "%s was used before it could be loaded: %s\n", library->name, failure);
        abort();
    }
    function = dlsym(library->handle, name);
    if (function == NULL) {
        fprintf(stderr, "%s has no %s: install a newer version of it\n", library->name, name);
        abort();
    }
    atomic_store_explicit(slot, function, memory_order_release);
    return function;
}

#define CALL_IN(library, name) ({ static _Atomic(void *) slot; (__typeof__(&name))cached(&slot, &library, #name); })
#define CALL(name) CALL_IN(libcairo, name)

// MARK: - The cairo functions the PDF renderer uses, forwarded

void cairo_arc(cairo_t *cr, double xc, double yc, double radius, double angle1, double angle2) { CALL(cairo_arc)(cr, xc, yc, radius, angle1, angle2); }
void cairo_close_path(cairo_t *cr) { CALL(cairo_close_path)(cr); }
cairo_t *cairo_create(cairo_surface_t *target) { return CALL(cairo_create)(target); }
void cairo_destroy(cairo_t *cr) { CALL(cairo_destroy)(cr); }
void cairo_fill(cairo_t *cr) { CALL(cairo_fill)(cr); }
void cairo_fill_preserve(cairo_t *cr) { CALL(cairo_fill_preserve)(cr); }
cairo_surface_t *cairo_image_surface_create(cairo_format_t format, int width, int height) { return CALL(cairo_image_surface_create)(format, width, height); }
cairo_surface_t *cairo_image_surface_create_from_png_stream(cairo_read_func_t read_func, void *closure) { return CALL(cairo_image_surface_create_from_png_stream)(read_func, closure); }
cairo_format_t cairo_image_surface_get_format(cairo_surface_t *surface) { return CALL(cairo_image_surface_get_format)(surface); }
int cairo_image_surface_get_height(cairo_surface_t *surface) { return CALL(cairo_image_surface_get_height)(surface); }
int cairo_image_surface_get_width(cairo_surface_t *surface) { return CALL(cairo_image_surface_get_width)(surface); }
void cairo_line_to(cairo_t *cr, double x, double y) { CALL(cairo_line_to)(cr, x, y); }
void cairo_move_to(cairo_t *cr, double x, double y) { CALL(cairo_move_to)(cr, x, y); }
void cairo_new_path(cairo_t *cr) { CALL(cairo_new_path)(cr); }
void cairo_paint(cairo_t *cr) { CALL(cairo_paint)(cr); }
cairo_pattern_t *cairo_get_source(cairo_t *cr) { return CALL(cairo_get_source)(cr); }
void cairo_pattern_set_filter(cairo_pattern_t *pattern, cairo_filter_t filter) { CALL(cairo_pattern_set_filter)(pattern, filter); }
cairo_surface_t *cairo_pdf_surface_create_for_stream(cairo_write_func_t write_func, void *closure, double width_in_points, double height_in_points) { return CALL(cairo_pdf_surface_create_for_stream)(write_func, closure, width_in_points, height_in_points); }
void cairo_pdf_surface_set_metadata(cairo_surface_t *surface, cairo_pdf_metadata_t metadata, const char *utf8) { CALL(cairo_pdf_surface_set_metadata)(surface, metadata, utf8); }
void cairo_rectangle(cairo_t *cr, double x, double y, double width, double height) { CALL(cairo_rectangle)(cr, x, y, width, height); }
void cairo_restore(cairo_t *cr) { CALL(cairo_restore)(cr); }
void cairo_save(cairo_t *cr) { CALL(cairo_save)(cr); }
void cairo_scale(cairo_t *cr, double sx, double sy) { CALL(cairo_scale)(cr, sx, sy); }
void cairo_set_dash(cairo_t *cr, const double *dashes, int num_dashes, double offset) { CALL(cairo_set_dash)(cr, dashes, num_dashes, offset); }
void cairo_set_line_width(cairo_t *cr, double width) { CALL(cairo_set_line_width)(cr, width); }
void cairo_set_operator(cairo_t *cr, cairo_operator_t op) { CALL(cairo_set_operator)(cr, op); }
void cairo_set_source_rgb(cairo_t *cr, double red, double green, double blue) { CALL(cairo_set_source_rgb)(cr, red, green, blue); }
void cairo_set_source_surface(cairo_t *cr, cairo_surface_t *surface, double x, double y) { CALL(cairo_set_source_surface)(cr, surface, x, y); }
void cairo_show_page(cairo_t *cr) { CALL(cairo_show_page)(cr); }
cairo_status_t cairo_status(cairo_t *cr) { return CALL(cairo_status)(cr); }
const char *cairo_status_to_string(cairo_status_t status) { return CALL(cairo_status_to_string)(status); }
void cairo_stroke(cairo_t *cr) { CALL(cairo_stroke)(cr); }
void cairo_surface_destroy(cairo_surface_t *surface) { CALL(cairo_surface_destroy)(surface); }
void cairo_surface_finish(cairo_surface_t *surface) { CALL(cairo_surface_finish)(surface); }
cairo_status_t cairo_surface_set_mime_data(cairo_surface_t *surface, const char *mime_type, const unsigned char *data, unsigned long length, cairo_destroy_func_t destroy, void *closure) { return CALL(cairo_surface_set_mime_data)(surface, mime_type, data, length, destroy, closure); }
cairo_status_t cairo_surface_status(cairo_surface_t *surface) { return CALL(cairo_surface_status)(surface); }
void cairo_transform(cairo_t *cr, const cairo_matrix_t *matrix) { CALL(cairo_transform)(cr, matrix); }
void cairo_translate(cairo_t *cr, double tx, double ty) { CALL(cairo_translate)(cr, tx, ty); }

// MARK: - The Pango functions the PDF renderer uses, forwarded

PangoFontMap *pango_cairo_font_map_new(void) { return CALL_IN(libpangocairo, pango_cairo_font_map_new)(); }
void pango_cairo_update_context(cairo_t *cr, PangoContext *context) { CALL_IN(libpangocairo, pango_cairo_update_context)(cr, context); }
void pango_cairo_show_layout(cairo_t *cr, PangoLayout *layout) { CALL_IN(libpangocairo, pango_cairo_show_layout)(cr, layout); }

PangoContext *pango_font_map_create_context(PangoFontMap *fontmap) { return CALL_IN(libpango, pango_font_map_create_context)(fontmap); }
PangoFont *pango_context_load_font(PangoContext *context, const PangoFontDescription *desc) { return CALL_IN(libpango, pango_context_load_font)(context, desc); }

PangoFontDescription *pango_font_description_from_string(const char *str) { return CALL_IN(libpango, pango_font_description_from_string)(str); }
void pango_font_description_set_absolute_size(PangoFontDescription *desc, double size) { CALL_IN(libpango, pango_font_description_set_absolute_size)(desc, size); }
const char *pango_font_description_get_family(const PangoFontDescription *desc) { return CALL_IN(libpango, pango_font_description_get_family)(desc); }
void pango_font_description_free(PangoFontDescription *desc) { CALL_IN(libpango, pango_font_description_free)(desc); }
PangoFontDescription *pango_font_describe(PangoFont *font) { return CALL_IN(libpango, pango_font_describe)(font); }

PangoLayout *pango_layout_new(PangoContext *context) { return CALL_IN(libpango, pango_layout_new)(context); }
void pango_layout_set_font_description(PangoLayout *layout, const PangoFontDescription *desc) { CALL_IN(libpango, pango_layout_set_font_description)(layout, desc); }
void pango_layout_set_text(PangoLayout *layout, const char *text, int length) { CALL_IN(libpango, pango_layout_set_text)(layout, text, length); }
void pango_layout_get_size(PangoLayout *layout, int *width, int *height) { CALL_IN(libpango, pango_layout_get_size)(layout, width, height); }
int pango_layout_get_baseline(PangoLayout *layout) { return CALL_IN(libpango, pango_layout_get_baseline)(layout); }
int pango_layout_get_unknown_glyphs_count(PangoLayout *layout) { return CALL_IN(libpango, pango_layout_get_unknown_glyphs_count)(layout); }

void g_object_unref(gpointer object) { CALL_IN(libgobject, g_object_unref)(object); }

// MARK: - Font maps without colour fonts

// fontconfig prefers a colour emoji font (Noto Color Emoji) for emoji when one is installed, and cairo puts its glyphs
// in a PDF as pictures, with no text behind them. The renderer's font maps use a configuration of their own instead:
// the system's, without any colour font, so an emoji is drawn from an outline font such as Symbola.

static const char without_colour_fonts[] =
    "<?xml version=\"1.0\"?><!DOCTYPE fontconfig SYSTEM \"urn:fontconfig:fonts.dtd\">"
    "<fontconfig><selectfont><rejectfont><pattern><patelt name=\"color\"><bool>true</bool></patelt></pattern>"
    "</rejectfont></selectfont></fontconfig>";

static FcConfig *monochrome;
static pthread_once_t monochrome_loading = PTHREAD_ONCE_INIT;

/// The system's fontconfig configuration and its fonts, colour fonts left out; NULL when it cannot be loaded.
static void load_monochrome(void) {
    FcConfig *config = CALL_IN(libfontconfig, FcInitLoadConfig)();
    if (config == NULL) return;
    if (!CALL_IN(libfontconfig, FcConfigParseAndLoadFromMemory)(config, (const FcChar8 *)without_colour_fonts, FcTrue)
        || !CALL_IN(libfontconfig, FcConfigBuildFonts)(config)) {
        CALL_IN(libfontconfig, FcConfigDestroy)(config);
        return;
    }
    monochrome = config;
}

PangoFontMap *crash_pango_font_map_new(void) {
    PangoFontMap *map = pango_cairo_font_map_new();
    if (map == NULL) return NULL;
    pthread_once(&monochrome_loading, load_monochrome);
    // Pango's cairo font map is a fontconfig one wherever fontconfig finds the fonts (Linux); it keeps a reference.
    GType fontconfig_map = CALL_IN(libpangoft2, pango_fc_font_map_get_type)();
    if (monochrome != NULL && CALL_IN(libgobject, g_type_check_instance_is_a)((GTypeInstance *)map, fontconfig_map)) {
        CALL_IN(libpangoft2, pango_fc_font_map_set_config)((PangoFcFontMap *)map, monochrome);
    }
    return map;
}
