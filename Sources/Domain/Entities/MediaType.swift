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
}
