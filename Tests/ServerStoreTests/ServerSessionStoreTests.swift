import Domain
import Foundation
import ServerCore
import Testing
import TestSupport

/// The handlers' sessions every backend keeps alike: found by the cookie's digest until they expire, the oldest
/// beyond a handler's limit gone, ended one by one, expired ones swept.
@Suite("Server session store conformance", .ownThreads)
struct ServerSessionStoreTests {
    static func session(_ cookie: String, account: AccountID, at seconds: TimeInterval, lasting: TimeInterval = 3_600) -> HandlerSession {
        HandlerSession(
            digest: TokenDigest(token: cookie), account: account, tokenDigest: TokenDigest(token: "handler-token"), csrf: "csrf-\(cookie)",
            createdAt: referenceDate.addingTimeInterval(seconds), expiresAt: referenceDate.addingTimeInterval(seconds + lasting)
        )
    }

    @Test("A session is found by its cookie's digest until it expires; a handler keeps only the newest; one ends alone", arguments: ServerStoreBackend.allCases)
    func sessionsAreKeptAndEnded(_ backend: ServerStoreBackend) async throws {
        let subject = try await backend.make()
        let hana = AccountID(), otto = AccountID()
        let first = Self.session("first", account: hana, at: 0)
        try await subject.store.addSession(first, keeping: 2)
        #expect(try await subject.store.session(for: TokenDigest(token: "first"), at: referenceDate.addingTimeInterval(10)) == first)
        #expect(try await subject.store.session(for: TokenDigest(token: "first"), at: referenceDate.addingTimeInterval(3_601)) == nil)
        #expect(try await subject.store.session(for: TokenDigest(token: "other"), at: referenceDate) == nil)

        try await subject.store.addSession(Self.session("second", account: hana, at: 1), keeping: 2)
        try await subject.store.addSession(Self.session("otto", account: otto, at: 2), keeping: 2)
        try await subject.store.addSession(Self.session("third", account: hana, at: 3), keeping: 2)
        let now = referenceDate.addingTimeInterval(10)
        #expect(try await subject.store.session(for: TokenDigest(token: "first"), at: now) == nil)
        #expect(try await subject.store.session(for: TokenDigest(token: "second"), at: now) != nil)
        #expect(try await subject.store.session(for: TokenDigest(token: "third"), at: now) != nil)
        #expect(try await subject.store.session(for: TokenDigest(token: "otto"), at: now) != nil)

        try await subject.store.removeSession(TokenDigest(token: "second"))
        #expect(try await subject.store.session(for: TokenDigest(token: "second"), at: now) == nil)
        #expect(try await subject.store.session(for: TokenDigest(token: "third"), at: now) != nil)

        try await subject.store.addSession(Self.session("short", account: otto, at: 4, lasting: 5), keeping: 20)
        #expect(try await subject.store.forgetSessions(expiredBefore: referenceDate.addingTimeInterval(100)) == 1)
        #expect(try await subject.store.session(for: TokenDigest(token: "otto"), at: now) != nil)
    }
}
