import CCairo
import Domain
import Foundation

/// One PDF being drawn with cairo into a ``PDFSink`` (memory or a file): lays text out with Pango (shaped by
/// HarfBuzz) in DejaVu Sans, and in the fonts fontconfig offers for what DejaVu Sans lacks (Chinese, Japanese,
/// emoji …); places photos, and turns every cairo failure into a ``PDFRenderError`` instead of a crash.
///
/// Each line is laid out in the direction its first letter gives (Pango's own rule): a line of Arabic or Hebrew reads
/// right to left, and like every line it starts at the x it is drawn at (lines are left-aligned on the page).
final class CairoPDFCanvas {
    static let fontFamily = "DejaVu Sans"

    private let sink: any PDFSink
    private let surface: OpaquePointer
    fileprivate let context: OpaquePointer
    /// The Pango font map this canvas alone uses while it draws (``PangoFontMaps``), and its context.
    private let fontMap: OpaquePointer
    private let textContext: OpaquePointer
    /// One layout per style, holding its font description.
    private var layouts: [PDFTextStyle: OpaquePointer] = [:]
    /// The characters of the lines not drawn because no installed font has them, each once, in the order they came.
    private var charactersWithoutFont: [Character] = []
    private var isFinished = false

    /// - Parameters:
    ///   - title: the document title in the PDF's metadata.
    ///   - created: the creation date in the PDF's metadata, so the same report gives the same bytes.
    ///   - sink: where the document's bytes go as cairo writes them.
    init(title: String, created: Date, sink: any PDFSink) throws(PDFRenderError) {
        try CairoLibrary.open()
        self.sink = sink
        guard let surface = cairo_pdf_surface_create_for_stream(
            Self.write, Unmanaged.passUnretained(sink as AnyObject).toOpaque(), PDFPageGeometry.width, PDFPageGeometry.height
        ) else {
            throw .drawingFailed(step: "starting the document", reason: "out of memory")
        }
        guard let context = cairo_create(surface) else {
            cairo_surface_destroy(surface)
            throw .drawingFailed(step: "starting the document", reason: "out of memory")
        }
        guard let fontMap = PangoFontMaps.take() else {
            cairo_destroy(context)
            cairo_surface_destroy(surface)
            throw .drawingFailed(step: "starting the document's text", reason: "out of memory")
        }
        guard let textContext = pango_font_map_create_context(fontMap) else {
            PangoFontMaps.giveBack(fontMap)
            cairo_destroy(context)
            cairo_surface_destroy(surface)
            throw .drawingFailed(step: "starting the document's text", reason: "out of memory")
        }
        self.surface = surface
        self.context = context
        self.fontMap = fontMap
        self.textContext = textContext
        try check(cairo_surface_status(surface), "starting the document")
        try check(cairo_status(context), "starting the document")
        // The surface's font options (no hinting in a PDF) and the page's coordinates, in points.
        pango_cairo_update_context(context, textContext)
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, title)
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "Crash Assistant")
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, Self.isoDate(created))
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_MOD_DATE, Self.isoDate(created))
        try check(cairo_surface_status(surface), "writing the document's title")
        try checkFont(.body)
        try checkFont(.heading)
    }

    deinit {
        for layout in layouts.values { g_object_unref(UnsafeMutableRawPointer(layout)) }
        g_object_unref(UnsafeMutableRawPointer(textContext))
        cairo_destroy(context)
        cairo_surface_destroy(surface)
        PangoFontMaps.giveBack(fontMap)
        withExtendedLifetime(sink) {}
    }

    // MARK: - Text

    /// How wide `text` is in `style`, in points, as Pango lays it out.
    func width(of text: String, in style: PDFTextStyle) -> Double {
        let layout = layout(text, style)
        var width: Int32 = 0
        var height: Int32 = 0
        pango_layout_get_size(layout, &width, &height)
        return Double(width) / Double(CRASH_PANGO_SCALE)
    }

    /// Draws one line of text starting at `x`, on `baseline`. A line holding a character no installed font has is
    /// not drawn, and the document fails when it is finished, naming every such character
    /// (``PDFRenderError/charactersWithoutFont(_:)``).
    func drawText(_ text: String, style: PDFTextStyle, x: Double, baseline: Double) throws(PDFRenderError) {
        let layout = layout(text, style)
        guard pango_layout_get_unknown_glyphs_count(layout) == 0 else {
            let missing = charactersWithoutGlyph(in: text, style: style)
            charactersWithoutFont += missing.filter { !charactersWithoutFont.contains($0) }
            return
        }
        cairo_set_source_rgb(context, style.grey, style.grey, style.grey)
        // Pango draws the layout's top-left corner at the current point; its first line's baseline lies below it.
        let ascent = Double(pango_layout_get_baseline(layout)) / Double(CRASH_PANGO_SCALE)
        cairo_move_to(context, x, baseline - ascent)
        pango_cairo_show_layout(context, layout)
        try check(cairo_status(context), "writing text")
    }

    /// The characters of `text` that lay out as an unknown glyph on their own: those no installed font has (every
    /// character of it when none does alone).
    private func charactersWithoutGlyph(in text: String, style: PDFTextStyle) -> [Character] {
        let missing = text.filter { pango_layout_get_unknown_glyphs_count(layout(String($0), style)) > 0 }
        return Array(missing.isEmpty ? text : missing)
    }

    /// The style's layout, holding `text`.
    private func layout(_ text: String, _ style: PDFTextStyle) -> OpaquePointer {
        let layout = layout(for: style)
        pango_layout_set_text(layout, text, -1)
        return layout
    }

    private func layout(for style: PDFTextStyle) -> OpaquePointer {
        if let layout = layouts[style] { return layout }
        guard let layout = pango_layout_new(textContext) else {
            fatalError("Pango could not make a text layout: out of memory")
        }
        let description = Self.fontDescription(style)
        pango_layout_set_font_description(layout, description)
        pango_font_description_free(description)
        layouts[style] = layout
        return layout
    }

    /// DejaVu Sans, regular or bold, at the style's size in points (an absolute size: the page's units are points).
    private static func fontDescription(_ style: PDFTextStyle) -> OpaquePointer {
        // "Family," ends the family list, so the weight that follows is never read as part of the family's name.
        guard let description = pango_font_description_from_string(fontFamily + (style.bold ? ", Bold" : ",")) else {
            fatalError("Pango could not make a font description: out of memory")
        }
        pango_font_description_set_absolute_size(description, style.size * Double(CRASH_PANGO_SCALE))
        return description
    }

    /// Makes sure the system font library gives DejaVu Sans itself for Latin text, not a stand-in that may draw
    /// letters such as ř or Ø in another face (fonts for other scripts are found for what DejaVu Sans lacks).
    private func checkFont(_ style: PDFTextStyle) throws(PDFRenderError) {
        let description = Self.fontDescription(style)
        defer { pango_font_description_free(description) }
        guard let font = pango_context_load_font(textContext, description) else { throw .fontMissing(found: "no font") }
        defer { g_object_unref(UnsafeMutableRawPointer(font)) }
        guard let described = pango_font_describe(font) else { return }
        defer { pango_font_description_free(described) }
        let family = pango_font_description_get_family(described).map { String(cString: $0) } ?? ""
        guard family == Self.fontFamily else { throw .fontMissing(found: family.isEmpty ? "an unnamed font" : family) }
    }

    // MARK: - Shapes and photos

    func drawRule(y: Double) throws(PDFRenderError) {
        cairo_set_source_rgb(context, 0.6, 0.6, 0.6)
        cairo_set_line_width(context, 0.75)
        cairo_move_to(context, PDFPageGeometry.contentLeft, y)
        cairo_line_to(context, PDFPageGeometry.contentLeft + PDFPageGeometry.contentWidth, y)
        cairo_stroke(context)
        try check(cairo_status(context), "drawing a line")
    }

    /// Draws the photo upright (its EXIF orientation applied) filling the rectangle.
    func drawPhoto(
        _ photo: PDFPhotoSurface, orientation: ImageOrientation,
        x: Double, y: Double, width: Double, height: Double
    ) throws(PDFRenderError) {
        let storedWidth = Double(photo.width)
        let storedHeight = Double(photo.height)
        let upright = orientation.uprightSize(of: PixelSize(width: photo.width, height: photo.height))
        let transform = OrientationTransform(orientation, width: storedWidth, height: storedHeight)
        var matrix = cairo_matrix_t(
            xx: transform.xx, yx: transform.yx, xy: transform.xy, yy: transform.yy, x0: transform.x0, y0: transform.y0
        )
        cairo_save(context)
        cairo_translate(context, x, y)
        cairo_scale(context, width / Double(upright.width), height / Double(upright.height))
        cairo_transform(context, &matrix)
        // From the photo's pixels to the surface's (a JPEG's surface is a one-pixel carrier).
        cairo_scale(context, storedWidth / Double(photo.surfaceWidth), storedHeight / Double(photo.surfaceHeight))
        cairo_set_source_surface(context, photo.surface, 0, 0)
        cairo_rectangle(context, 0, 0, Double(photo.surfaceWidth), Double(photo.surfaceHeight))
        cairo_fill(context)
        cairo_restore(context)
        try check(cairo_status(context), "placing a photo")
    }

    /// In place of a photo that is not drawn: a grey frame filling the rectangle and `text` inside it, wrapped.
    func drawPhotoNotDrawn(_ text: String, x: Double, y: Double, width: Double, height: Double) throws(PDFRenderError) {
        cairo_save(context)
        cairo_set_source_rgb(context, 0.6, 0.6, 0.6)
        cairo_set_line_width(context, 0.75)
        cairo_rectangle(context, x, y, width, height)
        cairo_stroke(context)
        cairo_restore(context)
        try check(cairo_status(context), "framing a photo not drawn")
        let inset = 8.0
        let lines = PDFTextWrapper.wrap(text, width: max(width - 2 * inset, 20)) { self.width(of: $0, in: .caption) }
        for (index, line) in lines.enumerated() {
            let baseline = y + inset + PDFTextStyle.caption.lineHeight * Double(index + 1)
            guard baseline < y + height - inset / 2 else { break }
            try drawText(line, style: .caption, x: x + inset, baseline: baseline)
        }
    }

    // MARK: - Pages and the document

    func finishPage() throws(PDFRenderError) {
        cairo_show_page(context)
        try check(cairo_status(context), "finishing a page")
    }

    /// Ends the document: cairo writes what is left of it into the sink.
    /// - Throws: ``PDFRenderError/charactersWithoutFont(_:)`` when a line was not drawn for want of a font.
    func finish() throws(PDFRenderError) {
        guard charactersWithoutFont.isEmpty else { throw .charactersWithoutFont(String(charactersWithoutFont)) }
        guard !isFinished else { return }
        cairo_surface_finish(surface)
        isFinished = true
        try check(cairo_surface_status(surface), "finishing the document")
    }

    /// A failed step is reported as the sink's first write failure when there was one (cairo only says "write
    /// error"), else in cairo's words.
    fileprivate func checkStatus(_ step: String) throws(PDFRenderError) {
        try check(cairo_status(context), step)
    }

    private func check(_ status: cairo_status_t, _ step: String) throws(PDFRenderError) {
        guard status == CAIRO_STATUS_SUCCESS else {
            if let failure = sink.failure { throw failure }
            throw .drawingFailed(step: step, reason: String(cString: cairo_status_to_string(status)))
        }
    }

    /// cairo's write callback; `closure` is an unretained pointer to the sink, which the canvas keeps alive.
    private static let write: cairo_write_func_t = { closure, data, length in
        guard let closure, let sink = Unmanaged<AnyObject>.fromOpaque(closure).takeUnretainedValue() as? any PDFSink else {
            return CAIRO_STATUS_WRITE_ERROR
        }
        guard length > 0 else { return CAIRO_STATUS_SUCCESS }
        guard let data else { return CAIRO_STATUS_WRITE_ERROR }
        return sink.write(UnsafeRawBufferPointer(start: data, count: Int(length))) ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR
    }

    /// `2026-11-18T11:06:40Z`, the form cairo's metadata takes.
    private static func isoDate(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ value: Int?) -> String {
            let value = value ?? 0
            return value < 10 ? "0\(value)" : "\(value)"
        }
        return "\(parts.year ?? 1970)-\(two(parts.month))-\(two(parts.day))T\(two(parts.hour)):\(two(parts.minute)):\(two(parts.second))Z"
    }
}

