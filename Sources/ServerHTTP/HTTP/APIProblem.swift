import Domain
import HTTPTypes
import ServerCore
import WireAPI

/// An answer that is not a success: its type (one of `openapi.yaml`'s `ProblemType`, which fixes the status and the
/// title), a detail saying what is wrong here and what to do, worded for the programs and people using the API, and
/// the field at fault when a field is. Written as the JSON problem `openapi.yaml` describes (RFC 9457).
package struct APIProblem: Error, Sendable {
    package let type: ProblemType
    package let detail: String
    package var field: String?
    /// For a refused save: the version the server holds (absent when the report was deleted), or the report holding
    /// the crash ID.
    package var current: CrashReport?
    /// For a refused submit: the photos the report names that are not uploaded yet.
    package var missingPhotos: [ContentHash] = []
    /// For an upload: how many bytes the server holds.
    package var uploadOffset: Int?
    /// Extra response headers (e.g. `Upload-Limit`, `WWW-Authenticate`).
    package var headers: HTTPFields = [:]

    package init(_ type: ProblemType, _ detail: String, field: String? = nil) {
        self.type = type
        self.detail = detail
        self.field = field
    }

    package var status: HTTPResponse.Status { type.status }

    /// The JSON body.
    package var wire: Components.Schemas.Problem {
        Components.Schemas.Problem(
            _type: type.uri,
            status: status.code,
            title: type.title,
            detail: detail,
            field: field,
            current: current.map(Components.Schemas.Report.init),
            missingPhotos: missingPhotos.isEmpty ? nil : missingPhotos.map(\.hex),
            uploadOffset: uploadOffset.map(Int64.init)
        )
    }

    // MARK: - The problems every route may answer

    package static func unauthorized(_ detail: String) -> APIProblem {
        var problem = APIProblem(.notSignedIn, detail)
        problem.headers[.wwwAuthenticate] = "Bearer realm=\"crash-assistant\""
        return problem
    }

    package static func tooLarge(limit: Int) -> APIProblem {
        let photos = limit == ServerLimits.maximumBodyBytes ? " Send photos one at a time; a photo may have at most 20 MiB." : ""
        var problem = APIProblem(.bodyTooLarge, "The request body is larger than \(limit) bytes, the most this route takes." + photos)
        problem.headers[.uploadLimit] = "max-size=\(limit)"
        return problem
    }

    package static func claimNotFound(_ id: String) -> APIProblem {
        APIProblem(.claimNotFound, ProblemText.claimNotFound(id))
    }

    package static func reportNotFound(_ id: ReportID) -> APIProblem {
        APIProblem(.reportNotFound, "You have no report \(id). Check the id, or list your reports.")
    }

    package static func invalid(_ data: InvalidReportData) -> APIProblem {
        APIProblem(.invalidReport, ProblemText.sentence(for: data), field: data.field)
    }

    package static func badParameter(_ name: String, _ detail: String) -> APIProblem {
        APIProblem(.invalidParameter, detail, field: name)
    }
}

extension ProblemType {
    /// The HTTP status every problem of this type answers with.
    package var status: HTTPResponse.Status {
        switch self {
        case .notSignedIn: .unauthorized
        case .notFound, .reportNotFound, .partyNotFound, .photoNotFound, .uploadNotFound, .userNotFound, .smsNotFound, .documentNotFound, .claimNotFound: .notFound
        case .methodNotAllowed: .methodNotAllowed
        case .bodyTooLarge: .contentTooLarge
        case .unsupportedMediaType, .notAPhoto: .unsupportedMediaType
        case .notAcceptable: .notAcceptable
        case .invalidRequest, .invalidParameter, .invalidReport, .hashMismatch: .badRequest
        case .idempotencyKeyReused: .unprocessableContent
        case .revisionConflict, .reportCompleted, .statementSigned, .crashIdTaken, .nothingToReport, .photosMissing, .uploadOffsetMismatch, .ambiguousReference: .conflict
        case .storageUnavailable: .serviceUnavailable
        case .rateLimited: .tooManyRequests
        case .quotaExceeded, .storageFull: HTTPResponse.Status(code: 507, reasonPhrase: "Insufficient Storage")
        case .changesExpired: .gone
        case .internalError: .internalServerError
        }
    }

    /// The title of every problem of this type.
    package var title: String {
        switch self {
        case .notSignedIn: "Not signed in"
        case .notFound: "Not found"
        case .methodNotAllowed: "Method not allowed"
        case .bodyTooLarge: "Body too large"
        case .unsupportedMediaType: "Unsupported media type"
        case .notAcceptable: "Not acceptable"
        case .invalidRequest: "Invalid request"
        case .invalidParameter: "Invalid parameter"
        case .invalidReport: "Invalid report"
        case .reportNotFound: "No such report"
        case .partyNotFound: "No such party"
        case .revisionConflict: "Revision conflict"
        case .reportCompleted: "Report completed"
        case .statementSigned: "Statement signed"
        case .crashIdTaken: "Crash ID taken"
        case .nothingToReport: "Nothing to report"
        case .photosMissing: "Photos missing"
        case .photoNotFound: "No such photo"
        case .notAPhoto: "Not an accepted photo"
        case .hashMismatch: "Hash mismatch"
        case .uploadNotFound: "No such upload"
        case .uploadOffsetMismatch: "Upload offset mismatch"
        case .userNotFound: "No such user"
        case .ambiguousReference: "Reference names several users"
        case .smsNotFound: "No such SMS"
        case .idempotencyKeyReused: "Idempotency key reused"
        case .documentNotFound: "Not submitted"
        case .claimNotFound: "No such claim"
        case .storageUnavailable: "Storage unavailable"
        case .rateLimited: "Too many requests"
        case .quotaExceeded: "Quota exceeded"
        case .storageFull: "Storage full"
        case .changesExpired: "Changes expired"
        case .internalError: "Internal error"
        }
    }

