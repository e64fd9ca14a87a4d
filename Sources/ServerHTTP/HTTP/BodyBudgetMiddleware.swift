import Foundation
import HTTPTypes
import OpenAPIRuntime
import ServerCore
import WireAPI

/// Reads a body only where the operation takes one, and only up to that operation's own limit: a report's JSON, a
/// crash event's (far below the photo limit the streaming routes keep). A body sent to an operation that takes none is
/// refused unread. A JSON body is checked for `null`s (``JSONNulls``) without building a second object tree.
package struct BodyBudgetMiddleware: ServerMiddleware {
    /// The operations that take a body, and the most bytes each reads.
    package static let budgets: [String: Int] = [
        Operations.PutReport.id: ServerLimits.maximumReportBytes,
        Operations.PostCrashEvent.id: ServerLimits.maximumCrashEventBytes,
        Operations.AcknowledgeClaim.id: ServerLimits.maximumAcknowledgementBytes,
        Operations.UpdateClaimStatus.id: ServerLimits.maximumAcknowledgementBytes,
    ]

    package func intercept(
        _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let declared = request.headerFields[.contentLength].flatMap { Int($0) }
        let chunked = request.headerFields[.transferEncoding].map { $0.lowercased().contains("chunked") } ?? false
        guard let budget = Self.budgets[operationID] else {
            guard (declared ?? 0) == 0, !chunked else {
                throw APIProblem(.invalidRequest, "This route takes no body; send the request without one.", field: "body")
            }
            return try await next(request, nil, metadata)
        }
        if let declared, declared > budget { throw APIProblem.tooLarge(limit: budget) }
        guard let body else { return try await next(request, nil, metadata) }
        var bytes = [UInt8]()
        bytes.reserveCapacity(min(declared ?? 0, budget))
        for try await chunk in body {
            guard bytes.count + chunk.count <= budget else { throw APIProblem.tooLarge(limit: budget) }
            bytes.append(contentsOf: chunk)
        }
        if let type = request.headerFields[.contentType], JSONNulls.isJSON(type) {
            try JSONNulls.refuse(in: bytes, allowing: JSONNulls.nullable(onPath: String((request.path ?? "").prefix { $0 != "?" })))
        }
        return try await next(request, HTTPBody(bytes), metadata)
    }
}
