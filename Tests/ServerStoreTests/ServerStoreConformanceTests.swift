import Data
import Domain
import Foundation
import ServerCore
import ServerSQLite
import Storage
import Testing
import TestSupport
import WireAPI

/// The behaviour every backend of the server's store ports shares: accounts, crash IDs and crash events, each
/// user's reports checked by revision, their documents, photos and uploads.
@Suite("Server store conformance", .ownThreads)
struct ServerStoreConformanceTests {
    // MARK: - Making things

    /// Two users, so every test can check that one does not reach the other's data.
    static func twoUsers(_ subject: ServerStoreUnderTest) async throws -> (AccountID, AccountID) {
        let ann = try await subject.store.addAccount(
            name: "ann", kind: .user, tokenDigest: TokenDigest(token: "ann-token"), phone: nil, at: referenceDate
        )
        let bob = try await subject.store.addAccount(
            name: "bob", kind: .user, tokenDigest: TokenDigest(token: "bob-token"), phone: nil, at: referenceDate
        )
        return (ann.id, bob.id)
    }

    static func detector(_ subject: ServerStoreUnderTest, name: String = "car-maker") async throws -> AccountID {
        try await subject.store.addAccount(
            name: name, kind: .detector, tokenDigest: TokenDigest(token: "\(name)-token"), phone: nil, at: referenceDate
        ).id
    }

    /// - Parameter known: whether the detector knew if the airbags deployed and the vehicle rolled over.
    static func crash(_ eventID: String = "event-1", known: Bool = true) throws -> DetectedCrash {
        DetectedCrash(
            eventID: eventID,
            detection: try CrashDetection(
                detectedAt: referenceDate,
                position: try Coordinate(latitude: 47.497_9, longitude: 19.040_2),
                accuracyMeters: 12.5,
                positionTrusted: true,
                headingDegrees: 270,
                speedKmh: 48,
                deltaVKmh: 21.5,
                airbagsDeployed: known ? true : nil,
                rollover: known ? false : nil,
                isTest: false
            ),
            utcOffsetMinutes: 60,
            digest: "digest-of-\(eventID)"
        )
    }

    /// The draft a crash event makes: a new report id and crash ID for each call.
    static func draft(_ index: Int) -> CrashReport {
        CrashReport.stub(crashID: .stub("SRV-EVENT-\(index)"), createdAt: referenceDate)
    }

    /// `report` with a note, as an edit made from it.
    static func edited(_ report: CrashReport, note: String) throws -> CrashReport {
        var edit = report
        try edit.setNote(note)
        return edit
    }

    /// The report's wire JSON, as a store keeps it.
    static func wireJSON(_ report: CrashReport) throws -> String {
        String(decoding: try WireCoding.encoder().encode(Components.Schemas.Report(report)), as: UTF8.self)
    }

    @Test("A report's accident statement is stored and read back whole, every field of both vehicles", arguments: ServerStoreBackend.allCases)
    func theStatementReadsBackWhole(_ backend: ServerStoreBackend) async throws {
        let subject = try await backend.make()
        let (ann, _) = try await Self.twoUsers(subject)
        var report = CrashReport.stub(createdAt: referenceDate)
        try report.setStatement(try .full())
        let stored = try await subject.store.save(report, owner: ann)
        let loaded = try #require(try await subject.store.report(report.id, owner: ann))
        #expect(loaded.statement == (try AccidentStatement.full()))
        #expect(loaded == stored)
    }

    // MARK: - Opening

    @Test("Opening a file that is not a database is refused naming the file, and the file is left as it was")
    func openingANonDatabaseIsRefused() throws {
        let directory = TemporaryDirectory("server-store")
        let garbage = Data("this is a shopping list, not a database\n".utf8) + Data(repeating: 0x41, count: 8_192)
        let url = try directory.write(garbage, to: "server.sqlite3")
        let error = try #require(throws: StorageError.self) { try SQLiteServerStore(path: url.path) }
        guard case let .notADatabase(path, _) = error else {
            Issue.record("expected notADatabase, got \(error)")
            return
        }
        #expect(path == url.path)
        #expect(try Data(contentsOf: url) == garbage)
    }

