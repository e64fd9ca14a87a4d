#include "CCairo.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

// cairo is opened with dlopen when a PDF is first drawn, not linked: loading it and the 17 libraries it needs
// (fontconfig, FreeType, pixman, PNG, X11 …) took about 1 ms of every start of the app, which mostly never draws one.

static void *library;
static char failure[512];
static pthread_once_t opening = PTHREAD_ONCE_INIT;

static void open_library(void) {
    library = dlopen("libcairo.so.2", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        const char *reason = dlerror();
        snprintf(failure, sizeof failure, "%s", reason ? reason : "libcairo.so.2 cannot be loaded");
    }
}

const char *crash_cairo_open(void) {
    pthread_once(&opening, open_library);
    return library != NULL ? NULL : failure;
}

/// The library's function `name`, looked up once and kept in `slot` (a race stores the same address twice). Every
/// caller opened the library first (crash_cairo_open); a function missing from it is a cairo older than the one this
/// program was built with, which nothing can draw with.
static void *cached(_Atomic(void *) *slot, const char *name) {
    void *function = atomic_load_explicit(slot, memory_order_acquire);
    if (function != NULL) return function;
    if (crash_cairo_open() != NULL) {
        fprintf(stderr, "cairo was used before it could be loaded: %s\n", failure);
        abort();
    }
    function = dlsym(library, name);
    if (function == NULL) {
        fprintf(stderr, "libcairo.so.2 has no %s: install a newer cairo\n", name);
        abort();
    }
    atomic_store_explicit(slot, function, memory_order_release);
    return function;
}

#define CALL(name) ({ static _Atomic(void *) slot; (__typeof__(&name))cached(&slot, #name); })

// The start of FreeType's FT_FaceRec, whose layout is part of FreeType's stable interface (libfreetype.so.6): five
// FT_Long counts and flags, then the family name. Read here so that no FreeType header is needed to build.
struct face_head {
    long num_faces, face_index, face_flags, style_flags, num_glyphs;
    const char *family_name;
};

const char *crash_cairo_font_family(cairo_scaled_font_t *font) {
    static _Atomic(void *) lock_slot, unlock_slot;
    const struct face_head *(*lock)(cairo_scaled_font_t *) =
        (const struct face_head *(*)(cairo_scaled_font_t *))cached(&lock_slot, "cairo_ft_scaled_font_lock_face");
    void (*unlock)(cairo_scaled_font_t *) = (void (*)(cairo_scaled_font_t *))cached(&unlock_slot, "cairo_ft_scaled_font_unlock_face");
    const struct face_head *face = lock(font);
    if (face == NULL) return NULL;
    const char *family = face->family_name != NULL ? face->family_name : "";
    unlock(font);
    return family;
}

// MARK: - The cairo functions the PDF renderer uses, forwarded

