import Domain
import Foundation
import ServerCore
import Testing
import TestSupport
import WireAPI

/// The other drivers' links every backend keeps alike: found by the token's digest, used once (of two at once, one),
/// made unused again after a failed store, expired ones swept.
@Suite("Server statement link store conformance", .ownThreads)
struct ServerStatementLinkStoreTests {
    static func link(
        _ token: String, expiringIn seconds: TimeInterval, report: ReportID = ReportID(), pair: StatementPair = .b, madeAt: TimeInterval = 0,
        owner: AccountID
    ) -> StatementLink {
        StatementLink(
            digest: TokenDigest(token: token), report: report, pair: pair, owner: owner, createdAt: referenceDate.addingTimeInterval(madeAt),
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
        #expect(try await subject.store.forgetStatementLinks(expiredBefore: referenceDate.addingTimeInterval(3_600)).count == 1)
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

    static let ceilings = StatementCodeCeilings(perLink: 3, perPhone: 3, perStatement: 5)

    /// Issues `code` for `link` (made with `token`) to `phone` at `seconds`, bound to `binding`.
    static func issue(
        _ subject: ServerStoreUnderTest, _ link: StatementLink, token: String, _ code: String, to phone: PhoneNumber, at seconds: TimeInterval,
        binding: TokenDigest = TokenDigest(token: "version-1")
    ) async throws -> StatementCodeIssue {
        let at = referenceDate.addingTimeInterval(seconds)
        let sms = SMSMessage.queued(crashID: try CrashID(validating: "CR-23456789"), owner: link.owner, recipient: phone, text: "code \(code)", at: at)
        return try await subject.store.issueStatementCode(
            link.digest,
            code: StatementCode(digest: StatementCode.digest(code: code, linkToken: token), expiresAt: at.addingTimeInterval(600), tries: 0, binding: binding),
            sms: sms, ceilings: ceilings, at: at
        )
    }

    @Test("Codes: kept with their SMS and its job in one step, three an hour, five tries, used once; a decision keeps the link for its copy", arguments: ServerStoreBackend.allCases)
    func codesAndDecisions(_ backend: ServerStoreBackend) async throws {
        let subject = try await backend.make()
        let (ann, _) = try await ServerStoreConformanceTests.twoUsers(subject)
        let link = Self.link("token-code", expiringIn: 86_400, owner: ann)
        try await subject.store.addStatementLink(link, keeping: 5)
        let phone = try PhoneNumber(parsing: "+4915123456789")
        func issue(_ code: String, at seconds: TimeInterval) async throws -> StatementCodeIssue {
            try await Self.issue(subject, link, token: "token-code", code, to: phone, at: seconds)
        }
        func attempt(_ code: String, at seconds: TimeInterval) async throws -> StatementCodeCheck {
            try await subject.store.tryStatementCode(
                link.digest, digest: StatementCode.digest(code: code, linkToken: "token-code"), binding: TokenDigest(token: "version-1"),
                at: referenceDate.addingTimeInterval(seconds), maximumTries: 5
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
        #expect(try await issue("444444", at: 180) == .tooMany(nextAt: referenceDate.addingTimeInterval(3_600), ceiling: .phone, limit: 3))
        // Only the newest code counts; wrong tries are counted, five use it up.
        #expect(try await attempt("111111", at: 200) == .wrong(triesLeft: 4))
        #expect(try await attempt("000000", at: 201) == .wrong(triesLeft: 3))
        #expect(try await subject.store.statementLink(link.digest)?.code?.tries == 2)
        // The code names the message that carried it (for the signing record).
        let carrier = try await subject.store.smsMessages(crashID: try CrashID(validating: "CR-23456789")).first { $0.text == "code 333333" }
        #expect(try await subject.store.statementLink(link.digest)?.code?.sms == carrier?.id)
        #expect(try await attempt("333333", at: 202) == .accepted(sms: try #require(carrier).id))
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
        #expect(try await subject.store.forgetStatementLinks(expiredBefore: decided.addingTimeInterval(6 * 86_400)).count == 0)
        #expect(
            try await subject.store.tryStatementCode(
                TokenDigest(token: "no-such"), digest: link.digest, binding: TokenDigest(token: "version-1"), at: decided, maximumTries: 5
            ) == .none
        )
    }

    @Test("A code signs only what it was sent for: tried for another version or number it ends, and a right one is no longer taken", arguments: ServerStoreBackend.allCases)
    func codesAreBoundToWhatTheyWereSentFor(_ backend: ServerStoreBackend) async throws {
        let subject = try await backend.make()
        let (ann, _) = try await ServerStoreConformanceTests.twoUsers(subject)
        let link = Self.link("token-bound", expiringIn: 86_400, owner: ann)
        try await subject.store.addStatementLink(link, keeping: 5)
        let phone = try PhoneNumber(parsing: "+4915123456789")
        let sentFor = TokenDigest(token: "version-1:+4915123456789")
        #expect(try await Self.issue(subject, link, token: "token-bound", "424242", to: phone, at: 0, binding: sentFor) == .issued)
        #expect(try await subject.store.statementLink(link.digest)?.code?.binding == sentFor)
        let right = StatementCode.digest(code: "424242", linkToken: "token-bound")
        let now = referenceDate.addingTimeInterval(30)
        // Vehicle B's number changed: the right code is refused and ends.
        #expect(
            try await subject.store.tryStatementCode(link.digest, digest: right, binding: TokenDigest(token: "version-1:+4915199999999"), at: now, maximumTries: 5)
                == .superseded
        )
        #expect(try await subject.store.statementLink(link.digest)?.code == nil)
        #expect(try await subject.store.tryStatementCode(link.digest, digest: right, binding: sentFor, at: now, maximumTries: 5) == .none)
    }

    @Test("Code ceilings hold across links: three an hour to one number, five an hour for one statement, whichever link asks", arguments: ServerStoreBackend.allCases)
    func codeCeilingsHoldAcrossLinks(_ backend: ServerStoreBackend) async throws {
        let subject = try await backend.make()
        let (ann, bob) = try await ServerStoreConformanceTests.twoUsers(subject)
        let report = ReportID()
        let stranger = try PhoneNumber(parsing: "+36301112233")
        var links: [StatementLink] = []
        for index in 0..<4 {
            let link = Self.link("ceiling-\(index)", expiringIn: 86_400, report: report, madeAt: Double(index), owner: ann)
            try await subject.store.addStatementLink(link, keeping: 10)
            links.append(link)
        }
        // One number: three codes whichever links of the report ask, and a link of another owner's report too.
        #expect(try await Self.issue(subject, links[0], token: "ceiling-0", "100000", to: stranger, at: 0) == .issued)
        #expect(try await Self.issue(subject, links[1], token: "ceiling-1", "100001", to: stranger, at: 10) == .issued)
        #expect(try await Self.issue(subject, links[2], token: "ceiling-2", "100002", to: stranger, at: 20) == .issued)
        #expect(
            try await Self.issue(subject, links[3], token: "ceiling-3", "100003", to: stranger, at: 30)
                == .tooMany(nextAt: referenceDate.addingTimeInterval(3_600), ceiling: .phone, limit: 3)
        )
        let elsewhere = Self.link("elsewhere", expiringIn: 86_400, owner: bob)
        try await subject.store.addStatementLink(elsewhere, keeping: 5)
        #expect(
            try await Self.issue(subject, elsewhere, token: "elsewhere", "100004", to: stranger, at: 40)
                == .tooMany(nextAt: referenceDate.addingTimeInterval(3_600), ceiling: .phone, limit: 3)
        )
        // One statement: five codes in all, to whatever numbers.
        #expect(try await Self.issue(subject, links[3], token: "ceiling-3", "200000", to: try PhoneNumber(parsing: "+4915111111111"), at: 50) == .issued)
        #expect(try await Self.issue(subject, links[3], token: "ceiling-3", "200001", to: try PhoneNumber(parsing: "+4915122222222"), at: 60) == .issued)
        #expect(
            try await Self.issue(subject, links[0], token: "ceiling-0", "200002", to: try PhoneNumber(parsing: "+4915133333333"), at: 70)
                == .tooMany(nextAt: referenceDate.addingTimeInterval(3_600), ceiling: .statement, limit: 5)
        )
        // Only the codes sent were counted: one SMS each.
        #expect(try await subject.store.smsMessages(crashID: try CrashID(validating: "CR-23456789")).count == 5)
        // An hour after the first, the number may receive one again.
        #expect(try await Self.issue(subject, elsewhere, token: "elsewhere", "300000", to: stranger, at: 3_601) == .issued)
    }

    @Test("Twenty codes asked for at once through ten links of ten reports for one number: three are sent, whatever the order", arguments: ServerStoreBackend.allCases)
    func theNumbersCeilingHoldsUnderRaces(_ backend: ServerStoreBackend) async throws {
        let subject = try await backend.make()
        let (ann, bob) = try await ServerStoreConformanceTests.twoUsers(subject)
        let stranger = try PhoneNumber(parsing: "+36301112233")
        var links: [StatementLink] = []
        for index in 0..<10 {
            let link = Self.link("race-\(index)", expiringIn: 86_400, owner: index % 2 == 0 ? ann : bob)
            try await subject.store.addStatementLink(link, keeping: 5)
            links.append(link)
        }
        let outcomes = try await withThrowingTaskGroup(of: StatementCodeIssue.self) { group in
            for (index, link) in (links + links).enumerated() {
                group.addTask {
                    try await Self.issue(subject, link, token: "race-\(index % 10)", String(format: "%06d", index), to: stranger, at: Double(index % 3))
                }
            }
            return try await group.reduce(into: [StatementCodeIssue]()) { $0.append($1) }
        }
        #expect(outcomes.count { $0 == .issued } == 3)
        #expect(outcomes.allSatisfy { outcome in
            if case .tooMany(_, .phone, 3) = outcome { return true }
            return outcome == .issued
        })
    }

    @Test("A new link ends the report's older ones not yet decided; a decided one keeps its copy", arguments: ServerStoreBackend.allCases)
    func aNewLinkEndsOlderOnes(_ backend: ServerStoreBackend) async throws {
        let subject = try await backend.make()
        let (ann, _) = try await ServerStoreConformanceTests.twoUsers(subject)
        let report = ReportID()
        let first = Self.link("first", expiringIn: 86_400, report: report, madeAt: 0, owner: ann)
        let decided = Self.link("decided", expiringIn: 86_400, report: report, madeAt: 1, owner: ann)
        let unrelated = Self.link("unrelated", expiringIn: 86_400, owner: ann)
        for link in [first, decided, unrelated] { try await subject.store.addStatementLink(link, keeping: 5) }
        #expect(try await subject.store.statementLink(first.digest)?.expiresAt == referenceDate.addingTimeInterval(1))
        #expect(try await subject.store.statementLink(first.digest)?.replacedAt == referenceDate.addingTimeInterval(1))
        try await subject.store.decideStatementLink(decided.digest, at: referenceDate.addingTimeInterval(5), keepUntil: referenceDate.addingTimeInterval(7 * 86_400))
        let newest = Self.link("newest", expiringIn: 86_400, report: report, madeAt: 100, owner: ann)
        try await subject.store.addStatementLink(newest, keeping: 5)
        #expect(try await subject.store.statementLink(newest.digest)?.expiresAt == referenceDate.addingTimeInterval(86_400))
        #expect(try await subject.store.statementLink(decided.digest)?.expiresAt == referenceDate.addingTimeInterval(7 * 86_400))
        #expect(try await subject.store.statementLink(decided.digest)?.replacedAt == nil)
        #expect(try await subject.store.statementLink(newest.digest)?.replacedAt == nil)
        #expect(try await subject.store.statementLink(unrelated.digest)?.expiresAt == referenceDate.addingTimeInterval(86_400))
        #expect(try await subject.store.statementLink(first.digest)?.expiresAt == referenceDate.addingTimeInterval(1))
    }

    @Test("A link keeps the first copy of the statement in each language; the copies go with the links forgotten, and with an erased driver", arguments: ServerStoreBackend.allCases)
    func aLinkKeepsItsFirstCopy(_ backend: ServerStoreBackend) async throws {
        let subject = try await backend.make()
        let (ann, _) = try await ServerStoreConformanceTests.twoUsers(subject)
        let link = Self.link("with-copy", expiringIn: 86_400, owner: ann)
        try await subject.store.addStatementLink(link, keeping: 5)
        #expect(try await subject.store.statementCopy(link.digest, language: "de") == nil)
        #expect(try await subject.store.keepStatementCopy(link.digest, language: "de", copy: .stub("c")) == .stub("c"))
        // A second download that drew its own meanwhile is given the first; another language has its own.
        #expect(try await subject.store.keepStatementCopy(link.digest, language: "de", copy: .stub("e")) == .stub("c"))
        #expect(try await subject.store.keepStatementCopy(link.digest, language: "pl", copy: .stub("a")) == .stub("a"))
        #expect(try await subject.store.statementCopy(link.digest, language: "de") == .stub("c"))
        #expect(try await subject.store.isDocumentRecorded(.stub("c")))
        #expect(try await !subject.store.isDocumentRecorded(.stub("e")))
        #expect(try await subject.store.keepStatementCopy(TokenDigest(token: "no-such"), language: "de", copy: .stub("f")) == nil)

        let forgotten = try await subject.store.forgetStatementLinks(expiredBefore: referenceDate.addingTimeInterval(2 * 86_400))
        #expect(forgotten.count == 1 && Set(forgotten.copies) == [.stub("c"), .stub("a")])
        #expect(try await !subject.store.isDocumentRecorded(.stub("c")))
        #expect(try await subject.store.statementCopy(link.digest, language: "de") == nil)

        let another = Self.link("erased-copy", expiringIn: 86_400, owner: ann)
        try await subject.store.addStatementLink(another, keeping: 5)
        _ = try await subject.store.keepStatementCopy(another.digest, language: "en", copy: .stub("d"))
        let erased = try #require(try await subject.store.eraseAccount(name: "ann", kind: .user))
        #expect(erased.documents.contains(.stub("d")))
    }

    @Test("The signing record: each new signature and decline is appended with its report, a repeat adds nothing, and no line is changed or removed while the report is kept", arguments: ServerStoreBackend.allCases)
    func signingRecordIsAppendOnly(_ backend: ServerStoreBackend) async throws {
        let subject = try await backend.make()
        let (ann, _) = try await ServerStoreConformanceTests.twoUsers(subject)
        var report = CrashReport.stub(createdAt: referenceDate)
        try report.setStatement(try .full())
        var stored = try await subject.store.save(report, owner: ann)
        #expect(try await subject.store.signingRecord(of: report.id, owner: ann).isEmpty)

        // The driver signs on their device.
        report = stored
        try report.signStatement(.a, name: "Jane Doe", verification: .driversDevice(account: "ann"), at: referenceDate.addingTimeInterval(60))
        stored = try await subject.store.save(report, owner: ann)
        // Sent again as it is, with another change: nothing to add.
        stored = try await subject.store.save(try ServerStoreConformanceTests.edited(stored, note: "again"), owner: ann)
        var record = try await subject.store.signingRecord(of: report.id, owner: ann)
        #expect(record.map(\.number) == [1])
        let first = try #require(record.first)
        #expect(first.side == .a && first.act == .signed && first.means == .driversDevice && first.account == "ann" && first.name == "Jane Doe")
        #expect(first.version == stored.statementVersion && first.actedAt == referenceDate.addingTimeInterval(60) && first.codeSMS == nil)
        // Recorded at the server's time, not the device's stamp on the report.
        #expect(abs(first.recordedAt.timeIntervalSinceNow) < 300 && first.recordedAt != stored.updatedAt)

        // The other driver signs with a code: the line names the message that carried it, with its delivery as it is now.
        let link = Self.link("token-record", expiringIn: 86_400, report: report.id, owner: ann)
        try await subject.store.addStatementLink(link, keeping: 5)
        let phone = try PhoneNumber(parsing: "+4915123456789")
        #expect(try await Self.issue(subject, link, token: "token-record", "121212", to: phone, at: 100) == .issued)
        let carrier = try #require(try await subject.store.statementLink(link.digest)?.code?.sms)
        report = stored
        try report.signStatement(.b, name: "Hans Müller", verification: .smsCode(phone), at: referenceDate.addingTimeInterval(200))
        stored = try await subject.store.save(report, owner: ann, queueing: nil, within: nil, codeSMS: carrier)
        record = try await subject.store.signingRecord(of: report.id, owner: ann)
        #expect(record.map(\.number) == [1, 2])
        let second = try #require(record.last)
        #expect(second.side == .b && second.means == .smsCode && second.phone == phone && second.codeSMS == carrier)
        #expect(second.delivery?.state == .queued)
        _ = try await subject.store.updateSMS(carrier, to: .delivered, detail: "1: delivered", at: referenceDate.addingTimeInterval(150))
        #expect(try await subject.store.signingRecord(of: report.id, owner: ann).last?.delivery?.state == .delivered)

        // Nobody edits it, nor removes a line while its report is kept: not even with the database at hand.
        await #expect(throws: (any Error).self) { try await subject.execute("UPDATE signing_record SET name = 'Someone Else'") }
        await #expect(throws: (any Error).self) { try await subject.execute("DELETE FROM signing_record WHERE number = 2") }
        let kept = try await subject.store.signingRecord(of: report.id, owner: ann)
        #expect(kept.map(\.name) == ["Jane Doe", "Hans Müller"])

        // A decline of another draft, then the driver deletes that draft: its record goes with it.
        var other = CrashReport.stub(crashID: .stub("SRV-RECORD-2"), createdAt: referenceDate)
        try other.setStatement(try .full())
        other = try await subject.store.save(other, owner: ann)
        try other.declineStatement(reason: "Box 17 is not true", at: referenceDate.addingTimeInterval(300))
        other = try await subject.store.save(other, owner: ann)
        let declined = try await subject.store.signingRecord(of: other.id, owner: ann)
        #expect(declined.map(\.act) == [.declined] && declined.first?.means == .link && declined.first?.reason == "Box 17 is not true")
        _ = try await subject.store.delete(other.id, owner: ann)
        #expect(try await subject.store.signingRecord(of: other.id, owner: ann).isEmpty)
        #expect(try await subject.store.signingRecord(of: report.id, owner: ann).count == 2)
    }

    @Test("Each link reaches one statement: a link to C's neither ends nor crowds out B's, and codes are counted per statement", arguments: ServerStoreBackend.allCases)
    func linksAreKeptPerStatement(_ backend: ServerStoreBackend) async throws {
        let subject = try await backend.make()
        let (ann, _) = try await ServerStoreConformanceTests.twoUsers(subject)
        let report = ReportID()
        let vehicleC = StatementPair.vehicle(PartyID())
        let toB = Self.link("to-b", expiringIn: 86_400, report: report, madeAt: 0, owner: ann)
        try await subject.store.addStatementLink(toB, keeping: 2)
        // Three links to C's statement, keeping two: B's is neither replaced nor forgotten.
        for index in 0..<3 {
            try await subject.store.addStatementLink(
                Self.link("to-c-\(index)", expiringIn: 86_400, report: report, pair: vehicleC, madeAt: Double(10 + index), owner: ann), keeping: 2
            )
        }
        let heldB = try #require(try await subject.store.statementLink(toB.digest))
        #expect(heldB.pair == .b && heldB.replacedAt == nil && heldB.expiresAt == toB.expiresAt)
        #expect(try await subject.store.statementLink(TokenDigest(token: "to-c-0")) == nil)
        let replacedC = try #require(try await subject.store.statementLink(TokenDigest(token: "to-c-1")))
        #expect(replacedC.pair == vehicleC && replacedC.replacedAt != nil)
        let newestC = try #require(try await subject.store.statementLink(TokenDigest(token: "to-c-2")))
        #expect(newestC.pair == vehicleC && newestC.replacedAt == nil)
        // Five codes for B's statement through two links, to five numbers: a sixth for B's is refused, C's first is sent.
        let toB2 = Self.link("to-b-2", expiringIn: 86_400, report: report, madeAt: 1, owner: ann)
        try await subject.store.addStatementLink(toB2, keeping: 2)
        for index in 0..<5 {
            let (link, token) = index < 3 ? (toB, "to-b") : (toB2, "to-b-2")
            let phone = try PhoneNumber(parsing: "+49151111111\(index)0")
            #expect(try await Self.issue(subject, link, token: token, "10000\(index)", to: phone, at: Double(index)) == .issued)
        }
        #expect(
            try await Self.issue(subject, toB2, token: "to-b-2", "100009", to: try PhoneNumber(parsing: "+4915111111190"), at: 9)
                == .tooMany(nextAt: referenceDate.addingTimeInterval(3_600), ceiling: .statement, limit: 5)
        )
        #expect(try await Self.issue(subject, newestC, token: "to-c-2", "200000", to: try PhoneNumber(parsing: "+4915122222222"), at: 20) == .issued)
    }

    @Test("Each act names its statement: B's and C's acts in one record, counted on, a voided act kept", arguments: ServerStoreBackend.allCases)
    func eachActNamesItsStatement(_ backend: ServerStoreBackend) async throws {
        let subject = try await backend.make()
        let (ann, _) = try await ServerStoreConformanceTests.twoUsers(subject)
        var report = CrashReport.stub(createdAt: referenceDate)
        try report.setStatement(try .full())
        let sample = try CrashParties.sample()
        try report.changeParties { parties throws(PartyError) in parties = sample }
        report = try await subject.store.save(report, owner: ann)
        let c = StatementPair.vehicle(CrashParties.vehicleC)
        // Two acts on B's statement and one on C's in one save; C's changes (voiding A's signature of it, B's stays
        // sealed), then both sign C's again.
        try report.signStatement(.a, in: .b, name: "Jane Doe", verification: .driversDevice(account: "ann"), at: referenceDate)
        try report.signStatement(.b, in: .b, name: "Greta Müller", verification: .sameDevice, at: referenceDate)
        try report.signStatement(.a, in: c, name: "Jane Doe", verification: .driversDevice(account: "ann"), at: referenceDate)
        report = try await subject.store.save(report, owner: ann)
        var changed = try #require(report.statement(c))
        try changed.vehicleB.setRemarks("He braked.")
        try report.setStatement(changed, for: c)
        try report.signStatement(.a, in: c, name: "Jane Doe", verification: .driversDevice(account: "ann"), at: referenceDate.addingTimeInterval(5))
        try report.signStatement(.b, in: c, name: "Carl Third", verification: .sameDevice, at: referenceDate.addingTimeInterval(5))
        report = try await subject.store.save(report, owner: ann)
        let record = try await subject.store.signingRecord(of: report.id, owner: ann)
        #expect(record.map(\.number) == [1, 2, 3, 4, 5])
        #expect(record.map(\.pair) == [.b, .b, c, c, c])
        #expect(record.map(\.side) == [.a, .b, .a, .a, .b])
        #expect(record[4].version == report.statementVersion(c) && record[2].version != report.statementVersion(c))
        #expect(record[0].version == report.statementVersion)
        #expect(report.isStatementSigned && report.isStatementSigned(c))
        // The claims system reads which statement each act is on.
        let wire = record.map(Components.Schemas.SigningRecordEntry.init)
        #expect(wire.map(\.party) == [nil, nil] + Array(repeating: CrashParties.vehicleC.description, count: 3))
    }

    @Test("A report's signing record holds at most its limit: a save that would add one more is refused whole", arguments: ServerStoreBackend.allCases)
    func signingRecordIsBounded(_ backend: ServerStoreBackend) async throws {
        let subject = try await backend.make()
        let (ann, _) = try await ServerStoreConformanceTests.twoUsers(subject)
        var report = CrashReport.stub(createdAt: referenceDate)
        try report.setStatement(try .full())
        report = try await subject.store.save(report, owner: ann)
        for index in 0..<SigningEntry.limitPerReport {
            try report.signStatement(.a, name: "Jane \(index)", verification: .driversDevice(account: "ann"), at: referenceDate)
            report = try await subject.store.save(report, owner: ann)
        }
        #expect(try await subject.store.signingRecord(of: report.id, owner: ann).count == SigningEntry.limitPerReport)
        var oneMore = report
        try oneMore.signStatement(.a, name: "Jane again", verification: .driversDevice(account: "ann"), at: referenceDate)
        await #expect(throws: ServerRefusal.quotaExceeded(what: "signatures and declines of one report's statement", limit: SigningEntry.limitPerReport)) {
            try await subject.store.save(oneMore, owner: ann)
        }
        #expect(try await subject.store.report(report.id, owner: ann)?.revision == report.revision)
        #expect(try await subject.store.signingRecord(of: report.id, owner: ann).last?.name == "Jane \(SigningEntry.limitPerReport - 1)")
        // A save that adds no act still goes.
        #expect(try await subject.store.save(try ServerStoreConformanceTests.edited(report, note: "still editable"), owner: ann).revision == report.revision + 1)
    }
}
