/// How a photo's stored pixels must be turned to appear upright, as its EXIF orientation tag says
/// (values 1–8). A phone held upright usually stores the picture sideways with `.rotatedClockwise`.
public enum ImageOrientation: Int, Sendable, Hashable, CaseIterable {
    /// Stored upright (EXIF 1); also what a photo without the tag is.
    case up = 1
    case mirrored = 2
    case upsideDown = 3
    case upsideDownMirrored = 4
    case rotatedClockwiseMirrored = 5
    /// Turn 90° clockwise to show it upright (EXIF 6, the usual portrait phone photo).
    case rotatedClockwise = 6
    case rotatedCounterClockwiseMirrored = 7
    /// Turn 90° counter-clockwise to show it upright (EXIF 8).
    case rotatedCounterClockwise = 8

    /// Whether the upright picture is as wide as the stored one is tall.
    public var swapsWidthAndHeight: Bool { rawValue >= 5 }

    /// The stored pixel size as the driver sees the photo, upright.
    public func uprightSize(of stored: PixelSize) -> PixelSize {
        swapsWidthAndHeight ? PixelSize(width: stored.height, height: stored.width) : stored
    }
}