    /// What a problem of this type means and what a client does about it: the answer to `GET /problems/<name>`.
    package var explanation: String {
        switch self {
        case .notSignedIn:
            "The request carried no token, one this server does not know, or one of the wrong kind for the route. Send `Authorization: Bearer <token>` with a token from `crash-assistant-server user add` (drivers) or `detector add` (crash detection)."
        case .notFound:
            "Nothing is at this path. The routes are listed in \(WirePaths.apiDocument)."
        case .methodNotAllowed:
            "The path does not take this method; the `Allow` header lists the methods it takes."
        case .bodyTooLarge:
            "The body is larger than the server takes (20 MiB); `Upload-Limit` gives the limit. Send photos one at a time."
        case .unsupportedMediaType:
            "The body's Content-Type is not one the route takes; \(WirePaths.apiDocument) lists them."
        case .notAcceptable:
            "The Accept header allows none of the types the route answers with."
        case .invalidRequest:
            "The request could not be read: malformed JSON, or a required header or body missing."
        case .invalidParameter:
            "A parameter, header or field has a value outside what it may be; `field` names it."
        case .invalidReport:
            "The report breaks a rule a report keeps (photos per section, the same photo twice, sizes, the note's length, the completion time); `field` names where."
        case .reportNotFound:
            "The caller has no report with this id."
        case .partyNotFound:
            "The caller's report, as the server holds it, has no motor-vehicle party with this id: a device that added it may not have sent it yet (send the report, then ask again)."
        case .revisionConflict:
            "The report was changed (or deleted) since the revision the save states. `current` carries the version held (absent when deleted): merge the change into it and save again with its revision."
        case .reportCompleted:
            "The report is completed: it has been handed on and can no longer be changed or deleted."
        case .statementSigned:
            "Both drivers signed the accident statement's front side as it is (every signature names the version it was given for), so the front — with the injuries and the time and place it shows — can no longer change. `current` carries the version held: keep its statement, injuries and scene, and send the other changes again."
        case .crashIdTaken:
            "Another of the caller's reports carries this crash ID, and a crash ID names one report. `current` carries that report: merge into it and save it with its id and revision."
        case .nothingToReport:
            "The report holds nothing to report yet: choose who was injured, add a photo or write a note before completing it."
        case .photosMissing:
            "Photos the report names are not uploaded yet; `missingPhotos` lists their SHA-256. Upload each (PUT on its photo route), then try again."
        case .photoNotFound:
            "The caller has uploaded no photo with this SHA-256."
        case .notAPhoto:
            "The bytes, or the Content-Type, are not a JPEG or PNG photo the app accepts."
        case .hashMismatch:
            "The bytes' SHA-256 is not the one in the path. Nothing was stored; upload the photo again from the start."
        case .uploadNotFound:
            "There is no partial upload of these bytes to continue. Start the upload with PUT."
        case .uploadOffsetMismatch:
            "`Upload-Offset` is not where the upload stands; `uploadOffset` (and the header) says where it does. Send the rest from there."
        case .userNotFound:
            "The crash event names a user the server does not know. Add them with `crash-assistant-server user add NAME`."
        case .ambiguousReference:
            "The crash event names its driver by a policy reference several users share. Name the user (`user`) or their customer reference (`customerReference`)."
        case .smsNotFound:
            "No SMS message has this id and report token. A delivery report names the message and the token the server gave the gateway with it."
        case .idempotencyKeyReused:
            "The Idempotency-Key (the event's eventId) was used before with a different crash event; nothing was done. Give each event its own id, and send an event again only exactly as it was."
        case .documentNotFound:
            "The report has no PDF yet: submit it first."
        case .claimNotFound:
            "No submitted report has this claim id. Claim ids come from `GET /v1/claims` or the first notice of loss (`claim`)."
        case .storageUnavailable:
            "The server cannot reach its storage now. Try again later."
        case .rateLimited:
            "The account asked for more than its rate allows (crash IDs or crash events per period, uploads under way). Ask again after the seconds `Retry-After` gives."
        case .storageFull:
            "The disk holding the server's data is full, so nothing was stored. Try again later; the operator frees space (GET /health says when the server can store again)."
        case .quotaExceeded:
            "The account keeps as much as its quota allows (reports, bytes of photos). Delete what is no longer needed, or ask the operator for more."
        case .changesExpired:
            "The cursor is older than the deletions the server remembers (90 days, and the newest 10,000 per account), or past the changes it holds (its data restored from an earlier copy), so what changed since it cannot be told in full. Ask for the changes again without `since`, and treat a report held before and not among them as deleted."
        case .internalError:
            "The server could not complete the request. Try again later."
        }
    }
}
