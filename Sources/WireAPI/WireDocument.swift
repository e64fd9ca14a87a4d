import Foundation

/// The OpenAPI document the wire types are generated from, as shipped with the program.
public enum WireDocument {
    /// The bytes of `openapi.yaml`, or `nil` when the program was installed without its resources.
    public static func yaml() -> Data? {
        guard let url = Bundle.module.url(forResource: "openapi", withExtension: "yaml") else { return nil }
        return try? Data(contentsOf: url)
    }
}
