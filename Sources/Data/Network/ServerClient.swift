import AsyncHTTPClient
import Domain
import Foundation
import HTTPTypes
import NIOCore
import OpenAPIAsyncHTTPClient
import OpenAPIRuntime
import WireAPI

/// Speaks the crash-report server's HTTP API: the JSON routes through the client generated from `openapi.yaml`, the
/// streaming photo and PDF routes by hand (their paths from `WirePaths`), over AsyncHTTPClient and the same
/// middlewares (``ServerExchange``): the token, repeats of what is safe to repeat, a deadline per call. Photo uploads
/// go on a client of their own whose wait for the answer is the transfer's deadline (``UploadRouting``).
///
/// Every call either does what it is for or throws a ``ServerFailure`` saying what happened. A refusal is recognised
/// by its problem type, never by its wording. Timeouts are per phase — connecting, and each read — and a whole
/// exchange has a deadline too.
public final class ServerClient: SyncRemote {
    /// How long each phase of a request may take.
    public struct Timeouts: Sendable, Hashable {
        public var connect: Duration
        /// The longest silence while reading an answer (after a photo upload: ``transfer``, see ``UploadRouting``).
        public var read: Duration
        /// The longest a small request (not a photo or PDF) may take in all.
        public var request: Duration
        /// The longest a photo upload or download may take in all.
        public var transfer: Duration

        public init(connect: Duration, read: Duration, request: Duration, transfer: Duration) {
            self.connect = connect
            self.read = read
            self.request = request
            self.transfer = transfer
        }

        /// Suited to a phone's signal at the roadside: give up connecting soon, let slow transfers finish.
        public static let standard = Timeouts(connect: .seconds(3), read: .seconds(30), request: .seconds(60), transfer: .seconds(600))
    }

    public let address: ServerAddress
    private let http: HTTPClient
    /// Photo uploads' connections (``UploadRouting``).
    private let uploadHTTP: HTTPClient
    private let client: Client
    private let exchange: ServerExchange
    private let reachability = ServerReachability()
    /// How many reports each page of the list asks for.
    private let pageSize: Int
    /// Keeps every call to the account the data folder belongs to; `nil` when no folder is bound (tests, tools).
    private let accountCheck: AccountCheck?

