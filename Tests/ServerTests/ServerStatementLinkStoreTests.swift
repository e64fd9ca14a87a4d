import Domain
import Foundation
import ServerCore
import Testing
import TestSupport

/// The other drivers' links every backend keeps alike: found by the token's digest, used once (of two at once, one),
/// made unused again after a failed store, expired ones swept.
@Suite("Server statement link store conformance", .ownThreads)
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

    @Test("Codes: kept with their SMS and its job in one step, three an hour, five tries, used once; a decision keeps the link for its copy", arguments: ServerStoreBackend.allCases)
    func codesAndDecisions(_ backend: ServerStoreBackend) async throws {
        let subject = try await backend.make()
        let (ann, _) = try await ServerStoreConformanceTests.twoUsers(subject)
        let link = Self.link("token-code", expiringIn: 86_400, owner: ann)
        try await subject.store.addStatementLink(link, keeping: 5)
        let phone = try PhoneNumber(parsing: "+4915123456789")
        func issue(_ code: String, at seconds: TimeInterval) async throws -> StatementCodeIssue {
            let at = referenceDate.addingTimeInterval(seconds)
            let sms = SMSMessage.queued(crashID: try CrashID(validating: "CR-23456789"), owner: ann, recipient: phone, text: "code \(code)", at: at)
            return try await subject.store.issueStatementCode(
                link.digest, code: StatementCode(digest: StatementCode.digest(code: code, linkToken: "token-code"), expiresAt: at.addingTimeInterval(600), tries: 0),
                sms: sms, perHour: 3, at: at
            )
        }
        func attempt(_ code: String, at seconds: TimeInterval) async throws -> StatementCodeCheck {
            try await subject.store.tryStatementCode(
                link.digest, digest: StatementCode.digest(code: code, linkToken: "token-code"), at: referenceDate.addingTimeInterval(seconds), maximumTries: 5
            )
        }
        #expect(try await attempt("123456", at: 0) == .none)
        #expect(try await issue("111111", at: 0) == .issued)
        // The SMS and its job were written with the code.
        let messages = try await subject.store.smsMessages(crashID: try CrashID(validating: "CR-23456789"))
        #expect(messages.map(\.text) == ["code 111111"])
        let job = try await subject.store.claimJob(at: referenceDate.addingTimeInterval(1), leaseUntil: referenceDate.addingTimeInterval(60))
        #expect(job?.job == .sendSMS(try #require(messages.first).id))

        #expect(try await issue("222222", at: 60) == .issued)
        #expect(try await issue("333333", at: 120) == .issued)
        #expect(try await issue("444444", at: 180) == .tooMany(nextAt: referenceDate.addingTimeInterval(3_600)))
        // Only the newest code counts; wrong tries are counted, five use it up.
        #expect(try await attempt("111111", at: 200) == .wrong(triesLeft: 4))
        #expect(try await attempt("000000", at: 201) == .wrong(triesLeft: 3))
        #expect(try await subject.store.statementLink(link.digest)?.code?.tries == 2)
        #expect(try await attempt("333333", at: 202) == .accepted)
        #expect(try await attempt("333333", at: 203) == .none)
        #expect(try await issue("555555", at: 3_601) == .issued)
        for left in [4, 3, 2, 1] { #expect(try await attempt("000000", at: 3_602) == .wrong(triesLeft: left)) }
        #expect(try await attempt("000000", at: 3_603) == .exhausted)
        #expect(try await attempt("555555", at: 3_604) == .exhausted)
        #expect(try await issue("666666", at: 7_300) == .issued)
        #expect(try await attempt("666666", at: 7_300 + 601) == .expired)

        let decided = referenceDate.addingTimeInterval(8_000)
        try await subject.store.decideStatementLink(link.digest, at: decided, keepUntil: decided.addingTimeInterval(7 * 86_400))
        let kept = try #require(try await subject.store.statementLink(link.digest))
        #expect(kept.decidedAt == decided && kept.code == nil && kept.expiresAt == decided.addingTimeInterval(7 * 86_400))
        #expect(try await subject.store.forgetStatementLinks(expiredBefore: decided.addingTimeInterval(6 * 86_400)) == 0)
        #expect(try await subject.store.tryStatementCode(TokenDigest(token: "no-such"), digest: link.digest, at: decided, maximumTries: 5) == .none)
    }
}