extension CairoPDFCanvas {
    /// Two cars seen from above, front up — vehicle A's on the left, B's on the right — each with its point of initial
    /// impact marked by a filled circle and an arrow pointing at it, and its name under it.
    /// `labels` names each car under it, A's first.
    func drawImpactDiagram(
        a: ImpactZone?, b: ImpactZone?, labels: [String], x: Double, y: Double, width: Double, height: Double
    ) throws(PDFRenderError) {
        let labelRoom = 16.0
        // Room above and below the car for an arrow pointing at its front or rear.
        let arrowRoom = 36.0
        let carHeight = height - labelRoom - 2 * arrowRoom
        let carWidth = carHeight * 0.48
        for (index, zone) in [a, b].enumerated() {
            let centre = x + width * (index == 0 ? 0.25 : 0.75)
            let left = centre - carWidth / 2
            let top = y + arrowRoom
            drawCar(left: left, top: top, width: carWidth, height: carHeight)
            if let zone { try markImpact(zone, left: left, top: top, width: carWidth, height: carHeight) }
            let label = index < labels.count ? labels[index] : ""
            let style = PDFTextStyle(size: 9, bold: true, grey: 0)
            try drawText(label, style: style, x: centre - self.width(of: label, in: style) / 2, baseline: y + height - 4)
        }
        try checkStatus("drawing the points of impact")
    }

