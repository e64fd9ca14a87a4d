/// What the product reads from a photo's own bytes before accepting it.
public struct ImageInfo: Sendable, Hashable {
    public let mediaType: MediaType
    public let pixelSize: PixelSize
    /// Colour channels: 1 grey or 3 colour for JPEG (CMYK JPEGs are refused); 1–4 for PNG
    /// (grey, grey+alpha, RGB or palette, RGBA).
    public let componentCount: Int

    public init(mediaType: MediaType, pixelSize: PixelSize, componentCount: Int) {
        self.mediaType = mediaType
        self.pixelSize = pixelSize
        self.componentCount = componentCount
    }
}
