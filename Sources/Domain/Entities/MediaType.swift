/// The photo formats the product accepts.
public enum MediaType: String, Sendable, Hashable, CaseIterable {
    case jpeg = "image/jpeg"
    case png = "image/png"

    public var displayName: String {
        switch self {
        case .jpeg: "JPEG"
        case .png: "PNG"
        }
    }

    public var fileExtension: String {
        switch self {
        case .jpeg: "jpg"
        case .png: "png"
        }
    }
}