    /// One car from above, front up, filling the rectangle, with its point of initial impact marked when known.
    /// The arrow is shorter than on a page of its own, to stay in a form's box: it reaches ``formArrowReach`` beyond the car.
    func drawImpactCar(_ zone: ImpactZone?, x: Double, y: Double, width: Double, height: Double) throws(PDFRenderError) {
        drawCar(left: x, top: y, width: width, height: height)
        if let zone { try markImpact(zone, left: x, top: y, width: width, height: height, arrow: Self.formArrowReach - 7) }
        try checkStatus("drawing a point of impact")
    }

    /// A rectangle's thin outline, filled first when `fill` is given.
    func drawBox(x: Double, y: Double, width: Double, height: Double, fill: PDFColour?) throws(PDFRenderError) {
        cairo_save(context)
        cairo_rectangle(context, x, y, width, height)
        if let fill {
            cairo_set_source_rgb(context, fill.red, fill.green, fill.blue)
            cairo_fill_preserve(context)
        }
        cairo_set_source_rgb(context, 0.35, 0.35, 0.35)
        cairo_set_line_width(context, 0.6)
        cairo_stroke(context)
        cairo_restore(context)
        try checkStatus("drawing a box")
    }

    /// A cross filling a square box: the box is ticked.
    func drawCross(x: Double, y: Double, size: Double) throws(PDFRenderError) {
        cairo_save(context)
        cairo_set_source_rgb(context, 0.05, 0.05, 0.05)
        cairo_set_line_width(context, 1.1)
        let inset = size * 0.15
        cairo_move_to(context, x + inset, y + inset)
        cairo_line_to(context, x + size - inset, y + size - inset)
        cairo_move_to(context, x + size - inset, y + inset)
        cairo_line_to(context, x + inset, y + size - inset)
        cairo_stroke(context)
        cairo_restore(context)
        try checkStatus("ticking a box")
    }

