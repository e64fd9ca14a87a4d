import CCairo
@testable import Data
import Testing

/// cairo opened at the first drawing, and the FreeType face read through the forwarders.
@Suite("cairo, opened when first drawn")
struct CairoLibraryTests {
    @Test func openingTwiceLoadsItOnceAndTheFontCairoChoosesIsNamedFromItsFace() throws {
        try CairoLibrary.open()
        try CairoLibrary.open()
        let surface = try #require(cairo_image_surface_create(CAIRO_FORMAT_RGB24, 4, 4))
        defer { cairo_surface_destroy(surface) }
        let context = try #require(cairo_create(surface))
        defer { cairo_destroy(context) }
        cairo_select_font_face(context, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD)
        cairo_set_font_size(context, 12)
        let font = try #require(cairo_get_scaled_font(context))
        #expect(cairo_scaled_font_get_type(font) == CAIRO_FONT_TYPE_FT)

        let family = try #require(crash_cairo_font_family(font))

        #expect(String(cString: family) == "DejaVu Sans")
    }
}
