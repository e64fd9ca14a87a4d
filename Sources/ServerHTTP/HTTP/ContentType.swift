
/// The media type of a `Content-Type` header, without its parameters, in lower case: `image/jpeg` from
/// `Image/JPEG; charset=…`.
package enum ContentType {
    package static func essence(of header: String) -> String {
        String(header.split(separator: ";", maxSplits: 1).first ?? "").trimmingCharacters(in: .whitespaces).lowercased()
    }
}
