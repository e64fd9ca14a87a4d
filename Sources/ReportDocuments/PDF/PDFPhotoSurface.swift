import CCairo
import Domain
import Foundation

/// A photo as a cairo image surface, ready to be placed on a page.
///
/// A JPEG is not decoded: a one-pixel surface carries the original bytes as its JPEG data, which cairo
/// writes into the PDF as they are (a DCT image with the JPEG's own width and height), so the photo is
/// exactly what the camera saved. A PDF image always fills the unit square it is drawn into, so the carrier's
/// size does not matter; a one-pixel carrier spares allocating (and clearing) a full-size pixel buffer that
/// would never be read. A PNG is read by cairo's PNG loader and written losslessly — at most at
/// ``maximumDotsPerInch`` for the size it is drawn at: a larger one is scaled down first (once read), so a PNG of
/// many pixels costs the PDF, its size and the memory of the render no more than the page can show.
final class PDFPhotoSurface {
    /// The most pixels per inch a PNG keeps in the PDF, along its longer side: as sharp as print gets.
    static let maximumDotsPerInch = 300.0

    let surface: OpaquePointer
    /// The photo's stored pixel size (before orientation).
    let width: Int
    let height: Int
    /// The surface's own size in pixels (1 × 1 for a JPEG carrier).
    let surfaceWidth: Int
    let surfaceHeight: Int

    /// - Parameter longestSide: the longest side, in points, the photo is drawn at (`nil`: any, kept whole).
    init(photo: Photo, bytes: Data, drawnAtMost longestSide: Double? = nil) throws(PDFRenderError) {
        try CairoLibrary.open()
        switch photo.mediaType {
        case .jpeg:
            surface = try Self.jpegSurface(photo: photo, bytes: bytes)
            width = photo.pixelSize.width
            height = photo.pixelSize.height
        case .png:
            let read = try Self.pngSurface(photo: photo, bytes: bytes)
            let fitted = longestSide.map { Int(($0 / 72 * Self.maximumDotsPerInch).rounded(.up)) }
            if let fitted { surface = try Self.scaledDown(read, toLongestSide: fitted, photo: photo) } else { surface = read }
            width = Int(cairo_image_surface_get_width(surface))
            height = Int(cairo_image_surface_get_height(surface))
        }
        surfaceWidth = Int(cairo_image_surface_get_width(surface))
        surfaceHeight = Int(cairo_image_surface_get_height(surface))
    }

    deinit {
        cairo_surface_destroy(surface)
    }

