import AsyncHTTPClient
import Domain
import Foundation
import NIOCore
import NIOFoundationCompat
import NIOHTTP1
import Synchronization
import WireAPI

/// Speaks the crash-report server's HTTP API (`openapi.yaml`) with its wire types: crash IDs, reports by revision,
/// photos by SHA-256 (resumable uploads) and rendered PDFs.
///
/// Every call either does what it is for or throws a ``ServerFailure`` saying what happened. Calls that are safe to
/// repeat (GET, HEAD, PUT, DELETE) are tried again after a cut connection, a few times with short pauses; issuing a
/// crash ID (POST) is not. Timeouts are per phase: connecting, and each read; a whole request has a deadline too.
public final class ServerClient: Sendable {
    /// How long each phase of a request may take.
    public struct Timeouts: Sendable, Hashable {
        public var connect: Duration
        /// The longest silence while reading an answer.
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

    /// What `PUT /v1/reports/{id}` did.
    public enum SaveOutcome: Sendable, Hashable {
        /// Stored: the server's version at its new revision.
        case stored(CrashReport)
        /// Another writer changed the report since `revision` (the server's version), or deleted it (`nil`).
        case conflict(current: CrashReport?)
    }

    /// How much of a photo the server holds.
    public enum UploadProgress: Sendable, Hashable {
        case none
        case partial(offset: Int)
        case whole
    }

    public let address: ServerAddress
    private let http: HTTPClient
    private let timeouts: Timeouts
    /// Pauses before the repeats of a call that is safe to repeat.
    private let retryPauses: [Duration]
    /// When the last exchange failed to get an answer; `nil` once one got an answer.
    private let lastUnanswered = Mutex<ContinuousClock.Instant?>(nil)

    public init(address: ServerAddress, timeouts: Timeouts = .standard, retryPauses: [Duration] = [.milliseconds(200), .seconds(1)]) {
        self.address = address
        self.timeouts = timeouts
        self.retryPauses = retryPauses
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: .init(connect: .init(timeouts.connect), read: .init(timeouts.read))
        )
        configuration.httpVersion = .http1Only
        configuration.decompression = .disabled
        http = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    /// Whether the last request got no answer less than `interval` ago (and none answered since): a caller that
    /// must not keep the driver waiting can skip the server then.
    public func failedRecently(within interval: Duration) -> Bool {
        lastUnanswered.withLock { instant in instant.map { ContinuousClock.now - $0 < interval } ?? false }
    }

    /// Closes the connections. Call once, when the client is no longer used.
    public func shutdown() async {
        try? await http.shutdown()
    }

    /// Closes the connections, blocking: for where waiting is not possible (a `deinit`).
    @available(*, noasync, message: "use shutdown()")
    public func syncShutdown() throws {
        try http.syncShutdown()
    }

    // MARK: - Crash IDs

    /// A new crash ID from the server (never repeated: a lost answer costs an unused ID, not a duplicate).
    /// - Parameter deadline: how long to wait in all (the request timeout when `nil`).
    public func issueCrashID(within deadline: Duration? = nil) async throws(ServerFailure) -> CrashID {
        let answer = try await send(.POST, "/v1/crash-ids", idempotent: false, deadline: deadline)
        guard answer.status == .created else { throw failure(answer) }
        let issued = try decode(Components.Schemas.IssuedCrashID.self, answer)
        do {
            return try CrashID(validating: issued.crashId)
        } catch {
            throw .invalidAnswer(server: address.description, reason: "the crash ID “\(issued.crashId.prefix(40))” is not valid")
        }
    }

    // MARK: - Reports

    /// Every report the server holds for this driver, most recently changed first.
    public func reports() async throws(ServerFailure) -> [CrashReport] {
        let answer = try await send(.GET, "/v1/reports")
        guard answer.status == .ok else { throw failure(answer) }
        return try decode(Components.Schemas.ReportList.self, answer).reports.map { wire throws(ServerFailure) in try report(from: wire) }
    }

    /// The server's version of a report, or `nil` when it holds none.
    public func report(_ id: ReportID) async throws(ServerFailure) -> CrashReport? {
        let answer = try await send(.GET, "/v1/reports/\(id)")
        if answer.status == .notFound { return nil }
        guard answer.status == .ok else { throw failure(answer) }
        return try report(from: decode(Components.Schemas.Report.self, answer))
    }

