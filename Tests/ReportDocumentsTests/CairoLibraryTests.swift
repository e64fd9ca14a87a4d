import CCairo
@testable import ReportDocuments
import Testing

/// cairo and Pango opened at the first drawing, and Pango's font for DejaVu Sans read through the forwarders.
@Suite("cairo and Pango, opened when first drawn")
struct CairoLibraryTests {
    @Test func openingTwiceLoadsThemOnceAndPangoNamesTheFontItChooses() throws {
        try CairoLibrary.open()
        try CairoLibrary.open()
        #expect(crash_cairo_unopened_library() == nil)
        let fontMap = try #require(crash_pango_font_map_new())
        defer { g_object_unref(UnsafeMutableRawPointer(fontMap)) }
        let context = try #require(pango_font_map_create_context(fontMap))
        defer { g_object_unref(UnsafeMutableRawPointer(context)) }
        let description = try #require(pango_font_description_from_string("DejaVu Sans, Bold 12"))
        defer { pango_font_description_free(description) }
        let font = try #require(pango_context_load_font(context, description))
        defer { g_object_unref(UnsafeMutableRawPointer(font)) }

        let described = try #require(pango_font_describe(font))
        defer { pango_font_description_free(described) }

        #expect(String(cString: try #require(pango_font_description_get_family(described))) == "DejaVu Sans")
    }
}