    /// The pixels a PNG has, from its header (its first chunk, IHDR), read without decoding it; `nil` when the bytes
    /// do not start as a PNG does.
    static func pngPixelCount(_ bytes: Data) -> Int? {
        let header = Array(bytes.prefix(24))
        guard header.count == 24, header[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], header[12..<16] == [0x49, 0x48, 0x44, 0x52] else {
            return nil
        }
        func big(_ at: Int) -> Int { header[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        return big(16) * big(20)
    }

    // MARK: - JPEG, embedded as it is

    private static func jpegSurface(photo: Photo, bytes: Data) throws(PDFRenderError) -> OpaquePointer {
        let size = photo.pixelSize
        guard size.width > 0, size.height > 0 else {
            throw .photoUnreadable(fileName: photo.originalFileName, reason: "it says it is \(size) pixels")
        }
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 1, 1) else {
            throw .photoUnreadable(fileName: photo.originalFileName, reason: "no memory for it")
        }
        do throws(PDFRenderError) {
            try check(cairo_surface_status(surface), photo: photo)
            // cairo keeps its own copy of the bytes until the surface is destroyed, then frees it.
            guard let copy = malloc(max(bytes.count, 1)) else {
                throw .photoUnreadable(fileName: photo.originalFileName, reason: "no memory for it")
            }
            bytes.copyBytes(to: copy.assumingMemoryBound(to: UInt8.self), count: bytes.count)
            let status = cairo_surface_set_mime_data(
                surface, CAIRO_MIME_TYPE_JPEG, copy.assumingMemoryBound(to: UInt8.self), UInt(bytes.count),
                { free($0) }, copy
            )
            if status != CAIRO_STATUS_SUCCESS { free(copy) }
            try check(status, photo: photo)
            // The same bytes placed twice are written into the PDF once.
            try setUniqueID(photo.contentHash.hex, on: surface, photo: photo)
        } catch {
            cairo_surface_destroy(surface)
            throw error
        }
        return surface
    }

    private static func setUniqueID(_ id: String, on surface: OpaquePointer, photo: Photo) throws(PDFRenderError) {
        let bytes = Array(id.utf8)
        guard let copy = malloc(bytes.count) else {
            throw .photoUnreadable(fileName: photo.originalFileName, reason: "no memory for it")
        }
        copy.copyMemory(from: bytes, byteCount: bytes.count)
        let status = cairo_surface_set_mime_data(
            surface, CAIRO_MIME_TYPE_UNIQUE_ID, copy.assumingMemoryBound(to: UInt8.self), UInt(bytes.count),
            { free($0) }, copy
        )
        if status != CAIRO_STATUS_SUCCESS { free(copy) }
        try check(status, photo: photo)
    }

    // MARK: - PNG, through cairo's loader

    /// Hands the PNG bytes to cairo's loader piece by piece.
    private final class PNGReader {
        let bytes: Data
        var position = 0

        init(_ bytes: Data) {
            self.bytes = bytes
        }

        static let read: cairo_read_func_t = { closure, buffer, length in
            guard let closure, let buffer else { return CAIRO_STATUS_READ_ERROR }
            let reader = Unmanaged<PNGReader>.fromOpaque(closure).takeUnretainedValue()
            let count = Int(length)
            guard count <= reader.bytes.count - reader.position else { return CAIRO_STATUS_READ_ERROR }
            let start = reader.bytes.startIndex + reader.position
            reader.bytes.copyBytes(to: buffer, from: start..<(start + count))
            reader.position += count
            return CAIRO_STATUS_SUCCESS
        }
    }

    private static func pngSurface(photo: Photo, bytes: Data) throws(PDFRenderError) -> OpaquePointer {
        let reader = PNGReader(bytes)
        let surface = withExtendedLifetime(reader) {
            cairo_image_surface_create_from_png_stream(PNGReader.read, Unmanaged.passUnretained(reader).toOpaque())
        }
        guard let surface else {
            throw .photoUnreadable(fileName: photo.originalFileName, reason: "no memory for it")
        }
        do throws(PDFRenderError) {
            try check(cairo_surface_status(surface), photo: photo)
            try setUniqueID(photo.contentHash.hex, on: surface, photo: photo)
        } catch {
            cairo_surface_destroy(surface)
            throw error
        }
        return surface
    }

    /// `surface` scaled down so its longer side is at most `limit` pixels (cairo's good filter averages the pixels
    /// each new one covers), the original let go; `surface` itself when it is that small already.
    private static func scaledDown(_ surface: OpaquePointer, toLongestSide limit: Int, photo: Photo) throws(PDFRenderError) -> OpaquePointer {
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        let longest = max(width, height)
        guard limit > 0, longest > limit else { return surface }
        let scale = Double(limit) / Double(longest)
        let newWidth = max(1, Int((Double(width) * scale).rounded())), newHeight = max(1, Int((Double(height) * scale).rounded()))
        defer { cairo_surface_destroy(surface) }
        guard let small = cairo_image_surface_create(cairo_image_surface_get_format(surface), Int32(newWidth), Int32(newHeight)) else {
            throw .photoUnreadable(fileName: photo.originalFileName, reason: "no memory for it")
        }
        do throws(PDFRenderError) {
            try check(cairo_surface_status(small), photo: photo)
            guard let context = cairo_create(small) else { throw .photoUnreadable(fileName: photo.originalFileName, reason: "no memory for it") }
            defer { cairo_destroy(context) }
            cairo_scale(context, Double(newWidth) / Double(width), Double(newHeight) / Double(height))
            cairo_set_source_surface(context, surface, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(context), CAIRO_FILTER_GOOD)
            cairo_set_operator(context, CAIRO_OPERATOR_SOURCE)
            cairo_paint(context)
            try check(cairo_status(context), photo: photo)
            // The same bytes drawn at the same size are written once; at another size, as the other image they are.
            try setUniqueID("\(photo.contentHash.hex)-\(newWidth)x\(newHeight)", on: small, photo: photo)
        } catch {
            cairo_surface_destroy(small)
            throw error
        }
        return small
    }

    private static func check(_ status: cairo_status_t, photo: Photo) throws(PDFRenderError) {
        guard status == CAIRO_STATUS_SUCCESS else {
            throw .photoUnreadable(fileName: photo.originalFileName, reason: String(cString: cairo_status_to_string(status)))
        }
    }
}
