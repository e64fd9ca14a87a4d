import Domain

/// The paths of the routes written by hand, on the server and in the app, in one place: the streaming photo and PDF
/// routes (their bodies stream to and from storage rather than through the generated code), the two reads the server
/// serves as stored, the API document, the page an SMS's web link opens, and problem types. Every other path is generated from `openapi.yaml`.
public enum WirePaths {
    // MARK: - Photos, by what they are

    /// `/v1/photos/<sha256>`: one of the caller's photos (`PUT`, `HEAD`, `PATCH`, `GET`).
    public static func photo(_ contentHash: ContentHash) -> String { photosBase + contentHash.hex }
    /// The photo route as a router pattern, its parameter named ``photoParameter``.
    public static let photoPattern = photosBase + ":" + photoParameter
    public static let photoParameter = "sha256"

    // MARK: - Reads served as stored

    /// `/v1/reports/<id>` as a router pattern, its parameter named ``reportParameter``.
    public static let reportPattern = reportsBase + ":" + reportParameter
    /// `/v1/changes`: what changed in the caller's reports since a cursor.
    public static let changes = "/v1/changes"

    // MARK: - Documents

    /// `/v1/reports/<id>/report.pdf`: the PDF of a submitted report.
    public static func document(of id: ReportID) -> String { "\(reportsBase)\(id)/report.pdf" }
    /// The PDF route as a router pattern, its parameter named ``reportParameter``.
    public static let documentPattern = reportsBase + ":" + reportParameter + "/report.pdf"
    public static let reportParameter = "reportID"

    // MARK: - Claims, for the insurer's handlers

    /// `/v1/claims/<id>`: one submitted report, as a handler reads it.
    public static func claim(_ id: String) -> String { claimsBase + id }
    /// `/v1/claims/<id>/report.pdf`: its PDF.
    public static func claimDocument(_ id: String) -> String { claimsBase + id + "/report.pdf" }
    /// `/v1/claims/<id>/documents/<sha256>`: one version of its PDF, the same bytes for good.
    public static func claimDocumentVersion(_ id: String, _ contentHash: ContentHash) -> String {
        claimsBase + id + "/documents/" + contentHash.hex
    }
    /// The route of a version of a claim's PDF as a router pattern, its parameters ``claimParameter`` and
    /// ``photoParameter`` (a SHA-256 either way).
    public static let claimDocumentVersionPattern = claimsBase + ":" + claimParameter + "/documents/:" + photoParameter
    /// `/v1/claims/<id>/photos/<sha256>`: one of its photos.
    public static func claimPhoto(_ id: String, _ contentHash: ContentHash) -> String { claimsBase + id + "/photos/" + contentHash.hex }
    /// The claim PDF route as a router pattern, its parameter named ``claimParameter``.
    public static let claimDocumentPattern = claimsBase + ":" + claimParameter + "/report.pdf"
    /// The claim photo route as a router pattern, its parameters named ``claimParameter`` and ``photoParameter``.
    public static let claimPhotoPattern = claimsBase + ":" + claimParameter + "/photos/:" + photoParameter
    public static let claimParameter = "claimID"

    // MARK: - The SMS gateway's delivery reports

    /// `/v1/sms/<message id>/delivery` as a router pattern, its parameter named ``smsMessageParameter``.
    public static let smsDeliveryPattern = smsBase + ":" + smsMessageParameter + "/delivery"
    public static let smsMessageParameter = "messageId"
    /// `/v1/sms/replies`: the drivers' SMS replies, handed over by the gateway.
    public static let smsReplies = smsBase + "replies"

    /// The API document, `openapi.yaml`.
    public static let apiDocument = "/openapi.yaml"

    /// The page a web link opens (``DeepLink``'s `…/c/<crash ID>`), as a router pattern.
    public static let crashPagePattern = "/" + DeepLink.webSegment + "/:" + crashParameter
    public static let crashParameter = "crashID"

    /// The prefix of every problem type's URI (`/problems/<name>`).
    public static let problemPrefix = "/problems/"

    // MARK: - Access

    /// Whether anyone may ask for `path` without a token: the health check, the API document, the pages of web
    /// links and the descriptions of problem types (the operations `openapi.yaml` gives no security).
    public static func isPublic(_ path: String) -> Bool {
        path == health || path == liveness || path == readiness || path == apiDocument || path.hasPrefix("/" + DeepLink.webSegment + "/") || path.hasPrefix(problemPrefix)
            || path.hasPrefix(smsBase)
    }

    private static let health = "/health"
    private static let liveness = "/health/live"
    private static let readiness = "/health/ready"
    /// The SMS gateway's delivery reports, whose credential is each message's report token.
    private static let smsBase = "/v1/sms/"
    private static let photosBase = "/v1/photos/"
    private static let reportsBase = "/v1/reports/"
    private static let claimsBase = "/v1/claims/"
}
