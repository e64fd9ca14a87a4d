import Domain

/// The affine map that turns a photo's stored pixels upright, as its EXIF orientation says:
/// a stored point (u, v) lands at (`xx`·u + `xy`·v + `x0`, `yx`·u + `yy`·v + `y0`) in the upright picture,
/// whose size is ``ImageOrientation/uprightSize(of:)``. The same layout as cairo's matrix.
struct OrientationTransform: Sendable, Hashable {
    let xx: Double
    let yx: Double
    let xy: Double
    let yy: Double
    let x0: Double
    let y0: Double

    /// - Parameters:
    ///   - width: the stored width in pixels.
    ///   - height: the stored height in pixels.
    init(_ orientation: ImageOrientation, width: Double, height: Double) {
        switch orientation {
        case .up:
            (xx, yx, xy, yy, x0, y0) = (1, 0, 0, 1, 0, 0)
        case .mirrored:
            (xx, yx, xy, yy, x0, y0) = (-1, 0, 0, 1, width, 0)
        case .upsideDown:
            (xx, yx, xy, yy, x0, y0) = (-1, 0, 0, -1, width, height)
        case .upsideDownMirrored:
            (xx, yx, xy, yy, x0, y0) = (1, 0, 0, -1, 0, height)
        case .rotatedClockwiseMirrored:
            // Transpose: the stored top row becomes the left column.
            (xx, yx, xy, yy, x0, y0) = (0, 1, 1, 0, 0, 0)
        case .rotatedClockwise:
            // The stored top row becomes the right column.
            (xx, yx, xy, yy, x0, y0) = (0, 1, -1, 0, height, 0)
        case .rotatedCounterClockwiseMirrored:
            // Transverse: the stored top row becomes the right column, read bottom up.
            (xx, yx, xy, yy, x0, y0) = (0, -1, -1, 0, height, width)
        case .rotatedCounterClockwise:
            // The stored top row becomes the left column, read bottom up.
            (xx, yx, xy, yy, x0, y0) = (0, -1, 1, 0, 0, width)
        }
    }

    /// Where a stored point lands in the upright picture.
    func apply(_ u: Double, _ v: Double) -> (x: Double, y: Double) {
        (xx * u + xy * v + x0, yx * u + yy * v + y0)
    }
}
