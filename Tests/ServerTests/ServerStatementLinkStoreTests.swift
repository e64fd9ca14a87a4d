import Domain
import Foundation
import ServerCore
import Testing
import TestSupport

/// The other drivers' links every backend keeps alike: found by the token's digest, used once (of two at once, one),
/// made unused again after a failed store, expired ones swept.
@Suite("Server statement link store conformance")
struct ServerStatementLinkStoreTests {
    static func link(_ token: String, expiringIn seconds: TimeInterval, report: ReportID = ReportID(), madeAt: TimeInterval = 0, owner: AccountID) -> StatementLink {
        StatementLink(
            digest: TokenDigest(token: token), report: report, owner: owner, createdAt: referenceDate.addingTimeInterval(madeAt),
            expiresAt: referenceDate.addingTimeInterval(seconds), usedAt: nil
        )
    }

    @Test("A link is found by its digest, used once, released, and swept when expired", arguments: ServerStoreBackend.allCases)
    func linksAreUsedOnce(_ backend: ServerStoreBackend) async throws {
        let subject = try await backend.make()
        let (ann, _) = try await ServerStoreConformanceTests.twoUsers(subject)
        let link = Self.link("token-one", expiringIn: 86_400, owner: ann)
        try await subject.store.addStatementLink(link, keeping: 5)
        #expect(try await subject.store.statementLink(TokenDigest(token: "token-one")) == link)
        #expect(try await subject.store.statementLink(TokenDigest(token: "token-two")) == nil)

        // Two submissions at once: exactly one marks it.
        let used = referenceDate.addingTimeInterval(60)
        let store = subject.store
        async let first = store.useStatementLink(link.digest, at: used)
        async let second = store.useStatementLink(link.digest, at: used)
        let marks = try await [first, second]
        #expect(marks.filter { $0 }.count == 1)
        #expect(try await subject.store.statementLink(link.digest)?.usedAt == used)

        try await subject.store.releaseStatementLink(link.digest)
        #expect(try await subject.store.statementLink(link.digest)?.usedAt == nil)
        #expect(try await subject.store.useStatementLink(link.digest, at: used))

        try await subject.store.addStatementLink(Self.link("token-old", expiringIn: 10, owner: ann), keeping: 5)
        #expect(try await subject.store.forgetStatementLinks(expiredBefore: referenceDate.addingTimeInterval(3_600)) == 1)
        #expect(try await subject.store.statementLink(TokenDigest(token: "token-old")) == nil)
        #expect(try await subject.store.statementLink(link.digest) != nil)
    }

    @Test("A report keeps its newest links only: one more forgets the oldest", arguments: ServerStoreBackend.allCases)
    func aReportKeepsItsNewestLinks(_ backend: ServerStoreBackend) async throws {
        let subject = try await backend.make()
        let (ann, _) = try await ServerStoreConformanceTests.twoUsers(subject)
        let report = ReportID()
        let other = Self.link("other-report", expiringIn: 86_400, owner: ann)
        try await subject.store.addStatementLink(other, keeping: 2)
        for index in 0..<3 {
            try await subject.store.addStatementLink(Self.link("link-\(index)", expiringIn: 86_400, report: report, madeAt: Double(index), owner: ann), keeping: 2)
        }
        #expect(try await subject.store.statementLink(TokenDigest(token: "link-0")) == nil)
        #expect(try await subject.store.statementLink(TokenDigest(token: "link-1")) != nil)
        #expect(try await subject.store.statementLink(TokenDigest(token: "link-2")) != nil)
        #expect(try await subject.store.statementLink(other.digest) != nil)
    }
}
