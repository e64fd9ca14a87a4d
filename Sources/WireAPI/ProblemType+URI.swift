/// A problem's `type` as it travels: the URI reference `/problems/<name>` (RFC 9457), resolved against the request's
/// URL. Written and read here only, so the server and the app agree on it.
extension Components.Schemas.ProblemType {
    /// `/problems/<name>`.
    public var uri: String { WirePaths.problemPrefix + rawValue }

    /// The type a problem's `type` names, whether given relative (`/problems/revision-conflict`) or resolved
    /// (`https://claims.example.com/problems/revision-conflict`); `nil` for a type this program does not know (a newer
    /// server's, or another server's).
    public init?(uri: String) {
        guard let range = uri.range(of: WirePaths.problemPrefix, options: .backwards),
              uri[..<range.lowerBound].isEmpty || uri[..<range.lowerBound].contains("://") else { return nil }
        self.init(rawValue: String(uri[range.upperBound...]))
    }
}

/// Which refusal a problem is (`openapi.yaml`'s `ProblemType`).
public typealias ProblemType = Components.Schemas.ProblemType
