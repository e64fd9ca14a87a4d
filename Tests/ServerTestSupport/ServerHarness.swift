import Crypto
import Data
import Domain
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import PhoneNumbers
import ServerApp
import ServerCore
import ServerGateways
import ServerSQLite
import Storage
import Synchronization
import Testing
import TestSupport
import WireAPI

/// The server's services over the in-memory ports, its router, and accounts to call it with.
package struct ServerHarness {
    /// The embedded engine, in a folder of the harness's own.
    package let store: SQLiteServerStore
    package let blobs = InMemoryBlobStore()
    package let sms: RecordingSMSSender
    package let services: ServerServices
    package let scratch: URL

    package init(
        quotas: Quotas = .standard, sms: RecordingSMSSender = RecordingSMSSender(), clock: any Clock = SystemClock(),
        claimsSystem: (any ClaimsSystem)? = nil, smsReplyKey: String? = nil
    ) throws {
        // As the server's main does.
        LibPhoneNumberJudge.install()
        self.sms = sms
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("server-harness-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        store = try SQLiteServerStore(path: scratch.appendingPathComponent("server.sqlite3").path)
        services = ServerServices(
            accounts: store, records: store, reports: store, claims: store, sessions: store, statementLinks: store, photos: store, blobs: blobs, messages: store, replies: store, jobStore: store, figures: store, sms: sms,
            clock: clock, publicURL: "https://claims.example.com/", scratchFolder: scratch.path, quotas: quotas, webhook: claimsSystem,
            smsReplyKey: smsReplyKey, logger: Logger(label: "test")
        )
    }

    /// Adds an account and returns its token.
    package func add(_ name: String, kind: Account.Kind = .user, phone: String? = nil) async throws -> String {
        let token = AccessToken.generate()
        _ = try await store.addAccount(
            name: name, kind: kind, tokenDigest: TokenDigest(token: token), phone: try phone.map { try PhoneNumber(parsing: $0) }, at: Date()
        )
        return token
    }

    /// Gives the stored report of the account with `token` what only the other driver's link brings (a column's
    /// credit, a decline, a code signature), as that flow writes it: through the store, never the driver's routes.
    /// - Returns: the version stored.
    @discardableResult
    package func witness(_ id: ReportID, token: String, _ change: (inout CrashReport) throws -> Void) async throws -> CrashReport {
        let owner = try #require(try await store.account(for: TokenDigest(token: token))).id
        var report = try #require(try await store.report(id, owner: owner))
        try change(&report)
        return try await store.save(report, owner: owner)
    }

    /// Does every job that is due (as the worker beside a running server would).
    package func doJobs() async {
        while await services.worker.doNextJob() {}
    }

    package func application() throws -> some ApplicationProtocol {
        Application(router: try ServerApplication.router(services: services))
    }

    /// Runs `body` with a client of the router (no sockets).
    package func withClient(_ body: @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        try await application().test(.router, body)
    }
}

/// Remembers every SMS instead of sending it; fails the first `failures` sends, as a gateway that is down.
package actor RecordingSMSSender: SMSSender {
    package private(set) var sent: [SMSMessage] = []
    package private(set) var tries = 0
    /// The delivery-report token each try was handed, in order, by message.
    package private(set) var reportTokens: [SMSMessageID: [String]] = [:]
    private var failures: Int

    package init(failing failures: Int = 0) {
        self.failures = failures
    }

    package nonisolated var summary: String { "recorded" }

    package func send(_ message: SMSMessage, reportToken: String) async throws -> SMSHandOff {
        tries += 1
        reportTokens[message.id, default: []].append(reportToken)
        if failures > 0 {
            failures -= 1
            throw SMSGatewayError.unreachable("127.0.0.1:9", "connection refused")
        }
        sent.append(message)
        return SMSHandOff(detail: "recorded")
    }

    package func erase(crashIDs: [CrashID]) -> Int {
        let before = sent.count
        sent.removeAll { crashIDs.contains($0.crashID) }
        return before - sent.count
    }
}

// MARK: - Requests

extension HTTPFields {
    package static func bearer(_ token: String) -> HTTPFields {
        [.authorization: "Bearer \(token)"]
    }

    package static func json(_ token: String) -> HTTPFields {
        [.authorization: "Bearer \(token)", .contentType: "application/json"]
    }
}

package enum Wire {
    package static func body(_ value: some Encodable) throws -> ByteBuffer {
        ByteBuffer(bytes: try WireCoding.encoder().encode(value))
    }

    package static func decode<Value: Decodable>(_ type: Value.Type, _ buffer: ByteBuffer) throws -> Value {
        try WireCoding.decoder().decode(type, from: Data(buffer.readableBytesView))
    }

    package static func problem(_ buffer: ByteBuffer) throws -> Components.Schemas.Problem {
        try decode(Components.Schemas.Problem.self, buffer)
    }

    package static func report(_ buffer: ByteBuffer) throws -> CrashReport {
        try CrashReport(wire: decode(Components.Schemas.Report.self, buffer))
    }

    package static func sha256(_ bytes: Data) -> String {
        SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
    }
}

/// A draft with an injury, so it has something to report.
package func makeDraft(crashID: String = "CR-23456789", photos: [Photo] = []) throws -> CrashReport {
    var report = CrashReport(crashID: try CrashID(validating: crashID), createdAt: Date(timeIntervalSince1970: 1_795_000_000))
    try report.toggleInjury(.myself)
    for photo in photos { try report.addPhoto(photo) }
    return report
}

package func makePhoto(_ bytes: Data, section: PhotoSection = .crashScene) throws -> Photo {
    let info = try ImageInspector.inspect(bytes, fileName: "photo.jpg")
    return Photo(
        section: section, contentHash: try ContentHash(hex: Wire.sha256(bytes)), mediaType: info.mediaType,
        byteCount: bytes.count, pixelSize: info.pixelSize, originalFileName: "photo.jpg",
        addedAt: Date(timeIntervalSince1970: 1_795_000_100)
    )
}


/// A clock that stands still until the test moves it on: what is due when is the test's to say, however busy the
/// machine.
package final class ManualClock: Clock {
    private let base = Date()
    private let offset = Mutex<TimeInterval>(0)

    package func now() -> Date { base.addingTimeInterval(offset.withLock { $0 }) }

    package var timeZone: TimeZone { .gmt }

    package func advance(by seconds: TimeInterval) {
        offset.withLock { $0 += seconds }
    }
}

/// A claims system that keeps what it was told, for a test to read.
package actor RecordingClaimsSystem: ClaimsSystem {
    package struct Delivery: Sendable {
        package let event: ClaimEvent
        package let claim: Claim
        package let driver: Account
        package let documents: ClaimDocuments
    }

    package private(set) var delivered: [Delivery] = []
    /// The drivers' SMS replies it was told of, with the claim named, in order.
    package private(set) var replies: [(reply: SMSReply, claim: ClaimID?)] = []

    package init() {}

    package func deliver(_ reply: SMSReply, crash: CrashTie, claim: ClaimID?, driver: Account, publicURL: String, at date: Date) async throws {
        replies.append((reply, claim))
    }

    package func deliver(_ event: ClaimEvent, of claim: Claim, driver: Account, documents: ClaimDocuments, publicURL: String, at date: Date) async throws {
        delivered.append(Delivery(event: event, claim: claim, driver: driver, documents: documents))
    }
}