    /// - Parameters:
    ///   - retryPauses: the pauses before the repeats of a call that is safe to repeat.
    ///   - pageSize: how many reports each page of the list asks for (the server takes 1–200).
    ///   - binding: the data folder's account: before its first call, the client makes sure the token opens that
    ///     account (binding an unbound folder to it), and refuses every call otherwise (``ServerFailure/otherAccount(bound:reached:)``).
    public init(
        address: ServerAddress, timeouts: Timeouts = .standard, retryPauses: [Duration] = [.milliseconds(200), .seconds(1)],
        pageSize: Int = 200, binding: (any AccountBinding)? = nil
    ) {
        self.address = address
        self.pageSize = pageSize
        accountCheck = binding.map(AccountCheck.init)
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: .init(connect: .init(timeouts.connect), read: .init(timeouts.read))
        )
        configuration.httpVersion = .http1Only
        configuration.decompression = .disabled
        // A kept-alive connection is let go before the server would close it (it closes one that sends no request
        // within 15 s of its last answer), so a request never goes out on a connection the server is closing.
        configuration.connectionPool = .init(idleTimeout: .seconds(10))
        http = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        var uploads = configuration
        uploads.timeout.read = .init(timeouts.transfer)
        uploadHTTP = HTTPClient(eventLoopGroupProvider: .singleton, configuration: uploads)
        // The transport's own deadline is the longest; each call's is kept by the answer middleware.
        let transport = UploadRouting(
            requests: AsyncHTTPClientTransport(configuration: .init(client: http, timeout: .init(timeouts.transfer))),
            uploads: AsyncHTTPClientTransport(configuration: .init(client: uploadHTTP, timeout: .init(timeouts.transfer)))
        )
        let middlewares: [any ClientMiddleware] = [
            TokenMiddleware(token: address.token),
            RepeatMiddleware(pauses: retryPauses),
            AnswerMiddleware(timeouts: timeouts, reachability: reachability, server: address.description),
        ]
        exchange = ServerExchange(middlewares: middlewares, transport: transport, baseURL: address.url)
        client = Client(serverURL: address.url, configuration: WireCoding.configuration, transport: transport, middlewares: middlewares)
    }

    public var serverDescription: String { address.description }

    /// Whether the client keeps to a data folder's account (it was given a `binding`).
    public var isBound: Bool { accountCheck != nil }

    /// Whether the last request got no answer less than `interval` ago (and none answered since): a caller that
    /// must not keep the driver waiting can skip the server then.
    public func failedRecently(within interval: Duration) -> Bool {
        reachability.failedRecently(within: interval)
    }

    /// Closes the connections. Call once, when the client is no longer used.
    public func shutdown() async {
        try? await http.shutdown()
        try? await uploadHTTP.shutdown()
    }

    /// Closes the connections, blocking: for where waiting is not possible (a `deinit`).
    @available(*, noasync, message: "use shutdown()")
    public func syncShutdown() throws {
        try http.syncShutdown()
        try uploadHTTP.syncShutdown()
    }

    // MARK: - The account

    /// The account the token opens.
    public func account() async throws(ServerFailure) -> ServerAccount {
        let output = try await call { client in try await client.getAccount() }
        switch output {
        case let .ok(ok):
            let info = try body { try ok.body.json }
            let account = ServerAccount(id: info.accountId, name: info.name, server: address.description)
            switch info.kind {
            case .user: return account
            case .handler: throw .notADriversToken(account, kind: .handler)
            case .detector: throw .notADriversToken(account, kind: .detector)
            }
        case let .tooManyRequests(busy): throw .busy(server: address.description, retryAfter: busy.headers.retryAfter ?? 60)
        case let .unauthorized(problem): throw refusal(401) { try problem.body.applicationProblemJson }
        case let .contentTooLarge(problem): throw refusal(413) { try problem.body.applicationProblemJson }
        case .internalServerError: throw .serverError(server: address.description, status: 500)
        case .serviceUnavailable: throw .serverError(server: address.description, status: 503)
        case let .undocumented(status, payload): throw await undocumented(status, payload)
        }
    }

    /// Makes sure, once, that the token opens the account the data folder belongs to (see `binding` in `init`).
    private func checkAccount() async throws(ServerFailure) {
        guard let accountCheck else { return }
        try await accountCheck.verify(server: address.description) { () async throws(ServerFailure) -> ServerAccount in
            try await self.account()
        }
    }

    // MARK: - Crash IDs

    /// A new crash ID from the server (never repeated: a lost answer costs an unused ID, not a duplicate).
    /// - Parameter deadline: how long to wait in all (the request deadline when `nil`).
    public func issueCrashID(within deadline: Duration?) async throws(ServerFailure) -> CrashID {
        try await checkAccount()
        let output = try await call { client in
            try await ServerCall.$deadline.withValue(deadline) { try await client.createCrashID() }
        }
        switch output {
        case let .tooManyRequests(busy): throw .busy(server: address.description, retryAfter: busy.headers.retryAfter ?? 60)
        case let .created(created):
            let issued = try body { try created.body.json }
            do {
                return try CrashID(validating: issued.crashId)
            } catch {
                throw .invalidAnswer(server: address.description, reason: "the crash ID “\(issued.crashId.prefix(40))” is not valid")
            }
        case let .unauthorized(problem): throw refusal(401) { try problem.body.applicationProblemJson }
        case let .contentTooLarge(problem): throw refusal(413) { try problem.body.applicationProblemJson }
        case let .code507(problem): throw refusal(507) { try problem.body.applicationProblemJson }
        case .internalServerError: throw .serverError(server: address.description, status: 500)
        case .serviceUnavailable: throw .serverError(server: address.description, status: 503)
        case let .undocumented(status, payload): throw await undocumented(status, payload)
        }
    }

    public func issueCrashID() async throws(ServerFailure) -> CrashID {
        try await issueCrashID(within: nil)
    }

    // MARK: - Reports

    /// Every report the server holds for this driver, most recently changed first: every page of the list.
    public func reports() async throws(ServerFailure) -> [CrashReport] {
        try await checkAccount()
        var reports: [CrashReport] = []
        var cursor: String?
        repeat {
            let page = cursor
            let output = try await call { client in try await client.listReports(query: .init(limit: pageSize, cursor: page)) }
            switch output {
            case let .ok(ok):
                let list = try body { try ok.body.json }
                for wire in list.reports { reports.append(try report(from: wire)) }
                if let next = list.nextCursor, next == cursor {
                    throw .invalidAnswer(server: address.description, reason: "it gave the same page twice")
                }
                cursor = list.nextCursor
            case let .badRequest(problem): throw refusal(400) { try problem.body.applicationProblemJson }
            case let .unauthorized(problem): throw refusal(401) { try problem.body.applicationProblemJson }
            case let .contentTooLarge(problem): throw refusal(413) { try problem.body.applicationProblemJson }
            case .internalServerError: throw .serverError(server: address.description, status: 500)
            case .serviceUnavailable: throw .serverError(server: address.description, status: 503)
            case let .undocumented(status, payload): throw await undocumented(status, payload)
            }
        } while cursor != nil
        return reports
    }



    /// One page of what changed in this driver's reports since `cursor`.
    public func changes(since cursor: String?) async throws(ServerFailure) -> RemoteChanges {
        try await checkAccount()
        let output = try await call { client in try await client.listChanges(query: .init(since: cursor, limit: pageSize)) }
        switch output {
        case let .ok(ok):
            let page = try body { try ok.body.json }
            var deleted: [ReportID] = []
            for text in page.deleted {
                guard let id = ReportID(uuidString: text) else {
                    throw .invalidAnswer(server: address.description, reason: "“\(text.prefix(64))” among the deleted reports is not a report id")
                }
                deleted.append(id)
            }
            // Only ids among the deleted count: a server cannot make a report it still sends look removed.
            let falseAlarms = Set((page.falseAlarms ?? []).compactMap { ReportID(uuidString: $0) }).intersection(deleted)
            var reports: [CrashReport] = []
            for wire in page.reports { reports.append(try report(from: wire)) }
            if page.more, page.cursor == cursor {
                throw .invalidAnswer(server: address.description, reason: "it gave the same page of changes twice")
            }
            return RemoteChanges(reports: reports, deleted: deleted, falseAlarms: falseAlarms, cursor: page.cursor, more: page.more)
        case let .gone(problem): throw refusal(410) { try problem.body.applicationProblemJson }
        case let .badRequest(problem): throw refusal(400) { try problem.body.applicationProblemJson }
        case let .unauthorized(problem): throw refusal(401) { try problem.body.applicationProblemJson }
        case let .contentTooLarge(problem): throw refusal(413) { try problem.body.applicationProblemJson }
        case .internalServerError: throw .serverError(server: address.description, status: 500)
        case .serviceUnavailable: throw .serverError(server: address.description, status: 503)
        case let .undocumented(status, payload): throw await undocumented(status, payload)
        }
    }

    /// The server's version of a report, or `nil` when it holds none.
    public func report(_ id: ReportID) async throws(ServerFailure) -> CrashReport? {
        try await checkAccount()
        let output = try await call { client in try await client.getReport(path: .init(reportID: id.description)) }
        switch output {
        case let .ok(ok): return try report(from: body { try ok.body.json })
        case .notModified: throw .invalidAnswer(server: address.description, reason: "it answered 304 to a request that named no version")
        case .notFound: return nil
        case let .badRequest(problem): throw refusal(400) { try problem.body.applicationProblemJson }
        case let .unauthorized(problem): throw refusal(401) { try problem.body.applicationProblemJson }
        case let .contentTooLarge(problem): throw refusal(413) { try problem.body.applicationProblemJson }
        case .internalServerError: throw .serverError(server: address.description, status: 500)
        case .serviceUnavailable: throw .serverError(server: address.description, status: 503)
        case let .undocumented(status, payload): throw await undocumented(status, payload)
        }
    }

    /// A one-time link for the other driver to fill in vehicle B of the draft the server holds.
    /// A link to column B of the statement `pair` of the report.
    public func statementLink(for id: ReportID, pair: StatementPair = .b) async throws(ServerFailure) -> StatementShareLink {
        try await checkAccount()
        let party: String? = if case let .vehicle(party) = pair { party.description } else { nil }
        let output = try await call { client in
            try await client.createStatementLink(path: .init(reportID: id.description), query: .init(party: party))
        }
        switch output {
        case let .created(created):
            let link = try body { try created.body.json }
            return StatementShareLink(url: link.url, expiresAt: link.expiresAt)
        case let .notFound(problem): throw refusal(404) { try problem.body.applicationProblemJson }
        case let .conflict(problem): throw refusal(409) { try problem.body.applicationProblemJson }
        case let .badRequest(problem): throw refusal(400) { try problem.body.applicationProblemJson }
        case let .unauthorized(problem): throw refusal(401) { try problem.body.applicationProblemJson }
        case let .contentTooLarge(problem): throw refusal(413) { try problem.body.applicationProblemJson }
        case let .code507(problem): throw refusal(507) { try problem.body.applicationProblemJson }
        case .internalServerError: throw .serverError(server: address.description, status: 500)
        case .serviceUnavailable: throw .serverError(server: address.description, status: 503)
        case let .undocumented(status, payload): throw await undocumented(status, payload)
        }
    }

    /// Stores `report` on top of the server's revision `report.revision` (0: a report the server never held).
    ///
    /// When the server refuses it as a conflict whose current version is exactly what was sent, one revision on (the
    /// first answer to a repeated request was lost), that is answered as stored.
    public func save(_ report: CrashReport) async throws(ServerFailure) -> RemoteSave {
        try await checkAccount()
        let output = try await call { client in
            try await client.putReport(path: .init(reportID: report.id.description), body: .json(.init(report)))
        }
        switch output {
        case let .ok(ok): return .stored(try self.report(from: body { try ok.body.json }))
        case let .created(created): return .stored(try self.report(from: body { try created.body.json }))
        case let .conflict(conflict):
            let problem = try body { try conflict.body.applicationProblemJson }
            let current = try problem.current.map { wire throws(ServerFailure) in try self.report(from: wire) }
            switch ProblemType(uri: problem._type) {
            case .revisionConflict:
                if let current, current.revision == report.revision + 1, current.sameContent(as: asSent(report)) {
                    return .stored(current)
                }
                return .conflict(current: current)
            case .statementSigned:
                // Both drivers signed on the server: merged into it, the change keeps their statement as signed.
                return .conflict(current: current)
            case .crashIdTaken:
                guard let current else {
                    throw .invalidAnswer(server: address.description, reason: "it refused a crash ID as taken without the report holding it")
                }
                return .crashIDTaken(holder: current)
            default:
                throw refusal(409, problem: problem)
            }
        case let .badRequest(problem): throw refusal(400) { try problem.body.applicationProblemJson }
        case let .unauthorized(problem): throw refusal(401) { try problem.body.applicationProblemJson }
        case let .contentTooLarge(problem): throw refusal(413) { try problem.body.applicationProblemJson }
        case let .unsupportedMediaType(problem): throw refusal(415) { try problem.body.applicationProblemJson }
        case let .code507(problem): throw refusal(507) { try problem.body.applicationProblemJson }
        case .internalServerError: throw .serverError(server: address.description, status: 500)
        case .serviceUnavailable: throw .serverError(server: address.description, status: 503)
        case let .undocumented(status, payload): throw await undocumented(status, payload)
        }
    }

    /// The report as the server keeps it once sent: the wire carries times to the microsecond and no server file
    /// names. (The report itself when it cannot be written, which sending would say.)
    public func asSent(_ report: CrashReport) -> CrashReport {
        guard let json = try? WireCoding.encoder().encode(Components.Schemas.Report(report)),
              let wire = try? WireCoding.decoder().decode(Components.Schemas.Report.self, from: json),
              let sent = try? CrashReport(wire: wire) else { return report }
        return sent
    }

    /// Deletes the server's version; one the server does not hold is not an error.
    public func delete(_ id: ReportID) async throws(ServerFailure) {
        try await checkAccount()
        let output = try await call { client in try await client.deleteReport(path: .init(reportID: id.description)) }
        switch output {
        case .noContent, .notFound: return
        case let .conflict(problem): throw refusal(409) { try problem.body.applicationProblemJson }
        case let .badRequest(problem): throw refusal(400) { try problem.body.applicationProblemJson }
        case let .unauthorized(problem): throw refusal(401) { try problem.body.applicationProblemJson }
        case let .contentTooLarge(problem): throw refusal(413) { try problem.body.applicationProblemJson }
        case let .code507(problem): throw refusal(507) { try problem.body.applicationProblemJson }
        case .internalServerError: throw .serverError(server: address.description, status: 500)
        case .serviceUnavailable: throw .serverError(server: address.description, status: 503)
        case let .undocumented(status, payload): throw await undocumented(status, payload)
        }
    }

    // MARK: - The streaming routes

    /// The PDF the server rendered for a completed report, or `nil` when it has none.
    public func document(of id: ReportID) async throws(ServerFailure) -> Data? {
        try await checkAccount()
        let (status, _, bytes) = try await stream(.get, WirePaths.document(of: id), accept: "application/pdf", operation: StreamingOperation.getReportPDF)
        if status == 404 { return nil }
        guard status == 200 else { throw failure(status, bytes) }
        return bytes
    }

    /// How much of the photo the server holds for this driver.
    public func progress(of contentHash: ContentHash) async throws(ServerFailure) -> UploadProgress {
        try await checkAccount()
        let (status, headers, bytes) = try await stream(.head, WirePaths.photo(contentHash), operation: StreamingOperation.headPhoto)
        switch status {
        case 404: return .none
        case 200:
            if headers[.uploadComplete] == "?1" { return .whole }
            guard let offset = headers[.uploadOffset].flatMap({ Int($0) }), offset >= 0 else {
                throw .invalidAnswer(server: address.description, reason: "HEAD of a photo answered no Upload-Offset")
            }
            return .partial(offset: offset)
        default:
            throw failure(status, bytes)
        }
    }

    /// Sends the photo's bytes from `offset` on (0: all of them, as a new upload; else appended to the upload the
    /// server holds that many bytes of), marking the upload complete.
    public func upload(_ bytes: Data, of contentHash: ContentHash, mediaType: MediaType, from offset: Int) async throws(ServerFailure) {
        try await checkAccount()
        let start = min(max(offset, 0), bytes.count)
        let part = bytes[bytes.startIndex.advanced(by: start)...]
        let status: Int
        let headers: HTTPFields
        let answer: Data?
        if start == 0 {
            (status, headers, answer) = try await stream(
                .put, WirePaths.photo(contentHash), body: part, contentType: mediaType.rawValue, operation: StreamingOperation.putPhoto
            )
        } else {
            (status, headers, answer) = try await stream(
                .patch, WirePaths.photo(contentHash), body: part, contentType: "application/partial-upload",
                headers: [.uploadOffset: String(start), .uploadComplete: "?1"], operation: StreamingOperation.patchPhoto
            )
        }
        guard status == 200 || status == 201 else { throw failure(status, answer, retryAfter: headers[.retryAfter]) }
    }

    /// The photo's bytes, or `nil` when this driver never uploaded them whole.
    public func download(_ contentHash: ContentHash) async throws(ServerFailure) -> Data? {
        try await checkAccount()
        let (status, _, bytes) = try await stream(.get, WirePaths.photo(contentHash), accept: "image/*", operation: StreamingOperation.getPhoto)
        if status == 404 { return nil }
        guard status == 200 else { throw failure(status, bytes) }
        return bytes
    }

    // MARK: - Exchanges

    /// Calls the generated client, turning a failure to get an answer into a ``ServerFailure``.
    private func call<Output: Sendable>(_ body: (Client) async throws -> Output) async throws(ServerFailure) -> Output {
        do {
            return try await body(client)
        } catch {
            throw failure(error)
        }
    }

    /// One exchange on a streaming route: its status, headers and body (read whole, within its limit).
    private func stream(
        _ method: HTTPRequest.Method, _ path: String, body: Data? = nil, contentType: String? = nil, accept: String = "application/problem+json",
        headers: HTTPFields = [:], operation: String
    ) async throws(ServerFailure) -> (Int, HTTPFields, Data?) {
        var request = HTTPRequest(method: method, scheme: nil, authority: nil, path: path, headerFields: headers)
        request.headerFields[.accept] = accept
        if let contentType { request.headerFields[.contentType] = contentType }
        do {
            let (response, answer) = try await exchange.send(request, body: body.map { HTTPBody($0) }, operationID: operation)
            let bytes: Data? = if let answer { try await Data(collecting: answer, upTo: .max) } else { nil }
            return (response.status.code, response.headerFields, bytes)
        } catch {
            throw failure(error)
        }
    }

    /// What a failed exchange (no answer, or one that could not be read) means.
    private func failure(_ error: any Error) -> ServerFailure {
        var error = error
        while let wrapped = error as? ClientError { error = wrapped.underlyingError }
        if let failure = error as? ServerFailure { return failure }
        if let unanswered = error as? Unanswered { return unanswered.failure }
        if error is CancellationError { return .unreachable(server: address.description, reason: "the request was cancelled") }
        // The answer came but could not be read: a type not in the schema, a body that is not JSON, a report breaking
        // a rule.
        return .invalidAnswer(
            server: address.description,
            reason: "its answer could not be read (\(String(describing: error).prefix(200))); check that --server names the crash-report server"
        )
    }

    /// What a documented refusal means, its problem read by `read`.
    private func refusal(_ status: Int, _ read: () throws -> Components.Schemas.Problem) -> ServerFailure {
        guard let problem = try? read() else {
            return .invalidAnswer(server: address.description, reason: "it answered HTTP \(status) without saying why")
        }
        return refusal(status, problem: problem)
    }

    private func refusal(_ status: Int, problem: Components.Schemas.Problem) -> ServerFailure {
        if status == 401 { return .tokenRefused(server: address.description) }
        let type = ProblemType(uri: problem._type)
        if type == .notFound {
            // No such route: the address names another server, or the right one under another path.
            return .invalidAnswer(
                server: address.description,
                reason: "it has no route for the request (HTTP \(status)); check that --server names the crash-report server, with no path after the host unless it is served under one"
            )
        }
        return .refused(status: status, type: type, detail: problem.detail, field: problem.field)
    }

    /// What an answer the API does not describe for the call means.
    private func undocumented(_ status: Int, _ payload: UndocumentedPayload) async -> ServerFailure {
        var bytes: Data?
        if let body = payload.body { bytes = try? await Data(collecting: body, upTo: AnswerMiddleware.largestJSON) }
        return failure(status, bytes)
    }

    /// What a status and body that are not the ones expected mean.
    private func failure(_ status: Int, _ bytes: Data?, retryAfter: String? = nil) -> ServerFailure {
        if status == 401 { return .tokenRefused(server: address.description) }
        if status == 429 { return .busy(server: address.description, retryAfter: retryAfter.flatMap { Int($0) } ?? 60) }
        if status >= 500 { return .serverError(server: address.description, status: status) }
        if let bytes, let problem = try? WireCoding.decoder().decode(Components.Schemas.Problem.self, from: bytes),
           ProblemType(uri: problem._type) != nil {
            return refusal(status, problem: problem)
        }
        // A refusal without the API's problem body is not the crash-report server speaking (a wrong address, a proxy).
        return .invalidAnswer(
            server: address.description,
            reason: "it answered HTTP \(status) without saying why; check that --server names the crash-report server"
        )
    }

    /// A body the generated client read, or the failure to read it.
    private func body<Value>(_ read: () throws -> Value) throws(ServerFailure) -> Value {
        do {
            return try read()
        } catch {
            throw .invalidAnswer(server: address.description, reason: "its answer is not of the type the API gives")
        }
    }

    private func report(from wire: Components.Schemas.Report) throws(ServerFailure) -> CrashReport {
        do {
            return try CrashReport(wire: wire)
        } catch {
            throw .invalidAnswer(server: address.description, reason: "it sent a report whose \(error.field) is not valid")
        }
    }
}

/// Whether the token opens the account a data folder belongs to: checked once per client, before its first call. An
/// unbound folder is bound to the account reached; a folder bound to another account refuses every call, so nothing
/// of one person's is sent to another's account, and nothing here is removed because that account does not hold it.
actor AccountCheck {
    private let binding: any AccountBinding
    private var verified = false
    private var refusal: ServerFailure?

    init(_ binding: any AccountBinding) {
        self.binding = binding
    }

    func verify(server: String, reached fetch: @Sendable () async throws(ServerFailure) -> ServerAccount) async throws(ServerFailure) {
        if verified { return }
        if let refusal { throw refusal }
        let reached = try await fetch()
        let bound: ServerAccount
        do {
            bound = try await binding.bind(to: reached)
        } catch {
            throw .localStore(reason: "the account this data folder belongs to cannot be read or recorded (\(error))")
        }
        guard bound.isSameAccount(as: reached) else {
            let failure = ServerFailure.otherAccount(bound: bound, reached: reached)
            refusal = failure
            throw failure
        }
        verified = true
    }
}
