import Domain
import Foundation
import Hummingbird
import Logging
import OpenAPIRuntime
import ServerCore
import WireAPI

/// Turns every error a route throws into the JSON problem `openapi.yaml` describes, choosing the status from the
/// error's facts (``ProblemMiddleware/problem(for:)``). A failure the request did not cause is logged and answered
/// 500 without its details; nothing a request sends can crash the server.
package struct ProblemMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The routes, to tell a path asked with a method it does not take (405) from one that is not there (404).
    package let routes: RouteTable

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            let allowed = routes.methods(for: request.uri.path)
            guard !allowed.isEmpty else { return Self.problem(for: error).response() }
            var problem = APIProblem(
                .methodNotAllowed, "\(request.uri.path.prefix(200)) takes \(allowed.map(\.rawValue).joined(separator: ", ")), not \(request.method.rawValue)."
            )
            problem.headers[.allow] = allowed.map(\.rawValue).joined(separator: ", ")
            ServerMetrics.refused(.methodNotAllowed)
            return problem.response()
        } catch {
            let problem = Self.problem(for: error)
            ServerMetrics.refused(problem.type)
            if problem.status.kind == .serverError {
                context.logger.error(
                    "request failed",
                    metadata: ["method": "\(request.method)", "route": "\(LogSafe.route(context))", "error": "\(LogSafe.describe(error))"]
                )
            }
            return problem.response()
        }
    }

    // MARK: - From facts to problems

    package static func problem(for error: any Error) -> APIProblem {
        if StorageSpace.isOutOfSpace(error) {
            return APIProblem(.storageFull, "The disk holding the server's data is full, so nothing was stored. Try again later; the operator has been told.")
        }
        switch error {
        case let problem as APIProblem:
            return problem
        case let error as ServerError:
            return problem(forGenerated: error)
        case let error as BodyTooLarge:
            return .tooLarge(limit: error.limit)
        case let error as ServerRefusal:
            return refusalProblem(error)
        case let error as DecodingError:
            return decodingProblem(error)
        case let error as InvalidReportData:
            return .invalid(error)
        case let error as ReportError:
            return reportProblem(error)
        case let error as PhotoError:
            return photoProblem(error)
        case let error as InputError:
            return APIProblem(.invalidParameter, ProblemText.sentence(for: error))
        case let error as HTTPError:
            return httpProblem(error)
        case BlobStoreError.unreachable:
            return APIProblem(.storageUnavailable, ProblemText.storageUnreachable)
        default:
            return APIProblem(.internalError, ProblemText.internalError)
        }
    }

    /// The generated server wraps what went wrong: its own request checks (content type, required header) carry
    /// their status; errors thrown by the handlers or the body are mapped as above.
    private static func problem(forGenerated error: ServerError) -> APIProblem {
        switch error.underlyingError {
        case is APIProblem, is BodyTooLarge, is ServerRefusal, is DecodingError, is InvalidReportData, is ReportError, is PhotoError, is InputError:
            return problem(for: error.underlyingError)
        default:
            switch error.httpStatus {
            case .unsupportedMediaType:
                return APIProblem(.unsupportedMediaType, "Send the body as JSON, with Content-Type: application/json.")
            case .notAcceptable:
                return APIProblem(.notAcceptable, "Accept allows none of the types this route answers with: \(error.causeDescription.prefix(300)).")
            case .notFound:
                return APIProblem(.notFound, ProblemText.noRoute)
            case let status where status.kind == .clientError:
                return APIProblem(.invalidRequest, "The request is malformed: \(error.causeDescription.prefix(300)).")
            default:
                return problem(for: error.underlyingError)
            }
        }
    }

    /// What Hummingbird itself refused (no route, a body it could not read).
    private static func httpProblem(_ error: HTTPError) -> APIProblem {
        switch error.status {
        case .notFound: APIProblem(.notFound, error.body ?? ProblemText.noRoute)
        case .methodNotAllowed: APIProblem(.methodNotAllowed, error.body ?? "This path does not take this method.")
        case .contentTooLarge: .tooLarge(limit: ServerLimits.maximumBodyBytes)
        case .unsupportedMediaType: APIProblem(.unsupportedMediaType, error.body ?? "The body is not of a type this route takes.")
        case let status where status.kind == .serverError: APIProblem(.internalError, ProblemText.internalError)
        default: APIProblem(.invalidRequest, error.body ?? "The request could not be read (\(error.status.reasonPhrase)).")
        }
    }

    private static func decodingProblem(_ error: DecodingError) -> APIProblem {
        let (path, detail): ([any CodingKey], String) = switch error {
        case let .typeMismatch(type, context): (context.codingPath, "must be \(describe(type))")
        case let .valueNotFound(type, context): (context.codingPath, "must be \(describe(type)), not null")
        case let .keyNotFound(key, context): (context.codingPath + [key], "is missing")
        case let .dataCorrupted(context): (context.codingPath, context.debugDescription.isEmpty ? "cannot be read" : "cannot be read: \(context.debugDescription.prefix(200))")
        @unknown default: ([], "cannot be read")
        }
        let field = fieldName(path)
        if field.isEmpty {
            return APIProblem(.invalidRequest, "The body is not the JSON this route takes: it \(detail).")
        }
        return APIProblem(.invalidParameter, "\(field) \(detail).", field: field)
    }

    /// `photos[2].sha256` from a coding path.
    package static func fieldName(_ path: [any CodingKey]) -> String {
        var name = ""
        for key in path {
            if let index = key.intValue {
                name += "[\(index)]"
            } else {
                name += name.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return name
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type, is Int64.Type, is Double.Type: "a number"
        case is Bool.Type: "true or false"
        case is Date.Type: "an RFC 3339 time"
        default: "of the type the schema gives"
        }
    }

    private static func reportProblem(_ error: ReportError) -> APIProblem {
        switch error {
        case let .conflict(_, current):
            var problem = APIProblem(.revisionConflict, ProblemText.sentence(for: error))
            problem.current = current
            return problem
        case let .crashIDTaken(_, holder):
            var problem = APIProblem(.crashIdTaken, ProblemText.sentence(for: error), field: "crashId")
            problem.current = holder
            return problem
        case .readOnly:
            return APIProblem(.reportCompleted, ProblemText.sentence(for: error))
        case .statementSigned:
            return APIProblem(.statementSigned, ProblemText.sentence(for: error))
        case .nothingToReport:
            return APIProblem(.nothingToReport, ProblemText.sentence(for: error))
        case let .notFound(id):
            return .reportNotFound(id)
        case .crashIDNotFound, .notCompleted:
            return APIProblem(.reportNotFound, ProblemText.sentence(for: error))
        case .crashIDUnavailable:
            return APIProblem(.internalError, ProblemText.sentence(for: error))
        case .timelineFull:
            return APIProblem(.reportCompleted, ProblemText.sentence(for: error))
        }
    }

    private static func photoProblem(_ error: PhotoError) -> APIProblem {
        switch error {
        case let .tooLarge(_, _, limit):
            return .tooLarge(limit: limit)
        case .bytesMissing:
            return APIProblem(.photoNotFound, ProblemText.sentence(for: error))
        case .sectionFull, .duplicate:
            return APIProblem(.invalidReport, ProblemText.sentence(for: error))
        case .notFound:
            return APIProblem(.photoNotFound, ProblemText.sentence(for: error))
        case .empty, .unsupportedFormat, .malformed, .tooManyPixels, .unembeddableJPEG:
            return APIProblem(.notAPhoto, ProblemText.sentence(for: error))
        }
    }

    private static func refusalProblem(_ refusal: ServerRefusal) -> APIProblem {
        let detail = ProblemText.sentence(for: refusal)
        switch refusal {
        case .unknownUser:
            return APIProblem(.userNotFound, detail, field: "user")
        case let .unknownReference(reference):
            return APIProblem(.userNotFound, detail, field: reference.field)
        case let .ambiguousReference(reference):
            return APIProblem(.ambiguousReference, detail, field: reference.field)
        case .detectedInFuture:
            return .badParameter("detectedAt", detail)
        case .hashMismatch:
            return APIProblem(.hashMismatch, detail, field: "sha256")
        case .noUpload:
            return APIProblem(.uploadNotFound, detail)
        case let .offsetMismatch(held, _, _):
            var problem = APIProblem(.uploadOffsetMismatch, detail, field: "Upload-Offset")
            problem.uploadOffset = held
            problem.headers[.uploadOffset] = String(held)
            return problem
        case .pastEnd:
            return .badParameter("body", detail)
        case let .rateLimited(_, _, retryAfter), let .busy(_, _, retryAfter):
            var problem = APIProblem(.rateLimited, detail)
            problem.headers[.retryAfter] = String(retryAfter)
            return problem
        case .quotaExceeded:
            return APIProblem(.quotaExceeded, detail)
        case .idempotencyKeyReused:
            return APIProblem(.idempotencyKeyReused, detail)
        case .crashIDNotIssued:
            return .badParameter("crashId", detail)
        case .accountGone:
            return .unauthorized(detail)
        case let .claimNotFound(id):
            return .claimNotFound(id.description)
        case let .invalidAcknowledgement(error):
            return .badParameter(String(error.field.dropFirst("acknowledgement.".count)), detail)
        case let .invalidClaimStatus(error):
            return .badParameter(String(error.field.dropFirst("status.".count)), detail)
        case .linkToCompletedReport:
            return APIProblem(.reportCompleted, detail)
        case .noStatementWith:
            return APIProblem(.partyNotFound, detail)
        case .keptChanging:
            return APIProblem(.storageUnavailable, detail)
        case .statementLinkGone:
            return APIProblem(.notFound, detail)
        case let .statementSigned(current):
            var problem = APIProblem(.statementSigned, detail)
            problem.current = current
            return problem
        case let .photosMissing(_, missing):
            var problem = APIProblem(.photosMissing, detail)
            problem.missingPhotos = missing
            return problem
        }
    }
}

extension APIProblem {
    /// The problem as a response: its status, its headers and its JSON body.
    package func response() -> Response {
        var headers = headers
        headers[.contentType] = "application/problem+json"
        let body = (try? WireCoding.encoder().encode(wire)) ?? Data("{}".utf8)
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }
}