void cairo_arc(cairo_t *cr, double xc, double yc, double radius, double angle1, double angle2) { CALL(cairo_arc)(cr, xc, yc, radius, angle1, angle2); }
void cairo_close_path(cairo_t *cr) { CALL(cairo_close_path)(cr); }
cairo_t *cairo_create(cairo_surface_t *target) { return CALL(cairo_create)(target); }
void cairo_destroy(cairo_t *cr) { CALL(cairo_destroy)(cr); }
void cairo_fill(cairo_t *cr) { CALL(cairo_fill)(cr); }
void cairo_fill_preserve(cairo_t *cr) { CALL(cairo_fill_preserve)(cr); }
cairo_scaled_font_t *cairo_get_scaled_font(cairo_t *cr) { return CALL(cairo_get_scaled_font)(cr); }
cairo_surface_t *cairo_image_surface_create(cairo_format_t format, int width, int height) { return CALL(cairo_image_surface_create)(format, width, height); }
cairo_surface_t *cairo_image_surface_create_from_png_stream(cairo_read_func_t read_func, void *closure) { return CALL(cairo_image_surface_create_from_png_stream)(read_func, closure); }
int cairo_image_surface_get_height(cairo_surface_t *surface) { return CALL(cairo_image_surface_get_height)(surface); }
int cairo_image_surface_get_width(cairo_surface_t *surface) { return CALL(cairo_image_surface_get_width)(surface); }
void cairo_line_to(cairo_t *cr, double x, double y) { CALL(cairo_line_to)(cr, x, y); }
void cairo_move_to(cairo_t *cr, double x, double y) { CALL(cairo_move_to)(cr, x, y); }
void cairo_new_path(cairo_t *cr) { CALL(cairo_new_path)(cr); }
cairo_surface_t *cairo_pdf_surface_create_for_stream(cairo_write_func_t write_func, void *closure, double width_in_points, double height_in_points) { return CALL(cairo_pdf_surface_create_for_stream)(write_func, closure, width_in_points, height_in_points); }
void cairo_pdf_surface_set_metadata(cairo_surface_t *surface, cairo_pdf_metadata_t metadata, const char *utf8) { CALL(cairo_pdf_surface_set_metadata)(surface, metadata, utf8); }
void cairo_rectangle(cairo_t *cr, double x, double y, double width, double height) { CALL(cairo_rectangle)(cr, x, y, width, height); }
void cairo_restore(cairo_t *cr) { CALL(cairo_restore)(cr); }
void cairo_save(cairo_t *cr) { CALL(cairo_save)(cr); }
void cairo_scale(cairo_t *cr, double sx, double sy) { CALL(cairo_scale)(cr, sx, sy); }
cairo_font_type_t cairo_scaled_font_get_type(cairo_scaled_font_t *scaled_font) { return CALL(cairo_scaled_font_get_type)(scaled_font); }
cairo_status_t cairo_scaled_font_status(cairo_scaled_font_t *scaled_font) { return CALL(cairo_scaled_font_status)(scaled_font); }
void cairo_select_font_face(cairo_t *cr, const char *family, cairo_font_slant_t slant, cairo_font_weight_t weight) { CALL(cairo_select_font_face)(cr, family, slant, weight); }
void cairo_set_dash(cairo_t *cr, const double *dashes, int num_dashes, double offset) { CALL(cairo_set_dash)(cr, dashes, num_dashes, offset); }
void cairo_set_font_size(cairo_t *cr, double size) { CALL(cairo_set_font_size)(cr, size); }
void cairo_set_line_width(cairo_t *cr, double width) { CALL(cairo_set_line_width)(cr, width); }
void cairo_set_source_rgb(cairo_t *cr, double red, double green, double blue) { CALL(cairo_set_source_rgb)(cr, red, green, blue); }
void cairo_set_source_surface(cairo_t *cr, cairo_surface_t *surface, double x, double y) { CALL(cairo_set_source_surface)(cr, surface, x, y); }
void cairo_show_page(cairo_t *cr) { CALL(cairo_show_page)(cr); }
void cairo_show_text(cairo_t *cr, const char *utf8) { CALL(cairo_show_text)(cr, utf8); }
cairo_status_t cairo_status(cairo_t *cr) { return CALL(cairo_status)(cr); }
const char *cairo_status_to_string(cairo_status_t status) { return CALL(cairo_status_to_string)(status); }
void cairo_stroke(cairo_t *cr) { CALL(cairo_stroke)(cr); }
void cairo_surface_destroy(cairo_surface_t *surface) { CALL(cairo_surface_destroy)(surface); }
void cairo_surface_finish(cairo_surface_t *surface) { CALL(cairo_surface_finish)(surface); }
cairo_status_t cairo_surface_set_mime_data(cairo_surface_t *surface, const char *mime_type, const unsigned char *data, unsigned long length, cairo_destroy_func_t destroy, void *closure) { return CALL(cairo_surface_set_mime_data)(surface, mime_type, data, length, destroy, closure); }
cairo_status_t cairo_surface_status(cairo_surface_t *surface) { return CALL(cairo_surface_status)(surface); }
void cairo_text_extents(cairo_t *cr, const char *utf8, cairo_text_extents_t *extents) { CALL(cairo_text_extents)(cr, utf8, extents); }
void cairo_transform(cairo_t *cr, const cairo_matrix_t *matrix) { CALL(cairo_transform)(cr, matrix); }
void cairo_translate(cairo_t *cr, double tx, double ty) { CALL(cairo_translate)(cr, tx, ty); }