    /// Stores `report` on top of the server's revision `report.revision` (0: a report the server never held).
    ///
    /// When the first answer was lost and the repeat is refused as a conflict whose current version is exactly
    /// what was sent, one revision on, the first attempt went through: that is answered as stored.
    public func save(_ report: CrashReport) async throws(ServerFailure) -> SaveOutcome {
        let body = try encode(Components.Schemas.Report(report))
        let answer = try await send(.PUT, "/v1/reports/\(report.id)", body: body, contentType: "application/json")
        switch answer.status {
        case .ok, .created:
            return .stored(try self.report(from: decode(Components.Schemas.Report.self, answer)))
        case .conflict:
            let problem = try decode(Components.Schemas.Problem.self, answer)
            guard problem.title == Self.revisionConflictTitle else { throw failure(answer) }
            let current = try problem.current.map { wire throws(ServerFailure) in try self.report(from: wire) }
            if let current, answer.attempts > 1, current.revision == report.revision + 1, current.sameContent(as: asSent(report)) {
                return .stored(current)
            }
            return .conflict(current: current)
        default:
            throw failure(answer)
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
        let answer = try await send(.DELETE, "/v1/reports/\(id)")
        guard answer.status == .noContent || answer.status == .notFound else { throw failure(answer) }
    }

    /// The PDF the server rendered for a completed report, or `nil` when it has none.
    public func document(of id: ReportID) async throws(ServerFailure) -> Data? {
        let answer = try await send(.GET, "/v1/reports/\(id)/report.pdf", accept: "application/pdf", limit: Self.largestDocument, transfer: true)
        if answer.status == .notFound { return nil }
        guard answer.status == .ok else { throw failure(answer) }
        return Data(buffer: answer.body, byteTransferStrategy: .noCopy)
    }

    // MARK: - Photos

    /// How much of the photo the server holds for this driver.
    public func progress(of contentHash: ContentHash, report: ReportID) async throws(ServerFailure) -> UploadProgress {
        let answer = try await send(.HEAD, photoPath(contentHash, report))
        switch answer.status {
        case .notFound: return .none
        case .ok:
            if answer.headers.first(name: "Upload-Complete") == "?1" { return .whole }
            guard let offset = answer.headers.first(name: "Upload-Offset").flatMap(Int.init), offset >= 0 else {
                throw .invalidAnswer(server: address.description, reason: "HEAD of a photo answered no Upload-Offset")
            }
            return .partial(offset: offset)
        default:
            throw failure(answer)
        }
    }

    /// Sends the photo's bytes from `offset` on (0: all of them, as a new upload; else appended to the upload the
    /// server holds that many bytes of), marking the upload complete.
    public func upload(_ bytes: Data, of contentHash: ContentHash, mediaType: MediaType, report: ReportID, from offset: Int) async throws(ServerFailure) {
        let path = photoPath(contentHash, report)
        let start = min(max(offset, 0), bytes.count)
        let body = ByteBuffer(bytes: bytes[bytes.startIndex.advanced(by: start)...])
        let answer: Answer
        if start == 0 {
            answer = try await send(.PUT, path, body: body, contentType: mediaType.rawValue, transfer: true, retries: false)
        } else {
            answer = try await send(
                .PATCH, path, body: body, contentType: "application/partial-upload", transfer: true, retries: false,
                extraHeaders: [("Upload-Offset", String(start)), ("Upload-Complete", "?1")]
            )
        }
        guard answer.status == .ok || answer.status == .created else { throw failure(answer) }
    }

    /// The photo's bytes, or `nil` when this driver never uploaded them whole.
    public func download(_ contentHash: ContentHash, report: ReportID) async throws(ServerFailure) -> Data? {
        let answer = try await send(.GET, photoPath(contentHash, report), accept: "image/*", limit: ReportLimits.maximumPhotoBytes, transfer: true)
        if answer.status == .notFound { return nil }
        guard answer.status == .ok else { throw failure(answer) }
        return Data(buffer: answer.body, byteTransferStrategy: .noCopy)
    }

    // MARK: - Requests

    /// An answer read whole, and how many attempts it took.
    private struct Answer {
        let status: HTTPResponseStatus
        let headers: HTTPHeaders
        let body: ByteBuffer
        let attempts: Int
    }

    /// The title the server gives a refused save from an outdated revision.
    static let revisionConflictTitle = "Revision conflict"
    /// The largest PDF read (a report with sixty 20 MB photos stays under it).
    static let largestDocument = 1_300 * 1024 * 1024
    /// The largest JSON answer read.
    static let largestJSON = 64 * 1024 * 1024

    private func photoPath(_ contentHash: ContentHash, _ report: ReportID) -> String {
        "/v1/reports/\(report)/photos/\(contentHash.hex)"
    }

    private func send(
        _ method: HTTPMethod, _ path: String, body: ByteBuffer? = nil, contentType: String? = nil,
        accept: String = "application/json", limit: Int = ServerClient.largestJSON, transfer: Bool = false,
        idempotent: Bool = true, retries: Bool = true, extraHeaders: [(String, String)] = [], deadline: Duration? = nil
    ) async throws(ServerFailure) -> Answer {
        var request = HTTPClientRequest(url: address.baseURL + path)
        request.method = method
        request.headers.add(name: "Authorization", value: "Bearer \(address.token)")
        request.headers.add(name: "Accept", value: accept)
        request.headers.add(name: "User-Agent", value: "crash-assistant")
        if let contentType { request.headers.add(name: "Content-Type", value: contentType) }
        for (name, value) in extraHeaders { request.headers.add(name: name, value: value) }
        if let body { request.body = .bytes(body) }
        let deadline = deadline ?? (transfer ? timeouts.transfer : timeouts.request)
        let pauses = idempotent && retries ? retryPauses : []
        var attempt = 0
        while true {
            attempt += 1
            do {
                let response = try await http.execute(request, timeout: .init(deadline))
                let bytes = method == .HEAD ? ByteBuffer() : try await response.body.collect(upTo: limit)
                lastUnanswered.withLock { $0 = nil }
                return Answer(status: response.status, headers: response.headers, body: bytes, attempts: attempt)
            } catch {
                let failure = unreachable(error)
                if case .unreachable = failure { lastUnanswered.withLock { $0 = .now } }
                // Connecting was tried until its timeout already; a cancelled call ends at once.
                let connectFailed = (error as? HTTPClientError) == .connectTimeout || error is IOError
                guard attempt <= pauses.count, !connectFailed, !Task.isCancelled else { throw failure }
                do { try await Task.sleep(for: pauses[attempt - 1]) } catch { throw failure }
            }
        }
    }

    /// What a failed exchange (no answer) means.
    private func unreachable(_ error: any Error) -> ServerFailure {
        if let failure = error as? ServerFailure { return failure }
        let reason: String
        switch error {
        case let error as HTTPClientError where error == .deadlineExceeded || error == .readTimeout:
            reason = "it did not answer in time"
        case let error as HTTPClientError where error == .connectTimeout:
            reason = "connecting took too long"
        case let error as HTTPClientError where error == .remoteConnectionClosed:
            reason = "the connection was cut"
        case let error as HTTPClientError where error == .bodyLengthMismatch:
            reason = "the connection was cut"
        case is NIOTooManyBytesError:
            return .invalidAnswer(server: address.description, reason: "the answer was larger than expected")
        case let error as IOError where error.errnoCode == ECONNREFUSED:
            reason = "nothing answers at that address (connection refused)"
        case let error as IOError:
            reason = "the connection failed (\(String(cString: strerror(error.errnoCode))))"
        case is CancellationError:
            reason = "the request was cancelled"
        default:
            reason = "the connection failed (\(String(describing: error).prefix(200)))"
        }
        return .unreachable(server: address.description, reason: reason)
    }

    /// What an answer that is not the one expected means.
    private func failure(_ answer: Answer) -> ServerFailure {
        let status = Int(answer.status.code)
        if status == 401 { return .tokenRefused(server: address.description) }
        if status >= 500 { return .serverError(server: address.description, status: status) }
        if let problem = try? WireCoding.decoder().decode(Components.Schemas.Problem.self, from: answer.body) {
            return .refused(status: status, title: problem.title, detail: problem.detail, field: problem.field)
        }
        // A refusal without the API's problem body is not the crash-report server speaking (a wrong address, a proxy).
        return .invalidAnswer(server: address.description, reason: "it answered HTTP \(status) without saying why; check that --server names the crash-report server")
    }

    private func decode<Value: Decodable>(_ type: Value.Type, _ answer: Answer) throws(ServerFailure) -> Value {
        do {
            return try WireCoding.decoder().decode(type, from: answer.body)
        } catch {
            throw .invalidAnswer(server: address.description, reason: "its answer could not be read (\(String(describing: error).prefix(200)))")
        }
    }

    private func encode(_ report: Components.Schemas.Report) throws(ServerFailure) -> ByteBuffer {
        do {
            return ByteBuffer(data: try WireCoding.encoder().encode(report))
        } catch {
            throw .invalidAnswer(server: address.description, reason: "a report could not be written as JSON (\(error))")
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
