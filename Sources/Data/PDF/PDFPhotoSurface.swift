import CCairo
import Domain
import Foundation

/// A photo as a cairo image surface, ready to be placed on a page.
///
/// A JPEG is not decoded: a one-pixel surface carries the original bytes as its JPEG data, which cairo
/// writes into the PDF as they are (a DCT image with the JPEG's own width and height), so the photo is
/// exactly what the camera saved. A PDF image always fills the unit square it is drawn into, so the carrier's
/// size does not matter; a one-pixel carrier spares allocating (and clearing) a full-size pixel buffer that
/// would never be read. A PNG is read by cairo's PNG loader and written losslessly.
final class PDFPhotoSurface {
    let surface: OpaquePointer
    /// The photo's stored pixel size (before orientation).
    let width: Int
    let height: Int
    /// The surface's own size in pixels (1 × 1 for a JPEG carrier).
    let surfaceWidth: Int
    let surfaceHeight: Int

    init(photo: Photo, bytes: Data) throws(PDFRenderError) {
        try CairoLibrary.open()
        switch photo.mediaType {
        case .jpeg:
            surface = try Self.jpegSurface(photo: photo, bytes: bytes)
            width = photo.pixelSize.width
            height = photo.pixelSize.height
        case .png:
            surface = try Self.pngSurface(photo: photo, bytes: bytes)
            width = Int(cairo_image_surface_get_width(surface))
            height = Int(cairo_image_surface_get_height(surface))
        }
        surfaceWidth = Int(cairo_image_surface_get_width(surface))
        surfaceHeight = Int(cairo_image_surface_get_height(surface))
    }

    deinit {
        cairo_surface_destroy(surface)
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

    private static func check(_ status: cairo_status_t, photo: Photo) throws(PDFRenderError) {
        guard status == CAIRO_STATUS_SUCCESS else {
            throw .photoUnreadable(fileName: photo.originalFileName, reason: String(cString: cairo_status_to_string(status)))
        }
    }
}
