/// A photo's width and height in pixels, as stored in the file (before any orientation is applied).
public struct PixelSize: Sendable, Hashable, CustomStringConvertible {
    public let width: Int
    public let height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    public var pixelCount: Int { width * height }

    /// e.g. `4032 × 3024`
    public var description: String { "\(width) × \(height)" }
}
