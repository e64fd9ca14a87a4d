import Domain
import HTTPTypes
import Presentation
import WireAPI

/// An answer that is not a success: the status, a title that is the same for every problem of its kind, a detail
/// saying what is wrong here and what to do, and the field at fault when a field is. Written as the JSON problem
/// `openapi.yaml` describes.
struct APIProblem: Error, Sendable {
    let status: HTTPResponse.Status
    let title: String
    let detail: String
    var field: String?
    /// For a refused save: the version the server holds (absent when the report was deleted).
    var current: CrashReport?
    /// For a refused submit: the photos the report names that are not uploaded yet.
    var missingPhotos: [ContentHash] = []
    /// For an upload: how many bytes the server holds.
    var uploadOffset: Int?
    /// Extra response headers (e.g. `Upload-Limit`, `WWW-Authenticate`).
    var headers: HTTPFields = [:]

    init(_ status: HTTPResponse.Status, _ title: String, _ detail: String, field: String? = nil) {
        self.status = status
        self.title = title
        self.detail = detail
        self.field = field
    }

    /// The JSON body.
    var wire: Components.Schemas.Problem {
        Components.Schemas.Problem(
            status: status.code,
            title: title,
            detail: detail,
            field: field,
            current: current.map(Components.Schemas.Report.init),
            missingPhotos: missingPhotos.isEmpty ? nil : missingPhotos.map(\.hex),
            uploadOffset: uploadOffset.map(Int64.init)
        )
    }

    // MARK: - The problems every route may answer

    static func unauthorized(_ detail: String) -> APIProblem {
        var problem = APIProblem(.unauthorized, "Not signed in", detail)
        problem.headers[.wwwAuthenticate] = "Bearer realm=\"crash-assistant\""
        return problem
    }

    static func tooLarge(limit: Int) -> APIProblem {
        var problem = APIProblem(
            .contentTooLarge, "Body too large",
            "The request body is larger than \(limit) bytes (20 MiB), the most this server takes. Send photos one at a time; a photo may have at most 20 MiB."
        )
        problem.headers[.uploadLimit] = "max-size=\(limit)"
        return problem
    }

    static func reportNotFound(_ id: ReportID) -> APIProblem {
        APIProblem(.notFound, "No such report", "You have no report \(id). Check the id, or list your reports with GET /v1/reports.")
    }

    static func invalid(_ data: InvalidReportData) -> APIProblem {
        APIProblem(.badRequest, "Invalid report", ErrorText.sentence(for: data), field: data.field)
    }

    static func badParameter(_ name: String, _ detail: String) -> APIProblem {
        APIProblem(.badRequest, "Invalid parameter", detail, field: name)
    }
}