    /// The outline of a car from above: a rounded body, the windscreen and rear window, four wheels.
    private func drawCar(left: Double, top: Double, width: Double, height: Double) {
        let radius = width * 0.3
        cairo_new_path(context)
        cairo_arc(context, left + width - radius, top + radius, radius, -Double.pi / 2, 0)
        cairo_arc(context, left + width - radius, top + height - radius * 0.6, radius * 0.6, 0, Double.pi / 2)
        cairo_arc(context, left + radius * 0.6, top + height - radius * 0.6, radius * 0.6, Double.pi / 2, Double.pi)
        cairo_arc(context, left + radius, top + radius, radius, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(context)
        cairo_set_source_rgb(context, 0.95, 0.95, 0.95)
        cairo_fill_preserve(context)
        cairo_set_source_rgb(context, 0.25, 0.25, 0.25)
        cairo_set_line_width(context, 1.2)
        cairo_stroke(context)
        // Windscreen (front, at the top) and rear window.
        cairo_set_line_width(context, 0.8)
        cairo_move_to(context, left + width * 0.15, top + height * 0.30)
        cairo_line_to(context, left + width * 0.85, top + height * 0.30)
        cairo_line_to(context, left + width * 0.78, top + height * 0.22)
        cairo_line_to(context, left + width * 0.22, top + height * 0.22)
        cairo_close_path(context)
        cairo_move_to(context, left + width * 0.2, top + height * 0.80)
        cairo_line_to(context, left + width * 0.8, top + height * 0.80)
        cairo_line_to(context, left + width * 0.75, top + height * 0.86)
        cairo_line_to(context, left + width * 0.25, top + height * 0.86)
        cairo_close_path(context)
        cairo_stroke(context)
        // Wheels.
        cairo_set_source_rgb(context, 0.3, 0.3, 0.3)
        for (wx, wy) in [(-0.06, 0.16), (0.94, 0.16), (-0.06, 0.70), (0.94, 0.70)] {
            cairo_rectangle(context, left + width * wx, top + height * wy, width * 0.12, height * 0.14)
        }
        cairo_fill(context)
    }

    /// A filled circle on the zone and an arrow coming at it from outside.
    /// How far past a car's outline its point of impact's arrow starts, on the form.
    static let formArrowReach = 20.0

    private func markImpact(
        _ zone: ImpactZone, left: Double, top: Double, width: Double, height: Double, arrow length: Double = 26
    ) throws(PDFRenderError) {
        // The point on (or over) the body, and the direction the arrow comes from, in the car's box.
        let (px, py, dx, dy): (Double, Double, Double, Double) = switch zone {
        case .frontLeft: (0.12, 0.06, -1, -1)
        case .front: (0.5, 0.0, 0, -1)
        case .frontRight: (0.88, 0.06, 1, -1)
        case .right: (1.0, 0.5, 1, 0)
        case .rearRight: (0.88, 0.96, 1, 1)
        case .rear: (0.5, 1.0, 0, 1)
        case .rearLeft: (0.12, 0.96, -1, 1)
        case .left: (0.0, 0.5, -1, 0)
        case .roof: (0.5, 0.5, 0, 0)
        case .underside: (0.5, 0.5, 0, 0)
        }
        let cx = left + width * px
        let cy = top + height * py
        cairo_set_source_rgb(context, 0.8, 0.1, 0.1)
        cairo_new_path(context)
        cairo_arc(context, cx, cy, 5, 0, 2 * Double.pi)
        cairo_fill(context)
        if zone == .underside {
            // Seen from above the underside is hidden: a dashed ring says "under here".
            var dashes: [Double] = [3, 2]
            cairo_set_dash(context, &dashes, 2, 0)
            cairo_arc(context, cx, cy, 11, 0, 2 * Double.pi)
            cairo_set_line_width(context, 1.2)
            cairo_stroke(context)
            cairo_set_dash(context, nil, 0, 0)
        }
        guard dx != 0 || dy != 0 else { return }
        let norm = (dx * dx + dy * dy).squareRoot()
        let ux = dx / norm, uy = dy / norm
        let startX = cx + ux * (length + 7), startY = cy + uy * (length + 7)
        let endX = cx + ux * 7, endY = cy + uy * 7
        cairo_set_line_width(context, 2)
        cairo_move_to(context, startX, startY)
        cairo_line_to(context, endX, endY)
        cairo_stroke(context)
        // The arrow's head, at the car.
        let side = 5.0
        cairo_move_to(context, endX, endY)
        cairo_line_to(context, endX + ux * side * 1.6 - uy * side, endY + uy * side * 1.6 + ux * side)
        cairo_line_to(context, endX + ux * side * 1.6 + uy * side, endY + uy * side * 1.6 - ux * side)
        cairo_close_path(context)
        cairo_fill(context)
        try checkStatus("marking a point of impact")
    }
}