    @Test("Closing leaves everything in the database file alone, and opening it again finds it")
    func closingKeepsEverythingInTheFile() async throws {
        let directory = TemporaryDirectory("server-store")
        let path = directory.file("server.sqlite3")
        let owner: AccountID
        let stored: CrashReport
        do {
            let store = try SQLiteServerStore(path: path)
            owner = try await store.addAccount(name: "ann", kind: .user, tokenDigest: TokenDigest(token: "ann"), phone: nil, at: referenceDate).id
            stored = try await store.save(CrashReport.stub(note: "kept"), owner: owner)
            store.close()
        }
        let walSize = (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0
        #expect(walSize == 0)
        let reopened = try SQLiteServerStore(path: path)
        #expect(try await reopened.report(stored.id, owner: owner) == stored)
    }

    // MARK: - Accounts

    @Test("An account is found by its token's digest and a user by name; a detector is not a user", arguments: ServerStoreBackend.allCases)
    func accountsAreFoundByDigestAndName(_ backend: ServerStoreBackend) async throws {
        let subject = try await backend.make()
        let created = Date(timeIntervalSinceReferenceDate: 815_000_000.123_456_789)
        let ann = try await subject.store.addAccount(
            name: "ann", kind: .user, tokenDigest: TokenDigest(token: "secret-1"), phone: nil, at: created
        )
        let sensor = try await subject.store.addAccount(
            name: "ann", kind: .detector, tokenDigest: TokenDigest(token: "secret-2"), phone: nil, at: created
        )
        #expect(ann.name == "ann" && ann.kind == .user && ann.createdAt == created)
        #expect(ann.id != sensor.id)
        #expect(try await subject.store.account(for: TokenDigest(token: "secret-1")) == ann)
        #expect(try await subject.store.account(for: TokenDigest(token: "secret-2")) == sensor)
        #expect(try await subject.store.account(for: TokenDigest(token: "secret-3")) == nil)
        #expect(try await subject.store.user(named: "ann") == ann)
        #expect(try await subject.store.user(named: "Ann") == nil)
        #expect(try await subject.store.account(id: ann.id) == ann)
        #expect(try await subject.store.account(id: sensor.id) == sensor)
        #expect(try await subject.store.account(id: AccountID()) == nil)

        _ = try await subject.store.addAccount(
            name: "car-maker", kind: .detector, tokenDigest: TokenDigest(token: "secret-4"), phone: nil, at: created
        )
        #expect(try await subject.store.user(named: "car-maker") == nil)
    }

    @Test("After an account is erased, a write for it (a token remembered a few seconds longer) is refused and stores nothing", arguments: ServerStoreBackend.allCases)
    func writesOfAnErasedAccountAreRefused(_ backend: ServerStoreBackend) async throws {
        let subject = try await backend.make()
        let (ann, bob) = try await Self.twoUsers(subject)
        _ = try #require(try await subject.store.eraseAccount(name: "ann", kind: .user))
        let report = CrashReport.stub(note: "written after the erasure")
        await #expect(throws: ServerRefusal.accountGone) { try await subject.store.save(report, owner: ann) }
        await #expect(throws: ServerRefusal.accountGone) {
            try await subject.store.recordPhoto(StoredPhoto(contentHash: .stub("c"), mediaType: .jpeg, byteCount: 10), owner: ann, at: referenceDate)
        }
        await #expect(throws: ServerRefusal.accountGone) {
            try await subject.store.beginUpload(PartialUpload(
                id: UploadID(), owner: ann, contentHash: .stub("d"), expectedLength: 10, offset: 0, startedAt: referenceDate
            ))
        }
        await #expect(throws: ServerRefusal.accountGone) { try await subject.store.recordCrashID(try CrashID(validating: "CA-ERASE23456"), owner: ann, at: referenceDate) }
        await #expect(throws: ServerRefusal.accountGone) {
            try await subject.store.addStatementLink(
                StatementLink(digest: TokenDigest(token: "link"), report: report.id, owner: ann, createdAt: referenceDate, expiresAt: referenceDate, usedAt: nil),
                keeping: 5
            )
        }
        // Nothing of hers was written; bob writes as before.
        #expect(try await subject.store.reports(owner: ann).isEmpty)
        #expect(try await subject.store.photo(.stub("c"), owner: ann) == nil)
        #expect(try await subject.store.partialUpload(.stub("d"), owner: ann) == nil)
        #expect(try await subject.store.owner(of: try CrashID(validating: "CA-ERASE23456")) == nil)
        #expect(try await subject.store.save(report, owner: bob).revision == 1)
        // A detector erased: an event it sent a moment before, counted against its rate, is refused the same way.
        let detector = try await Self.detector(subject)
        _ = try #require(try await subject.store.eraseAccount(name: "car-maker", kind: .detector))
        let rate = Allowance(limit: 10, since: referenceDate - 60) { _ in .quotaExceeded(what: "crash events", limit: 10) }
        let crash = try Self.crash("after-erasure")
        await #expect(throws: ServerRefusal.accountGone) {
            _ = try await subject.store.recordCrash(
                crash, detector: detector, owner: bob, report: CrashReport.stub(crashID: .stub("SRV-ERASED-1"), createdAt: referenceDate), sms: nil,
                at: referenceDate, within: rate
            )
        }
        #expect(try await subject.store.receipt(eventID: "after-erasure", detector: detector) == nil)
        #expect(try await subject.store.owner(of: .stub("SRV-ERASED-1")) == nil)
    }

    @Test("A crash event whose detector could not know the airbags or a rollover is recorded, its draft as made", arguments: ServerStoreBackend.allCases)
    func aCrashWithUnknownMeasurementsIsRecorded(_ backend: ServerStoreBackend) async throws {
        let subject = try await backend.make()
        let (ann, _) = try await Self.twoUsers(subject)
        let detector = try await Self.detector(subject)
        let crash = try Self.crash("event-unknown", known: false)
        let draft = CrashReport(crashID: .stub("SRV-EVENT-7"), createdAt: referenceDate, detection: crash.detection)
        let (receipt, isNew) = try await subject.store.recordCrash(crash, detector: detector, owner: ann, report: draft, sms: nil, at: referenceDate)
        #expect(isNew && receipt.reportID == draft.id)
        let stored = try #require(try await subject.store.report(draft.id, owner: ann))
        #expect(stored.detection?.airbagsDeployed == nil && stored.detection?.rollover == nil && stored.detection?.speedKmh == 48)
    }

    @Test("The insurer's references: a customer reference names one user, a policy may name several; cleared with nil", arguments: ServerStoreBackend.allCases)
    func insurerReferences(_ backend: ServerStoreBackend) async throws {
        let subject = try await backend.make()
        let store = subject.store
        _ = try await Self.twoUsers(subject)
        let ann = try #require(try await store.setReferences(InsurerReferences(customer: "CUS-1", policy: "POL-9"), forUserNamed: "ann"))
        #expect(ann.references == InsurerReferences(customer: "CUS-1", policy: "POL-9"))
        #expect(try await store.user(named: "ann")?.references == ann.references)
        _ = try await store.setReferences(InsurerReferences(policy: "POL-9"), forUserNamed: "bob")
        await #expect(throws: ServerStoreError.customerReferenceTaken("CUS-1")) {
            try await store.setReferences(InsurerReferences(customer: "CUS-1"), forUserNamed: "bob")
        }
        #expect(try await store.user(named: "bob")?.references == InsurerReferences(policy: "POL-9"), "a refused change changes nothing")
        #expect(try await store.users(.customer("CUS-1"), limit: 2).map(\.name) == ["ann"])
        #expect(try await store.users(.policy("POL-9"), limit: 2).map(\.name) == ["ann", "bob"])
        #expect(try await store.users(.policy("POL-0"), limit: 2).isEmpty)
        #expect(try await store.setReferences(InsurerReferences(), forUserNamed: "nobody") == nil)
        // Cleared, the number is free for another user.
        _ = try await store.setReferences(InsurerReferences(policy: "POL-9"), forUserNamed: "ann")
        #expect(try await store.setReferences(InsurerReferences(customer: "CUS-1", policy: "POL-9"), forUserNamed: "bob")?.references.customer == "CUS-1")
    }

    @Test("A report is found by the crash ID it carries, for its owner only", arguments: ServerStoreBackend.allCases)
    func aReportIsFoundByItsCrashID(_ backend: ServerStoreBackend) async throws {
        let subject = try await backend.make()
        let (ann, bob) = try await Self.twoUsers(subject)
        let report = CrashReport.stub(crashID: .stub("CR-FINDME23"), createdAt: referenceDate)
        let stored = try await subject.store.save(report, owner: ann)
        #expect(try await subject.store.report(carrying: .stub("CR-FINDME23"), owner: ann) == stored)
        #expect(try await subject.store.report(carrying: .stub("CR-FINDME23"), owner: bob) == nil)
        #expect(try await subject.store.report(carrying: .stub("CR-ELSEWH23"), owner: ann) == nil)
    }

    @Test("A name taken for a kind of account is refused, and the refused token opens nothing", arguments: ServerStoreBackend.allCases)
    func aTakenNameIsRefused(_ backend: ServerStoreBackend) async throws {
        let subject = try await backend.make()
        let first = try await subject.store.addAccount(
            name: "ann", kind: .user, tokenDigest: TokenDigest(token: "first"), phone: nil, at: referenceDate
        )
        await #expect(throws: ServerStoreError.nameTaken("ann", kind: .user)) {
            try await subject.store.addAccount(
                name: "ann", kind: .user, tokenDigest: TokenDigest(token: "second"), phone: nil, at: referenceDate
            )
        }
        #expect(try await subject.store.account(for: TokenDigest(token: "second")) == nil)
        #expect(try await subject.store.user(named: "ann") == first)
    }

    // MARK: - Crash IDs and crash events

    @Test("A crash ID is issued once, whoever asks for it again", arguments: ServerStoreBackend.allCases)
    func aCrashIDIsIssuedOnce(_ backend: ServerStoreBackend) async throws {
        let subject = try await backend.make()
        let (ann, bob) = try await Self.twoUsers(subject)
        try await subject.store.recordCrashID(.stub("SRV-1"), owner: ann, at: referenceDate)
        try await subject.store.recordCrashID(.stub("SRV-2"), owner: ann, at: referenceDate)
        await #expect(throws: ServerStoreError.crashIDTaken(.stub("SRV-1"))) {
            try await subject.store.recordCrashID(.stub("SRV-1"), owner: ann, at: referenceDate)
        }
        await #expect(throws: ServerStoreError.crashIDTaken(.stub("SRV-1"))) {
            try await subject.store.recordCrashID(.stub("SRV-1"), owner: bob, at: referenceDate)
        }
    }

    @Test("A crash event makes its crash ID and the owner's draft at revision 1, and its receipt", arguments: ServerStoreBackend.allCases)
    func aCrashEventMakesACrashIDAndADraft(_ backend: ServerStoreBackend) async throws {
        let subject = try await backend.make()
        let (ann, bob) = try await Self.twoUsers(subject)
        let detector = try await Self.detector(subject)
        let draft = Self.draft(1)

        let (receipt, isNew) = try await subject.store.recordCrash(
            Self.crash(), detector: detector, owner: ann, report: draft, sms: nil, at: referenceDate
        )
        #expect(isNew)
        #expect(receipt == CrashEventReceipt(crashID: draft.crashID, reportID: draft.id, owner: ann, eventDigest: "digest-of-event-1"))
        #expect(try await subject.store.receipt(eventID: "event-1", detector: detector) == receipt)
        #expect(try await subject.store.receipt(eventID: "event-2", detector: detector) == nil)
        #expect(try await subject.store.report(draft.id, owner: ann) == draft.stored(atRevision: 1))
        #expect(try await subject.store.report(draft.id, owner: bob) == nil)
        #expect(try await subject.store.reports(owner: bob).isEmpty)
        await #expect(throws: ServerStoreError.crashIDTaken(draft.crashID)) {
            try await subject.store.recordCrashID(draft.crashID, owner: ann, at: referenceDate)
        }
    }

    // MARK: - Phone numbers, SMS messages and jobs

    static func sms(for report: CrashReport, owner: AccountID, at date: Date = referenceDate) throws -> SMSMessage {
        SMSMessage.queued(
            crashID: report.crashID, owner: owner, recipient: try PhoneNumber(parsing: "+36 30 123 4567"),
            text: "Crash Assistant: a crash was detected (\(report.crashID)) — ő ✓", at: date
        )
    }

    /// A crash event for ann, with its SMS (and the job that sends it): ann's id, the detector's, the draft and the SMS.
    static func crashWithSMS(_ subject: ServerStoreUnderTest) async throws -> (AccountID, AccountID, CrashReport, SMSMessage) {
        let (ann, _) = try await twoUsers(subject)
        let detector = try await detector(subject)
        let draft = draft(1)
        let sms = try sms(for: draft, owner: ann)
        _ = try await subject.store.recordCrash(crash(), detector: detector, owner: ann, report: draft, sms: sms, at: referenceDate)
        return (ann, detector, draft, sms)
    }

    @Test("A user's phone number is kept with the account, changed, removed; a detector has none to set", arguments: ServerStoreBackend.allCases)
    func phoneNumbersAreKept(_ backend: ServerStoreBackend) async throws {
        let subject = try await backend.make()
        let phone = try PhoneNumber(parsing: "+36301234567")
        let ann = try await subject.store.addAccount(name: "ann", kind: .user, tokenDigest: TokenDigest(token: "a"), phone: phone, at: referenceDate)
        #expect(ann.phone == phone)
        #expect(try await subject.store.user(named: "ann")?.phone == phone)
        #expect(try await subject.store.account(for: TokenDigest(token: "a"))?.phone == phone)
        let other = try PhoneNumber(parsing: "+447400123456")
        #expect(try await subject.store.setPhone(other, forUserNamed: "ann")?.phone == other)
        #expect(try await subject.store.user(named: "ann")?.phone == other)
        #expect(try await subject.store.setPhone(nil, forUserNamed: "ann")?.phone == nil)
        #expect(try await subject.store.user(named: "ann")?.phone == nil)
        #expect(try await subject.store.setPhone(other, forUserNamed: "nobody") == nil)
        _ = try await Self.detector(subject)
        #expect(try await subject.store.setPhone(other, forUserNamed: "car-maker") == nil)
    }

    @Test("A user's language is kept with the account, changed, removed; a report keeps its own", arguments: ServerStoreBackend.allCases)
    func languagesAreKept(_ backend: ServerStoreBackend) async throws {
        let subject = try await backend.make()
        _ = try await subject.store.addAccount(name: "ann", kind: .user, tokenDigest: TokenDigest(token: "a"), phone: nil, at: referenceDate)
        #expect(try await subject.store.user(named: "ann")?.language == nil)
        let german = try LanguageTag(parsing: "de")
        #expect(try await subject.store.setLanguage(german, forUserNamed: "ann")?.language == german)
        #expect(try await subject.store.account(for: TokenDigest(token: "a"))?.language == german)
        #expect(try await subject.store.setLanguage(nil, forUserNamed: "ann")?.language == nil)
        #expect(try await subject.store.setLanguage(german, forUserNamed: "nobody") == nil)
        _ = try await Self.detector(subject)
        #expect(try await subject.store.setLanguage(german, forUserNamed: "car-maker") == nil)
        // A report's language travels in its stored body.
        let owner = try #require(try await subject.store.user(named: "ann")).id
        let report = CrashReport(crashID: .stub("CR-HHHH2222"), createdAt: referenceDate, language: try LanguageTag(parsing: "hu"))
        let saved = try await subject.store.save(report, owner: owner, queueing: nil, within: nil)
        #expect(try await subject.store.report(saved.id, owner: owner)?.language?.rawValue == "hu")
    }

    @Test("A crash event's SMS and its job are stored with it; a repeat stores neither again", arguments: ServerStoreBackend.allCases)
    func anSMSIsStoredWithItsCrashEvent(_ backend: ServerStoreBackend) async throws {
        let subject = try await backend.make()
        let (ann, detector, draft, sms) = try await Self.crashWithSMS(subject)
        #expect(try await subject.store.smsMessages(crashID: draft.crashID) == [sms])
        #expect(try await subject.store.smsMessage(sms.id) == sms)
        #expect(try await subject.store.recentSMSMessages(limit: 5) == [sms])
        #expect(try await subject.store.jobCounts() == (1, 0))

        let again = Self.draft(2)
        let repeated = try await subject.store.recordCrash(
            Self.crash(), detector: detector, owner: ann, report: again, sms: try Self.sms(for: again, owner: ann), at: referenceDate
        )
        #expect(!repeated.isNew)
        #expect(try await subject.store.recentSMSMessages(limit: 5) == [sms])
        #expect(try await subject.store.jobCounts() == (1, 0))

        // A crash ID taken: nothing of the event is stored, its SMS and job neither.
        let clash = CrashReport.stub(crashID: draft.crashID, createdAt: referenceDate)
        await #expect(throws: ServerStoreError.crashIDTaken(draft.crashID)) {
            try await subject.store.recordCrash(
                Self.crash("event-2"), detector: detector, owner: ann, report: clash, sms: try Self.sms(for: clash, owner: ann), at: referenceDate
            )
        }
        #expect(try await subject.store.recentSMSMessages(limit: 5) == [sms])
        #expect(try await subject.store.jobCounts() == (1, 0))
    }

    @Test("A job is taken by one worker at a time, again once its lease ran out, and only its last taker finishes it", arguments: ServerStoreBackend.allCases)
    func jobsAreLeased(_ backend: ServerStoreBackend) async throws {
        let subject = try await backend.make()
        let (_, _, _, sms) = try await Self.crashWithSMS(subject)

        let now = referenceDate.addingTimeInterval(1)
        let first = try #require(try await subject.store.claimJob(at: now, leaseUntil: now + 60))
        #expect(first.job == .sendSMS(sms.id))
        #expect(first.attempts == 1)
        #expect(try await subject.store.claimJob(at: now + 59, leaseUntil: now + 120) == nil)
        let second = try #require(try await subject.store.claimJob(at: now + 61, leaseUntil: now + 200))
        #expect(second.id == first.id && second.attempts == 2)
        // The first taker, back late, changes nothing.
        try await subject.store.finishJob(first, at: now + 62)
        try await subject.store.putBackJob(first, error: "late", retryAt: nil, at: now + 62)
        #expect(try await subject.store.jobCounts() == (1, 0))
        // Put back with a pause: not due before it ends.
        try await subject.store.putBackJob(second, error: "gateway down", retryAt: now + 70, at: now + 63)
        #expect(try await subject.store.claimJob(at: now + 69, leaseUntil: now + 300) == nil)
        let third = try #require(try await subject.store.claimJob(at: now + 70, leaseUntil: now + 300))
        #expect(third.attempts == 3)
        try await subject.store.finishJob(third, at: now + 71)
        #expect(try await subject.store.jobCounts() == (0, 0))
        #expect(try await subject.store.claimJob(at: now + 1_000, leaseUntil: now + 2_000) == nil)

        // A job given up is failed for good.
        try await subject.store.enqueueJob(.sendSMS(SMSMessageID()), at: now)
        let lost = try #require(try await subject.store.claimJob(at: now + 80, leaseUntil: now + 90))
        try await subject.store.putBackJob(lost, error: "a day passed", retryAt: nil, at: now + 81)
        #expect(try await subject.store.jobCounts() == (0, 1))
        #expect(try await subject.store.claimJob(at: now + 1_000, leaseUntil: now + 2_000) == nil)

        // Finished jobs are forgotten once old enough: the one done at +71 first, the one given up at +81 next.
        try await subject.store.enqueueJob(.sendSMS(SMSMessageID()), at: now + 90)
        #expect(try await subject.store.forgetFinishedJobs(before: now + 75) == 1)
        #expect(try await subject.store.jobCounts() == (1, 1))
        #expect(try await subject.store.forgetFinishedJobs(before: now + 10_000) == 1)
        #expect(try await subject.store.jobCounts() == (1, 0))
    }

    @Test("A driver's SMS are taken one after another in their order, other drivers' meanwhile; a report's notices likewise; a kind left out waits", arguments: ServerStoreBackend.allCases)
    func jobsOfOneSequenceWaitTheirTurn(_ backend: ServerStoreBackend) async throws {
        let subject = try await backend.make()
        let (ann, detector, messages) = try await Self.twoCrashesOfAnnOneOfBob(subject)
        let report = ReportID()
        try await subject.store.enqueueJob(.notifyInsurer(owner: ann, report: report), at: referenceDate)
        try await subject.store.enqueueJob(.notifyInsurer(owner: ann, report: report), at: referenceDate)
        let store = subject.store
        func claim(_ at: TimeInterval, excluding: Set<JobKind> = []) async throws -> ClaimedJob? {
            try await store.claimJob(at: referenceDate + at, leaseUntil: referenceDate + at + 60, excluding: excluding)
        }

        // Ann's first SMS, then Bob's (Ann's second waits for her first), then the report's first notice; nothing else.
        let annFirst = try #require(try await claim(1))
        #expect(annFirst.job == .sendSMS(messages[0].id))
        #expect(try await claim(1)?.job == .sendSMS(messages[2].id))
        let notice = try #require(try await claim(1))
        #expect(notice.job == .notifyInsurer(owner: ann, report: report))
        #expect(try await claim(1) == nil)
        // Her first fails and waits for its pause: her second still waits behind it.
        try await store.putBackJob(annFirst, error: "gateway down", retryAt: referenceDate + 10, at: referenceDate + 2)
        #expect(try await claim(3) == nil)
        let again = try #require(try await claim(10))
        #expect(again.id == annFirst.id)
        try await store.finishJob(again, at: referenceDate + 11)
        let annSecond = try #require(try await claim(11))
        #expect(annSecond.job == .sendSMS(messages[1].id))

        // The report's second notice follows its first, and not while notices are left out.
        try await store.finishJob(notice, at: referenceDate + 12)
        #expect(try await claim(12, excluding: [.webhook]) == nil)
        let secondNotice = try #require(try await claim(12, excluding: [.sms]))
        #expect(secondNotice.id != notice.id && secondNotice.job == notice.job)

        // A job given up lets the next of its sequence go.
        let draft = Self.draft(4)
        let sms = try Self.sms(for: draft, owner: ann)
        _ = try await store.recordCrash(Self.crash("event-4"), detector: detector, owner: ann, report: draft, sms: sms, at: referenceDate)
        #expect(try await claim(13, excluding: [.webhook]) == nil)
        try await store.putBackJob(annSecond, error: "refused for good", retryAt: nil, at: referenceDate + 14)
        #expect(try await claim(14, excluding: [.webhook])?.job == .sendSMS(sms.id))
    }

    /// Two crash events for Ann and one for Bob, each with its SMS: the messages in that order.
    static func twoCrashesOfAnnOneOfBob(_ subject: ServerStoreUnderTest) async throws -> (ann: AccountID, detector: AccountID, messages: [SMSMessage]) {
        let (ann, bob) = try await twoUsers(subject)
        let detector = try await Self.detector(subject)
        var messages: [SMSMessage] = []
        for (index, owner) in [ann, ann, bob].enumerated() {
            let draft = Self.draft(index + 1)
            let sms = try Self.sms(for: draft, owner: owner)
            _ = try await subject.store.recordCrash(Self.crash("event-\(index + 1)"), detector: detector, owner: owner, report: draft, sms: sms, at: referenceDate)
            messages.append(sms)
        }
        return (ann, detector, messages)
    }

    @Test("Jobs taken in one step: as many of each kind as there is room for, the first of each sequence only, none twice", arguments: ServerStoreBackend.allCases)
    func jobsTakenInOneStep(_ backend: ServerStoreBackend) async throws {
        let subject = try await backend.make()
        let (ann, _, messages) = try await Self.twoCrashesOfAnnOneOfBob(subject)
        let reports = [ReportID(), ReportID(), ReportID()]
        for report in reports { try await subject.store.enqueueJob(.notifyInsurer(owner: ann, report: report), at: referenceDate) }
        let store = subject.store

        // Room for five SMS and two notices: Ann's first and Bob's SMS (Ann's second waits), the two oldest notices.
        let first = try await store.claimJobs(at: referenceDate + 1, leaseUntil: referenceDate + 61, room: [.sms: 5, .webhook: 2])
        #expect(first.map(\.job) == [
            .sendSMS(messages[0].id), .sendSMS(messages[2].id),
            .notifyInsurer(owner: ann, report: reports[0]), .notifyInsurer(owner: ann, report: reports[1]),
        ])
        #expect(first.allSatisfy { $0.attempts == 1 })
        // Leased: not taken again; a kind with no room is not taken at all.
        #expect(try await store.claimJobs(at: referenceDate + 2, leaseUntil: referenceDate + 62, room: [.sms: 5, .webhook: 0]).isEmpty)
        #expect(try await store.claimJobs(at: referenceDate + 2, leaseUntil: referenceDate + 62, room: [.webhook: 5]).map(\.job)
            == [.notifyInsurer(owner: ann, report: reports[2])])
        // Ann's first done: her second goes.
        try await store.finishJob(first[0], at: referenceDate + 3)
        #expect(try await store.claimJobs(at: referenceDate + 3, leaseUntil: referenceDate + 63, room: [.sms: 5]).map(\.job) == [.sendSMS(messages[1].id)])
        // Leases run out: taken again, each once, a second try.
        let again = try await store.claimJobs(at: referenceDate + 70, leaseUntil: referenceDate + 130, room: [.sms: 5, .webhook: 5])
        #expect(Set(again.map(\.id)).count == again.count)
        #expect(again.contains { $0.id == first[1].id && $0.attempts == 2 })
    }

    @Test("The operator's figures: jobs not finished by kind with their oldest's age, tries and last failure; SMS by state; uploads under way and their bytes", arguments: ServerStoreBackend.allCases)
    func operationsFiguresAreCounted(_ backend: ServerStoreBackend) async throws {
        let subject = try await backend.make()
        #expect(try await subject.store.operationsFigures() == SharedFigures())
        let (ann, _, _, sms) = try await Self.crashWithSMS(subject)
        let now = referenceDate.addingTimeInterval(1)
        try await subject.store.enqueueJob(.notifyInsurer(owner: ann, report: ReportID()), at: now)
        try await subject.store.enqueueJob(.notifyInsurer(owner: ann, report: ReportID()), at: now + 5)

        var figures = try await subject.store.operationsFigures()
        #expect(figures.jobs[.sms] == JobBacklog(waiting: 1, oldestQueuedAt: referenceDate, oldestAttempts: 0, oldestError: nil))
        #expect(figures.jobs[.webhook] == JobBacklog(waiting: 2, oldestQueuedAt: now, oldestAttempts: 0, oldestError: nil))
        #expect(figures.sms == [.queued: 1])

        // The SMS job fails once: its try and why are seen; then it is done and gone from the figures.
        let taken = try #require(try await subject.store.claimJob(at: now + 10, leaseUntil: now + 20))
        try await subject.store.putBackJob(taken, error: "the gateway could not be reached", retryAt: now + 12, at: now + 11)
        figures = try await subject.store.operationsFigures()
        #expect(figures.jobs[.sms] == JobBacklog(waiting: 1, oldestQueuedAt: referenceDate, oldestAttempts: 1, oldestError: "the gateway could not be reached"))
        let again = try #require(try await subject.store.claimJob(at: now + 12, leaseUntil: now + 20))
        try await subject.store.finishJob(again, at: now + 13)
        _ = try await subject.store.updateSMS(sms.id, to: .delivered, detail: nil, at: now + 14)
        let upload = PartialUpload(id: UploadID(), owner: ann, contentHash: .stub("e"), expectedLength: 4_000, offset: 0, startedAt: now)
        _ = try await subject.store.beginUpload(upload)
        try await subject.store.setOffset(1_500, of: upload.id)
        figures = try await subject.store.operationsFigures()
        #expect(figures.jobs[.sms] == nil)
        #expect(figures.jobs[.webhook]?.waiting == 2)
        #expect(figures.sms == [.delivered: 1])
        #expect(figures.openUploads == 1 && figures.openUploadBytes == 1_500)
    }

    @Test("A save queues its job in the same step; a refused save queues nothing", arguments: ServerStoreBackend.allCases)
    func aSaveQueuesItsJob(_ backend: ServerStoreBackend) async throws {
        let subject = try await backend.make()
        let (ann, _) = try await Self.twoUsers(subject)
        let report = CrashReport.stub(note: "first")
        let stored = try await subject.store.save(report, owner: ann, queueing: .notifyInsurer(owner: ann, report: report.id))
        #expect(try await subject.store.jobCounts() == (1, 0))
        let job = try #require(try await subject.store.claimJob(at: stored.updatedAt + 1, leaseUntil: stored.updatedAt + 60))
        #expect(job.job == .notifyInsurer(owner: ann, report: report.id))
        // A stale save (revision 0 again) is refused, and its job with it.
        await #expect(throws: ReportError.self) {
            try await subject.store.save(report, owner: ann, queueing: .notifyInsurer(owner: ann, report: report.id))
        }
        #expect(try await subject.store.jobCounts() == (1, 0))
    }

    @Test("A completed report naming a photo waits for its PDF; its first PDF queues the job given, a later one nothing", arguments: ServerStoreBackend.allCases)
    func theFirstDocumentQueuesItsJob(_ backend: ServerStoreBackend) async throws {
        let subject = try await backend.make()
        let (ann, bob) = try await Self.twoUsers(subject)
        let photo = Domain.Photo.stub(contentHash: .stub("a"))
        var report = CrashReport.stub(photos: [photo])
        let draft = try await subject.store.save(report, owner: ann)
        // A draft is no claim waiting: only completed reports are listed, and only the owner's.
        #expect(try await subject.store.completedReportsWithoutDocument(naming: .stub("a"), owner: ann).isEmpty)
        report = draft
        try report.complete(at: referenceDate)
        let completed = try await subject.store.save(report, owner: ann)
        #expect(try await subject.store.completedReportsWithoutDocument(naming: .stub("a"), owner: ann) == [completed.id])
        #expect(try await subject.store.completedReportsWithoutDocument(naming: .stub("b"), owner: ann).isEmpty)
        #expect(try await subject.store.completedReportsWithoutDocument(naming: .stub("a"), owner: bob).isEmpty)

        let job = ServerJob.tellDocumentsComplete(owner: ann, report: completed.id)
        #expect(try await subject.store.setDocument(.stub("d"), for: completed.id, owner: ann, queueingIfFirst: job, at: referenceDate) == nil)
        #expect(try await subject.store.jobCounts() == (1, 0))
        let claimed = try #require(try await subject.store.claimJob(at: referenceDate + 1, leaseUntil: referenceDate + 60))
        #expect(claimed.job == job)
        // Recorded: no longer waiting; a second PDF (drawn again) is its next version, and queues the job announcing
        // it, not the first's again.
        #expect(try await subject.store.completedReportsWithoutDocument(naming: .stub("a"), owner: ann).isEmpty)
        #expect(try await subject.store.setDocument(.stub("e"), for: completed.id, owner: ann, queueingIfFirst: job, at: referenceDate) == .stub("d"))
        // Told after the report's earlier events (the same sequence): once the first is finished.
        #expect(try await subject.store.claimJob(at: referenceDate + 2, leaseUntil: referenceDate + 60) == nil)
        try await subject.store.finishJob(claimed, at: referenceDate + 2)
        let announced = try #require(try await subject.store.claimJob(at: referenceDate + 2, leaseUntil: referenceDate + 60))
        #expect(announced.job == .announceDocumentVersion(owner: ann, report: completed.id, number: 2))
        #expect(try await subject.store.claimJob(at: referenceDate + 3, leaseUntil: referenceDate + 60) == nil)
    }

    @Test("An SMS moves forward only: accepted, then delivered or failed, never back", arguments: ServerStoreBackend.allCases)
    func smsStatesMoveForward(_ backend: ServerStoreBackend) async throws {
        let subject = try await backend.make()
        let (_, _, _, sms) = try await Self.crashWithSMS(subject)
        let later = referenceDate.addingTimeInterval(10)
        let accepted = try await subject.store.updateSMS(sms.id, to: .accepted, detail: "0: Accepted for delivery", at: later)
        #expect(accepted?.state == .accepted && accepted?.detail == "0: Accepted for delivery" && accepted?.updatedAt == later)
        #expect(accepted?.before == .queued && accepted?.movedOn == true)
        let delivered = try await subject.store.updateSMS(sms.id, to: .delivered, detail: "stat:DELIVRD", at: later + 5)
        #expect(delivered?.state == .delivered && delivered?.before == .accepted && delivered?.movedOn == true)
        // A second report of the same state moves nothing on (counted once).
        let again = try await subject.store.updateSMS(sms.id, to: .delivered, detail: "stat:DELIVRD", at: later + 5)
        #expect(again?.state == .delivered && again?.before == .delivered && again?.movedOn == false)
        #expect(try await subject.store.updateSMS(sms.id, to: .accepted, detail: "late", at: later + 6)?.state == .delivered)
        #expect(try await subject.store.updateSMS(sms.id, to: .failed, detail: "late", at: later + 6)?.state == .delivered)
        let stored = try #require(try await subject.store.smsMessage(sms.id))
        #expect(stored.state == .delivered && stored.detail == "stat:DELIVRD" && stored.updatedAt == later + 5)
        #expect(stored.text == sms.text && stored.recipient == sms.recipient && stored.reportDigests == sms.reportDigests)
        #expect(try await subject.store.updateSMS(SMSMessageID(), to: .delivered, detail: nil, at: later) == nil)
    }

    @Test("The same crash event sent again returns the first receipt and stores nothing", arguments: ServerStoreBackend.allCases)
    func aRepeatedCrashEventStoresNothing(_ backend: ServerStoreBackend) async throws {
        let subject = try await backend.make()
        let (ann, _) = try await Self.twoUsers(subject)
        let detector = try await Self.detector(subject)
        let first = try await subject.store.recordCrash(
            Self.crash(), detector: detector, owner: ann, report: Self.draft(1), sms: nil, at: referenceDate
        )
        let again = Self.draft(2)
        let second = try await subject.store.recordCrash(
            Self.crash(), detector: detector, owner: ann, report: again, sms: nil, at: referenceDate.addingTimeInterval(5)
        )
        #expect(second.isNew == false)
        #expect(second.receipt == first.receipt)
        #expect(try await subject.store.reports(owner: ann).map(\.id) == [first.receipt.reportID])
        #expect(try await subject.store.report(again.id, owner: ann) == nil)
        // The second delivery's crash ID was never issued.
        try await subject.store.recordCrashID(again.crashID, owner: ann, at: referenceDate)
    }

    @Test("Ten deliveries of one crash event at once make one receipt, one report and one crash ID", arguments: ServerStoreBackend.allCases)
    func concurrentDeliveriesMakeOneReceipt(_ backend: ServerStoreBackend) async throws {
        let subject = try await backend.make()
        let (ann, _) = try await Self.twoUsers(subject)
        let detector = try await Self.detector(subject)
        let crash = try Self.crash("event-race")
        let drafts = (0..<10).map(Self.draft)

        let results = try await withThrowingTaskGroup(of: (receipt: CrashEventReceipt, isNew: Bool).self) { group in
            for draft in drafts {
                group.addTask {
                    try await subject.store.recordCrash(crash, detector: detector, owner: ann, report: draft, sms: nil, at: referenceDate)
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 10)
        let winners = results.filter(\.isNew)
        try #require(winners.count == 1)
        let receipt = winners[0].receipt
        #expect(results.allSatisfy { $0.receipt == receipt })
        #expect(try await subject.store.reports(owner: ann).map(\.id) == [receipt.reportID])
        for draft in drafts where draft.crashID != receipt.crashID {
            try await subject.store.recordCrashID(draft.crashID, owner: ann, at: referenceDate)
        }
        await #expect(throws: ServerStoreError.crashIDTaken(receipt.crashID)) {
            try await subject.store.recordCrashID(receipt.crashID, owner: ann, at: referenceDate)
        }
    }

    @Test("Two detectors may use the same event id: each event is its own", arguments: ServerStoreBackend.allCases)
    func eventIDsBelongToTheirDetector(_ backend: ServerStoreBackend) async throws {
        let subject = try await backend.make()
        let (ann, _) = try await Self.twoUsers(subject)
        let one = try await Self.detector(subject, name: "one")
        let two = try await Self.detector(subject, name: "two")
        let first = try await subject.store.recordCrash(Self.crash(), detector: one, owner: ann, report: Self.draft(1), sms: nil, at: referenceDate)
        let second = try await subject.store.recordCrash(Self.crash(), detector: two, owner: ann, report: Self.draft(2), sms: nil, at: referenceDate)
        #expect(first.isNew && second.isNew)
        #expect(first.receipt != second.receipt)
        #expect(try await subject.store.receipt(eventID: "event-1", detector: two) == second.receipt)
    }

    @Test("A crash event whose crash ID was issued before is refused and stores nothing", arguments: ServerStoreBackend.allCases)
    func aCrashEventWithATakenCrashIDStoresNothing(_ backend: ServerStoreBackend) async throws {
        let subject = try await backend.make()
        let (ann, bob) = try await Self.twoUsers(subject)
        let detector = try await Self.detector(subject)
        let draft = Self.draft(1)
        try await subject.store.recordCrashID(draft.crashID, owner: bob, at: referenceDate)
        await #expect(throws: ServerStoreError.crashIDTaken(draft.crashID)) {
            try await subject.store.recordCrash(Self.crash(), detector: detector, owner: ann, report: draft, sms: nil, at: referenceDate)
        }
        #expect(try await subject.store.receipt(eventID: "event-1", detector: detector) == nil)
        #expect(try await subject.store.reports(owner: ann).isEmpty)
        // Drawing another crash ID goes through.
        let retry = try await subject.store.recordCrash(
            Self.crash(), detector: detector, owner: ann, report: Self.draft(2), sms: nil, at: referenceDate
        )
        #expect(retry.isNew)
    }

    // MARK: - Reports: revisions

    @Test("Each save stores the next revision; a stale save is refused with the stored version", arguments: ServerStoreBackend.allCases)
    func savesAreCheckedByRevision(_ backend: ServerStoreBackend) async throws {
        let subject = try await backend.make()
        let (ann, _) = try await Self.twoUsers(subject)
        let report = CrashReport.stub(note: "first")
        let first = try await subject.store.save(report, owner: ann)
        #expect(first == report.stored(atRevision: 1))
        let second = try await subject.store.save(Self.edited(first, note: "second"), owner: ann)
        #expect(second.revision == 2 && second.otherDriverNote == "second")
        #expect(try await subject.store.report(report.id, owner: ann) == second)

        await #expect(throws: ReportError.conflict(report.id, current: second)) {
            try await subject.store.save(Self.edited(first, note: "stale"), owner: ann)
        }
        await #expect(throws: ReportError.conflict(report.id, current: second)) {
            try await subject.store.save(report, owner: ann)
        }
        #expect(try await subject.store.report(report.id, owner: ann) == second)
    }

    @Test("A save after the report was deleted is refused with no current version", arguments: ServerStoreBackend.allCases)
    func aSaveAfterDeletionConflicts(_ backend: ServerStoreBackend) async throws {
        let subject = try await backend.make()
        let (ann, _) = try await Self.twoUsers(subject)
        let stored = try await subject.store.save(CrashReport.stub(), owner: ann)
        #expect(try await subject.store.delete(stored.id, owner: ann) == stored)
        #expect(try await subject.store.delete(stored.id, owner: ann) == nil)
        await #expect(throws: ReportError.conflict(stored.id, current: nil)) {
            try await subject.store.save(Self.edited(stored, note: "too late"), owner: ann)
        }
        #expect(try await subject.store.report(stored.id, owner: ann) == nil)
    }

    @Test("Of thirty saves made from one read at once, exactly one is stored", arguments: ServerStoreBackend.allCases)
    func concurrentSavesHaveOneWinner(_ backend: ServerStoreBackend) async throws {
        let subject = try await backend.make()
        let (ann, _) = try await Self.twoUsers(subject)
        let read = try await subject.store.save(CrashReport.stub(), owner: ann)
        let edits = try (0..<30).map { try Self.edited(read, note: "edit \($0)") }

        let outcomes = await withTaskGroup(of: Result<CrashReport, ReportError>?.self) { group in
            for edit in edits {
                group.addTask {
                    do {
                        return .success(try await subject.store.save(edit, owner: ann))
                    } catch let error as ReportError {
                        return .failure(error)
                    } catch {
                        Issue.record("unexpected \(error)")
                        return nil
                    }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        let winners = outcomes.compactMap { try? $0?.get() }
        try #require(winners.count == 1)
        let winner = winners[0]
        #expect(winner.revision == 2)
        let conflicts = outcomes.compactMap { outcome -> ReportError? in
            if case let .failure(error)? = outcome { error } else { nil }
        }
        #expect(conflicts.count == 29)
        #expect(conflicts.allSatisfy { $0 == .conflict(read.id, current: winner) })
        #expect(try await subject.store.report(read.id, owner: ann) == winner)
    }

    @Test("Reports are listed most recently changed first", arguments: ServerStoreBackend.allCases)
    func reportsAreListedNewestFirst(_ backend: ServerStoreBackend) async throws {
        let subject = try await backend.make()
        let (ann, _) = try await Self.twoUsers(subject)
        let old = CrashReport.stub(createdAt: referenceDate)
        let newest = CrashReport.stub(createdAt: referenceDate.addingTimeInterval(7_200))
        let middle = CrashReport.stub(createdAt: referenceDate.addingTimeInterval(3_600))
        // Changed at the same moment as `middle`: the greater id comes first.
        let twin = CrashReport.stub(createdAt: middle.createdAt)
        for report in [old, newest, middle, twin] {
            _ = try await subject.store.save(report, owner: ann)
        }
        let tied = [middle.id, twin.id].sorted(by: >)
        #expect(try await subject.store.reports(owner: ann).map(\.id) == [newest.id] + tied + [old.id])
        #expect(try await subject.store.reports(owner: ann).map(\.revision) == [1, 1, 1, 1])
    }

    // MARK: - Reports: changes

    @Test("Changes come in the order they were made: a report changed again moves to its new place, a deletion is an id", arguments: ServerStoreBackend.allCases)
    func changesComeInOrder(_ backend: ServerStoreBackend) async throws {
        let subject = try await backend.make()
        let (ann, bob) = try await Self.twoUsers(subject)
        let first = try await subject.store.save(CrashReport.stub(), owner: ann)
        let second = try await subject.store.save(CrashReport.stub(), owner: ann)
        let third = try await subject.store.save(CrashReport.stub(), owner: ann)
        _ = try await subject.store.save(CrashReport.stub(), owner: bob)

        let all = try await subject.store.changes(owner: ann, since: 0, limit: 100)
        #expect(all.changes.map(\.id) == [first.id, second.id, third.id])
        #expect(all.changes.map(\.sequence) == all.changes.map(\.sequence).sorted())
        #expect(Set(all.changes.map(\.sequence)).count == 3)
        #expect(try all.changes[0].body == Self.wireJSON(first))
        let cursor = try #require(all.changes.last?.sequence)

        #expect(try await subject.store.changes(owner: ann, since: cursor, limit: 100).changes.isEmpty)
        let edited = try await subject.store.save(Self.edited(first, note: "moved on"), owner: ann)
        _ = try await subject.store.delete(second.id, owner: ann)
        let since = try await subject.store.changes(owner: ann, since: cursor, limit: 100)
        #expect(since.changes.map(\.id) == [first.id, second.id])
        #expect(try since.changes[0].body == Self.wireJSON(edited))
        #expect(since.changes[1].body == nil)
        // From the first change: each report once, at its latest change, and the deletion.
        let again = try await subject.store.changes(owner: ann, since: 0, limit: 100)
        #expect(again.changes.map(\.id) == [third.id, first.id, second.id])
        // A page of two, then the rest from where it ended.
        let page = try await subject.store.changes(owner: ann, since: 0, limit: 2)
        #expect(page.changes.map(\.id) == [third.id, first.id])
        #expect(try await subject.store.changes(owner: ann, since: page.changes[1].sequence, limit: 2).changes.map(\.id) == [second.id])
        // The stored bytes and their change number, as a read serves them.
        let stored = try #require(try await subject.store.storedReport(first.id, owner: ann))
        #expect(try stored.body == Self.wireJSON(edited))
        #expect(stored.sequence == since.changes[0].sequence)
        #expect(try await subject.store.storedReport(first.id, owner: bob) == nil)
        #expect(try await subject.store.storedReport(second.id, owner: ann) == nil)
    }

    @Test("A report stored again under a deleted id is a report again, and old deletions are forgotten with a mark", arguments: ServerStoreBackend.allCases)
    func deletionsAreRevivedAndForgotten(_ backend: ServerStoreBackend) async throws {
        let subject = try await backend.make()
        let (ann, bob) = try await Self.twoUsers(subject)
        let kept = try await subject.store.save(CrashReport.stub(), owner: ann)
        let gone = try await subject.store.save(CrashReport.stub(), owner: ann)
        let back = try await subject.store.save(CrashReport.stub(), owner: ann)
        let bobs = try await subject.store.save(CrashReport.stub(), owner: bob)
        for id in [gone.id, back.id] { _ = try await subject.store.delete(id, owner: ann) }
        _ = try await subject.store.delete(bobs.id, owner: bob)
        _ = try await subject.store.save(back.stored(atRevision: 0), owner: ann)
        let changes = try await subject.store.changes(owner: ann, since: 0, limit: 100)
        #expect(changes.changes.map(\.id) == [kept.id, gone.id, back.id])
        #expect(changes.changes.map { $0.body == nil } == [false, true, false])
        #expect(changes.forgottenThrough == 0)

        // Keeping the newest none forgets both users' deletions; a deletion younger than the date with room is kept.
        #expect(try await subject.store.forgetDeletions(before: referenceDate.addingTimeInterval(-86_400), keeping: 10) == 0)
        #expect(try await subject.store.forgetDeletions(before: referenceDate.addingTimeInterval(-86_400), keeping: 0) == 2)
        let after = try await subject.store.changes(owner: ann, since: 0, limit: 100)
        #expect(after.changes.map(\.id) == [kept.id, back.id])
        #expect(after.forgottenThrough == changes.changes[1].sequence)
        #expect(try await subject.store.changes(owner: bob, since: 0, limit: 100).forgottenThrough > 0)
    }

    @Test("Times are kept to the microsecond, and what a save returns is what a read gives back", arguments: ServerStoreBackend.allCases)
    func aSaveReturnsWhatAReadGives(_ backend: ServerStoreBackend) async throws {
        let subject = try await backend.make()
        let (ann, _) = try await Self.twoUsers(subject)
        let report = CrashReport.stub(createdAt: Date(timeIntervalSince1970: 1_795_000_000.123_456_7))
        let stored = try await subject.store.save(report, owner: ann)
        #expect(try await subject.store.report(report.id, owner: ann) == stored)
        #expect(abs(stored.createdAt.timeIntervalSince(report.createdAt)) < 0.000_001)
    }

    // MARK: - Reports: isolation

    @Test("Another user's report is not there: not listed, read, saved over, deleted or given a document", arguments: ServerStoreBackend.allCases)
    func reportsAreIsolatedByOwner(_ backend: ServerStoreBackend) async throws {
        let subject = try await backend.make()
        let (ann, bob) = try await Self.twoUsers(subject)
        let annsReport = try await subject.store.save(CrashReport.stub(note: "ann's"), owner: ann)
        try await subject.store.setDocument(.stub("d"), for: annsReport.id, owner: ann)

        #expect(try await subject.store.reports(owner: bob).isEmpty)
        #expect(try await subject.store.report(annsReport.id, owner: bob) == nil)
        #expect(try await subject.store.document(for: annsReport.id, owner: bob) == nil)
        #expect(try await subject.store.delete(annsReport.id, owner: bob) == nil)
        await #expect(throws: ServerStoreError.reportNotFound(annsReport.id)) {
            try await subject.store.setDocument(.stub("e"), for: annsReport.id, owner: bob)
        }
        // Saving over it from Bob's side finds no report of Bob's: the conflict carries nothing of Ann's.
        await #expect(throws: ReportError.conflict(annsReport.id, current: nil)) {
            try await subject.store.save(Self.edited(annsReport, note: "bob's edit"), owner: bob)
        }

        // Bob may even hold a report with the same id: each user's is their own.
        let bobsCopy = CrashReport.stub(id: annsReport.id, crashID: .stub("CR-BOBS2345"), note: "bob's")
        let bobsReport = try await subject.store.save(bobsCopy, owner: bob)
        #expect(bobsReport.revision == 1)
        #expect(try await subject.store.report(annsReport.id, owner: ann) == annsReport)
        #expect(try await subject.store.report(annsReport.id, owner: bob) == bobsReport)
        #expect(try await subject.store.reports(owner: ann) == [annsReport])
        #expect(try await subject.store.reports(owner: bob) == [bobsReport])
        #expect(try await subject.store.document(for: annsReport.id, owner: bob) == nil)

        #expect(try await subject.store.delete(annsReport.id, owner: bob) == bobsReport)
        #expect(try await subject.store.report(annsReport.id, owner: ann) == annsReport)
        #expect(try await subject.store.document(for: annsReport.id, owner: ann) == .stub("d"))
    }

    // MARK: - Reports: documents

    @Test("A submitted report's PDF keeps every version: numbered, with its reason, time and revision; erasing the driver removes them all", arguments: ServerStoreBackend.allCases)
    func documentVersionsAreKept(_ backend: ServerStoreBackend) async throws {
        let subject = try await backend.make()
        let (ann, _) = try await Self.twoUsers(subject)
        var report = CrashReport.stub(injuries: [.myself])
        try report.complete(at: referenceDate)
        let stored = try await subject.store.save(report, owner: ann)
        let first = referenceDate.addingTimeInterval(10), second = referenceDate.addingTimeInterval(20)
        try await subject.store.setDocument(.stub("1"), for: stored.id, owner: ann, queueingIfFirst: nil, at: first)
        let claim = try #require(try await subject.store.claim(of: stored.id, owner: ann))
        let acknowledgement = try ClaimAcknowledgement(claimNumber: "CL-1", message: "", acknowledgedAt: second, handler: "hana")
        let write = try await subject.store.acknowledge(
            claim.id, with: acknowledgement, document: .stub("2"), drawnAt: claim.report.revision, queueingIfFirst: nil, at: second
        )
        guard case let .stored(acknowledged, replaced) = write else {
            Issue.record("the acknowledgement was not stored: \(String(describing: write))")
            return
        }
        #expect(replaced == .stub("1"))
        let versions = try await subject.store.documentVersions(of: stored.id, owner: ann)
        #expect(versions == [
            DocumentVersion(number: 1, sha256: .stub("1"), revision: stored.revision, createdAt: first, reason: .submitted),
            DocumentVersion(number: 2, sha256: .stub("2"), revision: acknowledged.report.revision, createdAt: second, reason: .acknowledged),
        ])
        #expect(try await subject.store.document(for: stored.id, owner: ann) == .stub("2"))
        #expect(try await subject.store.isDocumentRecorded(.stub("1")))
        #expect(try await subject.store.isDocumentRecorded(.stub("2")))

        let erased = try #require(try await subject.store.eraseAccount(name: "ann", kind: .user))
        #expect(Set(erased.documents) == [.stub("1"), .stub("2")])
        #expect(try await !subject.store.isDocumentRecorded(.stub("1")))
        #expect(try await subject.store.documentVersions(of: stored.id, owner: ann).isEmpty)
    }

    @Test("A report's document is recorded, replaced and deleted with the report", arguments: ServerStoreBackend.allCases)
    func documentsFollowTheirReport(_ backend: ServerStoreBackend) async throws {
        let subject = try await backend.make()
        let (ann, _) = try await Self.twoUsers(subject)
        let stored = try await subject.store.save(CrashReport.stub(), owner: ann)
        #expect(try await subject.store.document(for: stored.id, owner: ann) == nil)
        #expect(try await subject.store.setDocument(.stub("1"), for: stored.id, owner: ann) == nil)
        #expect(try await subject.store.document(for: stored.id, owner: ann) == .stub("1"))
        #expect(try await subject.store.setDocument(.stub("2"), for: stored.id, owner: ann) == .stub("1"))
        #expect(try await subject.store.document(for: stored.id, owner: ann) == .stub("2"))
        #expect(try await subject.store.isDocumentRecorded(.stub("2")))
        // The first stays, as the first version: a PDF once named never changes and is never let go of alone.
        #expect(try await subject.store.isDocumentRecorded(.stub("1")))
        #expect(try await subject.store.setDocument(.stub("2"), for: stored.id, owner: ann) == nil)
        #expect(try await subject.store.documentVersions(of: stored.id, owner: ann).map(\.sha256) == [.stub("1"), .stub("2")])

        #expect(try await subject.store.delete(stored.id, owner: ann) == stored)
        #expect(try await !subject.store.isDocumentRecorded(.stub("2")))
        #expect(try await !subject.store.isDocumentRecorded(.stub("1")))
        #expect(try await subject.store.documentVersions(of: stored.id, owner: ann).isEmpty)
        #expect(try await subject.store.document(for: stored.id, owner: ann) == nil)
        _ = try await subject.store.save(CrashReport.stub(id: stored.id), owner: ann)
        #expect(try await subject.store.document(for: stored.id, owner: ann) == nil)
        let unknown = ReportID()
        await #expect(throws: ServerStoreError.reportNotFound(unknown)) {
            try await subject.store.setDocument(.stub("3"), for: unknown, owner: ann)
        }
    }

    // MARK: - Reports: damage

    @Test("A stored report that cannot be read back is refused naming the field", arguments: ServerStoreBackend.allCases)
    func aDamagedReportIsRefusedNamingTheField(_ backend: ServerStoreBackend) async throws {
        let subject = try await backend.make()
        let (ann, _) = try await Self.twoUsers(subject)
        let stored = try await subject.store.save(CrashReport.stub(), owner: ann)
        let json = try Self.wireJSON(stored)
        let cases: [(body: String, field: String)] = [
            (json.replacingOccurrences(of: "\"crashId\":\"\(stored.crashID)\"", with: "\"crashId\":\"no spaces allowed\""), "crashId"),
            (json.replacingOccurrences(of: "\"createdAt\":\"", with: "\"createdAt\":\"yesterday "), "createdAt"),
            (json.replacingOccurrences(of: "\"revision\":1", with: "\"revision\":-1"), "revision"),
            (String(json.dropLast(20)), "(the whole body)"),
        ]
        for (body, field) in cases {
            try #require(body != json)
            try await subject.damageReport(stored.id, ann, body)
            for read in [
                { try await subject.store.report(stored.id, owner: ann) },
                { try await subject.store.reports(owner: ann).first },
                { try await subject.store.save(stored, owner: ann) },
            ] as [@Sendable () async throws -> CrashReport?] {
                let error = try await #require(throws: ServerStoreError.self) { try await read() }
                guard case let .damagedRecord(table, reason) = error else {
                    Issue.record("expected damagedRecord, got \(error)")
                    continue
                }
                #expect(table == "reports")
                #expect(reason.contains(field), "\(reason)")
                #expect(reason.contains(stored.id.description), "\(reason)")
            }
        }
    }

    // MARK: - Photos

    @Test("Recording a photo twice changes nothing, and another user has not uploaded it", arguments: ServerStoreBackend.allCases)
    func recordingAPhotoIsIdempotentPerOwner(_ backend: ServerStoreBackend) async throws {
        let subject = try await backend.make()
        let (ann, bob) = try await Self.twoUsers(subject)
        let photo = StoredPhoto(contentHash: .stub("a"), mediaType: .png, byteCount: 4_194_304)
        #expect(try await subject.store.recordPhoto(photo, owner: ann, at: referenceDate))
        #expect(try await subject.store.recordPhoto(photo, owner: ann, at: referenceDate.addingTimeInterval(60)) == false)
        #expect(try await subject.store.photo(.stub("a"), owner: ann) == photo)
        #expect(try await subject.store.photo(.stub("a"), owner: bob) == nil)
        #expect(try await subject.store.photo(.stub("b"), owner: ann) == nil)
        // The same bytes uploaded by Bob are new for Bob.
        #expect(try await subject.store.recordPhoto(photo, owner: bob, at: referenceDate))
    }

    @Test("The photos a user has not uploaded are listed in the order given", arguments: ServerStoreBackend.allCases)
    func missingPhotosKeepTheGivenOrder(_ backend: ServerStoreBackend) async throws {
        let subject = try await backend.make()
        let (ann, bob) = try await Self.twoUsers(subject)
        for digit: Character in ["2", "4"] {
            try await subject.store.recordPhoto(
                StoredPhoto(contentHash: .stub(digit), mediaType: .jpeg, byteCount: 10), owner: ann, at: referenceDate
            )
        }
        let asked: [ContentHash] = [.stub("5"), .stub("2"), .stub("1"), .stub("4"), .stub("3")]
        #expect(try await subject.store.missingPhotos(asked, owner: ann) == [.stub("5"), .stub("1"), .stub("3")])
        #expect(try await subject.store.missingPhotos(asked, owner: bob) == asked)
        #expect(try await subject.store.missingPhotos([], owner: ann) == [])
    }

    // MARK: - Uploads

    @Test("An upload begins, moves its offset, is replaced by a new one of the same bytes, and ends", arguments: ServerStoreBackend.allCases)
    func uploadsBeginReplaceAndEnd(_ backend: ServerStoreBackend) async throws {
        let subject = try await backend.make()
        let (ann, bob) = try await Self.twoUsers(subject)
        let started = Date(timeIntervalSinceReferenceDate: 815_000_000.5)
        let first = PartialUpload(
            id: UploadID(), owner: ann, contentHash: .stub("c"), expectedLength: 4_000_000, offset: 0, startedAt: started
        )
        #expect(try await subject.store.beginUpload(first) == nil)
        #expect(try await subject.store.partialUpload(.stub("c"), owner: ann) == first)
        #expect(try await subject.store.partialUpload(.stub("c"), owner: bob) == nil)
        #expect(try await subject.store.partialUpload(.stub("d"), owner: ann) == nil)

        try await subject.store.setOffset(3_600_000, of: first.id)
        #expect(try await subject.store.partialUpload(.stub("c"), owner: ann)?.offset == 3_600_000)

        // Bob's upload of the same bytes is his own, and replaces nothing of Ann's.
        let bobs = PartialUpload(
            id: UploadID(), owner: bob, contentHash: .stub("c"), expectedLength: 4_000_000, offset: 0, startedAt: started
        )
        #expect(try await subject.store.beginUpload(bobs) == nil)

        let second = PartialUpload(
            id: UploadID(), owner: ann, contentHash: .stub("c"), expectedLength: 4_000_000, offset: 0,
            startedAt: started.addingTimeInterval(30)
        )
        #expect(try await subject.store.beginUpload(second) == first.id)
        #expect(try await subject.store.partialUpload(.stub("c"), owner: ann) == second)
        // The replaced upload's offset no longer moves anything.
        try await subject.store.setOffset(10, of: first.id)
        #expect(try await subject.store.partialUpload(.stub("c"), owner: ann)?.offset == 0)

        try await subject.store.endUpload(second.id)
        #expect(try await subject.store.partialUpload(.stub("c"), owner: ann) == nil)
        #expect(try await subject.store.partialUpload(.stub("c"), owner: bob) == bobs)
        try await subject.store.endUpload(second.id)
    }

    // MARK: - Erasure, expiry, tokens

    @Test("A deleted draft's photos are found named by no other report of the owner; forgetting one says whether others hold it", arguments: ServerStoreBackend.allCases)
    func photosOfADeletedDraft(_ backend: ServerStoreBackend) async throws {
        let subject = try await backend.make()
        let (ann, bob) = try await Self.twoUsers(subject)
        let shared = Photo.stub(contentHash: .stub("1"))
        let only = Photo.stub(contentHash: .stub("2"))
        let draft = try await subject.store.save(CrashReport.stub(photos: [shared, only]), owner: ann)
        _ = try await subject.store.save(CrashReport.stub(photos: [Photo.stub(contentHash: .stub("1"))]), owner: ann)
        for hash in [ContentHash.stub("1"), .stub("2")] {
            _ = try await subject.store.recordPhoto(StoredPhoto(contentHash: hash, mediaType: .jpeg, byteCount: 10), owner: ann, at: referenceDate)
        }
        _ = try await subject.store.recordPhoto(StoredPhoto(contentHash: .stub("2"), mediaType: .jpeg, byteCount: 10), owner: bob, at: referenceDate)

        #expect(try await subject.store.delete(draft.id, owner: ann) == draft)
        #expect(try await subject.store.namesPhoto(.stub("1"), owner: ann))
        #expect(try await !subject.store.namesPhoto(.stub("2"), owner: ann))
        #expect(try await !subject.store.namesPhoto(.stub("1"), owner: bob))

        #expect(try await !subject.store.releasePhoto(.stub("2"), owner: ann, at: referenceDate), "Bob still holds the same bytes")
        #expect(try await subject.store.photo(.stub("2"), owner: ann) == nil)
        #expect(try await subject.store.releasePhoto(.stub("2"), owner: bob, at: referenceDate), "the last holder's bytes are theirs to remove")
        #expect(try await !subject.store.releaseBytes(.stub("1"), at: referenceDate), "Ann still holds photo 1")
    }

    @Test("Bytes nobody holds are marked while removed: no upload of them begins until they are gone; an upload under way holds them", arguments: ServerStoreBackend.allCases)
    func bytesBeingRemovedKeepUploadsOut(_ backend: ServerStoreBackend) async throws {
        let subject = try await backend.make()
        let (ann, bob) = try await Self.twoUsers(subject)
        _ = try await subject.store.recordPhoto(StoredPhoto(contentHash: .stub("1"), mediaType: .jpeg, byteCount: 10), owner: ann, at: referenceDate)
        // Bob's upload of the same bytes is under way: Ann's release leaves them (his upload may be storing them).
        let bobs = PartialUpload(id: UploadID(), owner: bob, contentHash: .stub("1"), expectedLength: 10, offset: 0, startedAt: referenceDate)
        _ = try await subject.store.beginUpload(bobs)
        #expect(try await !subject.store.releasePhoto(.stub("1"), owner: ann, at: referenceDate))
        try await subject.store.endUpload(bobs.id)
        // Nobody holds them now: released to the caller, and marked.
        #expect(try await subject.store.releaseBytes(.stub("1"), at: referenceDate))
        let during = PartialUpload(id: UploadID(), owner: bob, contentHash: .stub("1"), expectedLength: 10, offset: 0, startedAt: referenceDate + 1)
        await #expect(throws: ServerRefusal.busy(what: "removals of the same photo", limit: 1, retryAfter: ServerLimits.bytesRemovalRetryAfter)) {
            _ = try await subject.store.beginUpload(during)
        }
        #expect(try await subject.store.partialUpload(.stub("1"), owner: bob) == nil)
        // Other bytes are not held up.
        _ = try await subject.store.beginUpload(PartialUpload(id: UploadID(), owner: bob, contentHash: .stub("2"), expectedLength: 10, offset: 0, startedAt: referenceDate + 1))
        // Once removed, an upload begins again.
        try await subject.store.bytesRemoved(.stub("1"))
        #expect(try await subject.store.beginUpload(during) == nil)
        // A mark left behind by an instance that died is ignored once its bound has passed.
        try await subject.store.endUpload(during.id)
        #expect(try await subject.store.releaseBytes(.stub("1"), at: referenceDate + 10))
        let muchLater = PartialUpload(
            id: UploadID(), owner: ann, contentHash: .stub("1"), expectedLength: 10, offset: 0,
            startedAt: referenceDate + 11 + ServerLimits.bytesRemovalBound
        )
        #expect(try await subject.store.beginUpload(muchLater) == nil)
    }

    @Test("Quotas are taken in the write's own transaction: reports, crash IDs, crash events, uploads and photo bytes stop at the bound", arguments: ServerStoreBackend.allCases)
    func allowancesBoundTheWrites(_ backend: ServerStoreBackend) async throws {
        let subject = try await backend.make()
        let (ann, _) = try await Self.twoUsers(subject)
        let refusal = ServerRefusal.quotaExceeded(what: "test", limit: 2)
        func allowance(_ limit: Int, since: Date? = nil) -> Allowance {
            Allowance(limit: limit, since: since) { _ in refusal }
        }
        // Reports: a new one only while fewer than the bound; an existing one may still change.
        let first = try await subject.store.save(CrashReport.stub(), owner: ann, queueing: nil, within: allowance(2))
        _ = try await subject.store.save(CrashReport.stub(), owner: ann, queueing: nil, within: allowance(2))
        await #expect(throws: refusal) {
            _ = try await subject.store.save(CrashReport.stub(), owner: ann, queueing: nil, within: allowance(2))
        }
        #expect(try await subject.store.reportCount(owner: ann) == 2)
        var changed = first
        try changed.setNote("changed")
        _ = try await subject.store.save(changed, owner: ann, queueing: nil, within: allowance(2))
        // Crash IDs within a window: those before it do not count.
        try await subject.store.recordCrashID(.stub("SRV-QUOTA-1"), owner: ann, at: referenceDate, within: allowance(1, since: referenceDate - 60))
        await #expect(throws: refusal) {
            try await subject.store.recordCrashID(.stub("SRV-QUOTA-2"), owner: ann, at: referenceDate + 1, within: allowance(1, since: referenceDate - 60))
        }
        try await subject.store.recordCrashID(.stub("SRV-QUOTA-3"), owner: ann, at: referenceDate + 2, within: allowance(1, since: referenceDate + 1))
        #expect(try await subject.store.owner(of: .stub("SRV-QUOTA-2")) == nil)
        // Crash events of a detector within a window: the same event again is its first receipt, not counted.
        let detector = try await Self.detector(subject)
        func event(_ index: Int) throws -> (DetectedCrash, CrashReport) {
            (try Self.crash("quota-\(index)"), CrashReport.stub(crashID: .stub("SRV-QEVENT-\(index)"), createdAt: referenceDate))
        }
        let (crash1, report1) = try event(1)
        #expect(try await subject.store.recordCrash(crash1, detector: detector, owner: ann, report: report1, sms: nil, at: referenceDate, within: allowance(1, since: referenceDate - 60)).isNew)
        #expect(try await !subject.store.recordCrash(crash1, detector: detector, owner: ann, report: report1, sms: nil, at: referenceDate, within: allowance(1, since: referenceDate - 60)).isNew)
        let (crash2, report2) = try event(2)
        await #expect(throws: refusal) {
            _ = try await subject.store.recordCrash(crash2, detector: detector, owner: ann, report: report2, sms: nil, at: referenceDate + 1, within: allowance(1, since: referenceDate - 60))
        }
        #expect(try await subject.store.receipt(eventID: "quota-2", detector: detector) == nil)
        #expect(try await subject.store.owner(of: .stub("SRV-QEVENT-2")) == nil)
        // Uploads under way, and the bytes of photos (a photo recorded again takes nothing more).
        for (index, hash) in ["a", "b"].enumerated() {
            _ = try await subject.store.beginUpload(
                PartialUpload(id: UploadID(), owner: ann, contentHash: .stub(Character(hash)), expectedLength: 10, offset: 0, startedAt: referenceDate + Double(index)),
                within: allowance(2)
            )
        }
        await #expect(throws: refusal) {
            _ = try await subject.store.beginUpload(
                PartialUpload(id: UploadID(), owner: ann, contentHash: .stub("c"), expectedLength: 10, offset: 0, startedAt: referenceDate), within: allowance(2)
            )
        }
        _ = try await subject.store.recordPhoto(StoredPhoto(contentHash: .stub("a"), mediaType: .jpeg, byteCount: 60), owner: ann, at: referenceDate, within: allowance(100))
        #expect(try await !subject.store.recordPhoto(StoredPhoto(contentHash: .stub("a"), mediaType: .jpeg, byteCount: 60), owner: ann, at: referenceDate, within: allowance(100)))
        await #expect(throws: refusal) {
            _ = try await subject.store.recordPhoto(StoredPhoto(contentHash: .stub("b"), mediaType: .jpeg, byteCount: 41), owner: ann, at: referenceDate, within: allowance(100))
        }
        #expect(try await subject.store.recordPhoto(StoredPhoto(contentHash: .stub("b"), mediaType: .jpeg, byteCount: 40), owner: ann, at: referenceDate, within: allowance(100)))
        #expect(try await subject.store.usage(of: ann).photoBytes == 100)
    }

    @Test("Of many new reports at once past a quota, exactly as many as it allows are stored", arguments: ServerStoreBackend.allCases)
    func concurrentNewReportsStopAtTheQuota(_ backend: ServerStoreBackend) async throws {
        let subject = try await backend.make()
        let (ann, _) = try await Self.twoUsers(subject)
        let store = subject.store
        let allowance = Allowance(limit: 5, since: nil) { _ in .quotaExceeded(what: "reports", limit: 5) }
        let stored = try await withThrowingTaskGroup(of: Bool.self) { group in
            for _ in 0..<20 {
                group.addTask {
                    do {
                        _ = try await store.save(CrashReport.stub(), owner: ann, queueing: nil, within: allowance)
                        return true
                    } catch ServerRefusal.quotaExceeded {
                        return false
                    }
                }
            }
            return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(stored == 5)
        #expect(try await store.reportCount(owner: ann) == 5)
    }

    @Test("Of many crash events of one detector at once past its rate, exactly as many as it allows are stored, each with its SMS job; the others leave nothing", arguments: ServerStoreBackend.allCases)
    func concurrentCrashEventsStopAtTheRate(_ backend: ServerStoreBackend) async throws {
        let subject = try await backend.make()
        let detector = try await Self.detector(subject)
        let store = subject.store
        // A driver for each event: only the detector's rate holds them back, not a driver's own writes.
        var drivers: [AccountID] = []
        for index in 0..<20 {
            drivers.append(try await store.addAccount(
                name: "driver-\(index)", kind: .user, tokenDigest: TokenDigest(token: "driver-\(index)"), phone: nil, at: referenceDate
            ).id)
        }
        let allowance = Allowance(limit: 5, since: referenceDate - 60) { _ in .quotaExceeded(what: "crash events", limit: 5) }
        let stored = try await withThrowingTaskGroup(of: String?.self) { group in
            for index in 0..<20 {
                group.addTask { [drivers] in
                    let report = CrashReport.stub(crashID: .stub("SRV-STORM-\(index)"), createdAt: referenceDate)
                    do {
                        _ = try await store.recordCrash(
                            try Self.crash("storm-\(index)"), detector: detector, owner: drivers[index], report: report,
                            sms: try Self.sms(for: report, owner: drivers[index]), at: referenceDate, within: allowance
                        )
                        return "storm-\(index)"
                    } catch ServerRefusal.quotaExceeded {
                        return nil
                    }
                }
            }
            return try await group.reduce(into: [String]()) { if let id = $1 { $0.append(id) } }
        }
        #expect(stored.count == 5)
        #expect(try await store.jobCounts() == (5, 0))
        for index in 0..<20 {
            let kept = try await store.receipt(eventID: "storm-\(index)", detector: detector) != nil
            #expect(kept == stored.contains("storm-\(index)"))
            #expect((try await store.owner(of: .stub("SRV-STORM-\(index)")) != nil) == kept)
        }
    }

    @Test("A delivery-report digest is kept per try, the newest four", arguments: ServerStoreBackend.allCases)
    func reportDigestsAreKept(_ backend: ServerStoreBackend) async throws {
        let subject = try await backend.make()
        let (_, _, _, sms) = try await Self.crashWithSMS(subject)
        #expect(sms.reportDigests.isEmpty)
        for index in 1...5 {
            let message = try #require(try await subject.store.addReportDigest(TokenDigest(token: "token-\(index)"), to: sms.id))
            #expect(message.acceptsReport(token: "token-\(index)"))
        }
        let stored = try #require(try await subject.store.smsMessage(sms.id))
        #expect(stored.reportDigests == (2...5).map { TokenDigest(token: "token-\($0)") })
        #expect(!stored.acceptsReport(token: "token-1"))
        #expect(try await subject.store.addReportDigest(TokenDigest(token: "x"), to: SMSMessageID()) == nil)
    }

    @Test("A digest is added only while the message is queued: one the gateway took is given back as it is", arguments: ServerStoreBackend.allCases)
    func aTakenMessageGetsNoNewDigest(_ backend: ServerStoreBackend) async throws {
        let subject = try await backend.make()
        let (_, _, _, sms) = try await Self.crashWithSMS(subject)
        _ = try #require(try await subject.store.addReportDigest(TokenDigest(token: "first"), to: sms.id))
        _ = try await subject.store.updateSMS(sms.id, to: .accepted, detail: "0: Accepted for delivery", at: referenceDate + 1)
        let given = try #require(try await subject.store.addReportDigest(TokenDigest(token: "second"), to: sms.id))
        #expect(given.state == .accepted && given.reportDigests == [TokenDigest(token: "first")])
        #expect(try await subject.store.smsMessage(sms.id)?.reportDigests == [TokenDigest(token: "first")])
    }

    @Test("A hand-off moves the message to accepted, keeps its new words and ends its job, in one step", arguments: ServerStoreBackend.allCases)
    func aHandOffIsRecordedWithItsJob(_ backend: ServerStoreBackend) async throws {
        let subject = try await backend.make()
        let (_, _, _, sms) = try await Self.crashWithSMS(subject)
        let claimed = try #require(try await subject.store.claimJob(at: referenceDate + 1, leaseUntil: referenceDate + 60))
        #expect(claimed.job == .sendSMS(sms.id))
        let update = try #require(try await subject.store.recordHandOff(
            sms.id, detail: "0: Accepted for delivery", text: "words kept", finishing: claimed, at: referenceDate + 2
        ))
        #expect(update.before == .queued && update.state == .accepted && update.movedOn && update.text == "words kept")
        let stored = try #require(try await subject.store.smsMessage(sms.id))
        #expect(stored.state == .accepted && stored.detail == "0: Accepted for delivery" && stored.text == "words kept" && stored.updatedAt == referenceDate + 2)
        // The job is done: not taken again, not even once its lease ran out.
        #expect(try await subject.store.jobCounts() == (0, 0))
        #expect(try await subject.store.claimJob(at: referenceDate + 120, leaseUntil: referenceDate + 180) == nil)
    }

    @Test("A hand-off recorded late moves nothing back, and a stale claim's does not end another worker's job", arguments: ServerStoreBackend.allCases)
    func aLateHandOffKeepsTheLaterState(_ backend: ServerStoreBackend) async throws {
        let subject = try await backend.make()
        let (_, _, _, sms) = try await Self.crashWithSMS(subject)
        let first = try #require(try await subject.store.claimJob(at: referenceDate + 1, leaseUntil: referenceDate + 10))
        // The first claim's lease ran out: another worker holds the job now.
        let second = try #require(try await subject.store.claimJob(at: referenceDate + 11, leaseUntil: referenceDate + 60))
        #expect(second.id == first.id && second.attempts == 2)
        _ = try await subject.store.updateSMS(sms.id, to: .delivered, detail: "stat:DELIVRD", at: referenceDate + 12)
        let update = try #require(try await subject.store.recordHandOff(sms.id, detail: "late", text: sms.text, finishing: first, at: referenceDate + 13))
        #expect(update.state == .delivered && !update.movedOn)
        #expect(try await subject.store.smsMessage(sms.id)?.detail == "stat:DELIVRD")
        #expect(try await subject.store.jobCounts() == (1, 0))
        // The message gone (erased): the job still ends.
        #expect(try await subject.store.recordHandOff(SMSMessageID(), detail: "0", text: "", finishing: second, at: referenceDate + 14) == nil)
        #expect(try await subject.store.jobCounts() == (0, 0))
    }

    @Test("A delivery report's token is checked with its update: a wrong one moves nothing", arguments: ServerStoreBackend.allCases)
    func aReportTokenIsCheckedWithItsUpdate(_ backend: ServerStoreBackend) async throws {
        let subject = try await backend.make()
        let (_, _, _, sms) = try await Self.crashWithSMS(subject)
        _ = try #require(try await subject.store.addReportDigest(TokenDigest(token: "the token"), to: sms.id))
        #expect(try await subject.store.updateSMS(sms.id, to: .delivered, detail: "forged", at: referenceDate + 1, reportToken: "another") == nil)
        #expect(try await subject.store.smsMessage(sms.id)?.state == .queued)
        let update = try await subject.store.updateSMS(sms.id, to: .delivered, detail: "stat:DELIVRD", at: referenceDate + 2, reportToken: "the token")
        #expect(update?.state == .delivered && update?.movedOn == true)
        #expect(try await subject.store.updateSMS(SMSMessageID(), to: .delivered, detail: nil, at: referenceDate + 3, reportToken: "the token") == nil)
    }

    @Test("A completed report cannot be deleted", arguments: ServerStoreBackend.allCases)
    func aCompletedReportIsKept(_ backend: ServerStoreBackend) async throws {
        let subject = try await backend.make()
        let (ann, _) = try await Self.twoUsers(subject)
        let completed = try await subject.store.save(CrashReport.stub(photos: [.stub()], completedAt: referenceDate), owner: ann)
        await #expect(throws: ReportError.readOnly(completed.crashID)) { try await subject.store.delete(completed.id, owner: ann) }
        #expect(try await subject.store.report(completed.id, owner: ann) == completed)
    }

    @Test("Uploads begun before a time are swept, each handed back once; later ones stay", arguments: ServerStoreBackend.allCases)
    func oldUploadsAreSweptOnce(_ backend: ServerStoreBackend) async throws {
        let subject = try await backend.make()
        let (ann, bob) = try await Self.twoUsers(subject)
        let old = PartialUpload(id: UploadID(), owner: ann, contentHash: .stub("a"), expectedLength: 10, offset: 5, startedAt: referenceDate)
        let older = PartialUpload(id: UploadID(), owner: bob, contentHash: .stub("b"), expectedLength: 10, offset: 0, startedAt: referenceDate.addingTimeInterval(-60))
        let fresh = PartialUpload(id: UploadID(), owner: ann, contentHash: .stub("c"), expectedLength: 10, offset: 1, startedAt: referenceDate.addingTimeInterval(3_600))
        for upload in [old, older, fresh] { _ = try await subject.store.beginUpload(upload) }

        let swept = try await subject.store.sweepUploads(startedBefore: referenceDate.addingTimeInterval(1))
        #expect(Set(swept) == [old, older])
        #expect(try await subject.store.sweepUploads(startedBefore: referenceDate.addingTimeInterval(1)).isEmpty)
        #expect(try await subject.store.partialUpload(.stub("a"), owner: ann) == nil)
        #expect(try await subject.store.partialUpload(.stub("c"), owner: ann) == fresh)
    }

    @Test("Erasing an account removes all it owned and hands back what it held; another's data stays", arguments: ServerStoreBackend.allCases)
    func anAccountIsErasedWhole(_ backend: ServerStoreBackend) async throws {
        let subject = try await backend.make()
        let (ann, bob) = try await Self.twoUsers(subject)
        let detector = try await Self.detector(subject)
        let report = try await subject.store.save(CrashReport.stub(photos: [.stub(contentHash: .stub("1"))]), owner: ann)
        try await subject.store.setDocument(.stub("d"), for: report.id, owner: ann)
        _ = try await subject.store.recordPhoto(StoredPhoto(contentHash: .stub("1"), mediaType: .jpeg, byteCount: 10), owner: ann, at: referenceDate)
        let upload = PartialUpload(id: UploadID(), owner: ann, contentHash: .stub("2"), expectedLength: 10, offset: 3, startedAt: referenceDate)
        _ = try await subject.store.beginUpload(upload)
        let draft = Self.draft(1)
        let sms = try Self.sms(for: draft, owner: ann)
        let (receipt, _) = try await subject.store.recordCrash(try Self.crash(), detector: detector, owner: ann, report: draft, sms: sms, at: referenceDate)
        let bobs = try await subject.store.save(CrashReport.stub(note: "bob's"), owner: bob)
        let link = StatementLink(
            digest: TokenDigest(token: "ann-link"), report: report.id, owner: ann, createdAt: referenceDate,
            expiresAt: referenceDate.addingTimeInterval(86_400), usedAt: nil
        )
        try await subject.store.addStatementLink(link, keeping: 5)

        let erased = try #require(try await subject.store.eraseAccount(name: "ann", kind: .user))
        #expect(erased.account.id == ann)
        #expect(erased.reports == 2)
        #expect(erased.photos == [.stub("1")])
        #expect(erased.documents == [.stub("d")])
        #expect(erased.uploads == [upload.id])
        #expect(erased.crashIDs == [receipt.crashID])

        #expect(try await subject.store.account(for: TokenDigest(token: "ann-token")) == nil)
        #expect(try await subject.store.user(named: "ann") == nil)
        #expect(try await subject.store.reports(owner: ann).isEmpty)
        #expect(try await subject.store.releaseBytes(.stub("1"), at: referenceDate), "nobody holds Ann's photo's bytes any more")
        #expect(try await subject.store.partialUpload(.stub("2"), owner: ann) == nil)
        #expect(try await subject.store.receipt(eventID: "event-1", detector: detector) == nil)
        #expect(try await subject.store.smsMessage(sms.id) == nil)
        #expect(try await subject.store.recentSMSMessages(limit: 5).isEmpty)
        #expect(try await subject.store.statementLink(link.digest) == nil)
        #expect(try await subject.store.reports(owner: bob) == [bobs])
        #expect(try await subject.store.eraseAccount(name: "ann", kind: .user) == nil)
        // The name is free again.
        _ = try await subject.store.addAccount(name: "ann", kind: .user, tokenDigest: TokenDigest(token: "ann-again"), phone: nil, at: referenceDate)
    }

    @Test("A token replaced or revoked opens nothing; the new one opens the same account", arguments: ServerStoreBackend.allCases)
    func tokensAreReplacedAndRevoked(_ backend: ServerStoreBackend) async throws {
        let subject = try await backend.make()
        let (ann, _) = try await Self.twoUsers(subject)
        let rotated = try await subject.store.replaceToken(name: "ann", kind: .user, with: TokenDigest(token: "ann-new"))
        #expect(rotated?.id == ann)
        #expect(try await subject.store.account(for: TokenDigest(token: "ann-token")) == nil)
        #expect(try await subject.store.account(for: TokenDigest(token: "ann-new"))?.id == ann)
        #expect(try await subject.store.replaceToken(name: "ann", kind: .user, with: nil)?.id == ann)
        #expect(try await subject.store.account(for: TokenDigest(token: "ann-new")) == nil)
        #expect(try await subject.store.replaceToken(name: "ann", kind: .detector, with: nil) == nil)
        // Two revoked accounts do not collide.
        #expect(try await subject.store.replaceToken(name: "bob", kind: .user, with: nil) != nil)
    }
}
