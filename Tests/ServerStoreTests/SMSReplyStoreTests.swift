import Domain
import Foundation
import ServerCore
import Testing
import TestSupport
import ServerTestSupport

@Suite("SMS replies kept and acted on", .ownThreads)
struct SMSReplyStoreTests {
    static let phone = try! PhoneNumber(parsing: "+36 30 123 4567")

    /// A crash event for ann made at `at`, its draft seeded as intake seeds it (with the detection), and its SMS.
    static func detectedCrash(
        _ subject: ServerStoreUnderTest, owner: AccountID, detector: AccountID, index: Int, at date: Date
    ) async throws -> CrashReport {
        let crash = try ServerStoreConformanceTests.crash("event-\(index)")
        let draft = CrashReport(crashID: .stub("SRV-REPLY-\(index)"), createdAt: date, utcOffsetMinutes: 60, detection: crash.detection, language: nil)
        let sms = SMSMessage.queued(crashID: draft.crashID, owner: owner, recipient: phone, text: "crash \(index)", at: date)
        _ = try await subject.store.recordCrash(crash, detector: detector, owner: owner, report: draft, sms: sms, at: date)
        return draft
    }

    static func reply(_ text: String, gatewayID: String?, crash: CrashTie, at date: Date) -> SMSReply {
        SMSReply(gatewayID: gatewayID, sender: phone, text: text, keyword: ReplyKeyword.read(text), receivedAt: date, crash: crash)
    }

    /// Records the reply, which must be kept, and returns it with what was done.
    static func kept(
        _ reply: SMSReply, tellsClaimsSystem: Bool, at date: Date, in store: some SMSReplyStore
    ) async throws -> (SMSReply, ReplyEffects) {
        let record = try await store.recordReply(reply, tellsClaimsSystem: tellsClaimsSystem, at: date, confirmation: confirm)
        guard case let .kept(kept, effects) = record else { throw ServerProcess.Failure(description: "the reply was not kept: \(record)") }
        return (kept, effects)
    }

    static func confirm(_ crash: CrashTie, _ effects: ReplyEffects) -> SMSMessage? {
        SMSMessage.queued(crashID: crash.crashID, owner: crash.owner, recipient: phone, text: "ok \(effects.removedDraft)", at: referenceDate + 500)
    }

    @Test("A reply is tied to the newest crash texted to its number, kept once per gateway id, confirmed once per kind, and told to the claims system", arguments: ServerStoreBackend.allCases)
    func tiedKeptAndConfirmed(_ backend: ServerStoreBackend) async throws {
        let subject = try await backend.make()
        let store = subject.store
        let (ann, _) = try await ServerStoreConformanceTests.twoUsers(subject)
        let detector = try await ServerStoreConformanceTests.detector(subject)
        #expect(try await store.latestCrash(textedTo: Self.phone) == nil)
        let older = try await Self.detectedCrash(subject, owner: ann, detector: detector, index: 1, at: referenceDate)
        let newer = try await Self.detectedCrash(subject, owner: ann, detector: detector, index: 2, at: referenceDate + 60)
        // A later SMS about the older crash (a status step) does not make it the newest crash.
        try await store.enqueueJob(.sendSMS(SMSMessageID()), at: referenceDate + 90)
        let tie = try #require(try await store.latestCrash(textedTo: Self.phone))
        #expect(tie.crashID == newer.crashID && tie.report == newer.id && tie.owner == ann && tie.falseAlarmAt == nil)
        #expect(try await store.latestCrash(textedTo: try PhoneNumber(parsing: "+447400123456")) == nil)
        _ = older

        let help = Self.reply("Hilfe!", gatewayID: "gw-1", crash: tie, at: referenceDate + 100)
        let (kept, effects) = try await Self.kept(help, tellsClaimsSystem: true, at: referenceDate + 100, in: store)
        #expect(kept.keyword == .help && kept.crash.crashID == newer.crashID)
        #expect(effects.confirmation != nil && effects.stopped == nil && !effects.removedDraft)
        // The same message handed over again: nothing.
        #expect(try await store.recordReply(help, tellsClaimsSystem: true, at: referenceDate + 101, confirmation: Self.confirm) == .repeated)
        // Another call for help: kept, not confirmed again.
        let again = Self.reply("HELP", gatewayID: "gw-2", crash: tie, at: referenceDate + 102)
        let (_, second) = try await Self.kept(again, tellsClaimsSystem: true, at: referenceDate + 102, in: store)
        #expect(second.confirmation == nil)
        let replies = try await store.replies(crashID: newer.crashID)
        #expect(replies.map(\.text) == ["Hilfe!", "HELP"] && replies.map(\.gatewayID) == ["gw-1", "gw-2"])
        #expect(try await store.smsReply(kept.id)?.text == "Hilfe!")
        #expect(try await store.recentReplies(.help, since: referenceDate, limit: 10).map(\.text) == ["HELP", "Hilfe!"])
        #expect(try await store.recentReplies(.help, since: referenceDate + 101, limit: 10).map(\.text) == ["HELP"])
        #expect(try await store.recentReplies(.ok, since: referenceDate, limit: 10).isEmpty)
        // Two events for the claims system, in the report's sequence; one confirmation SMS queued.
        let deliveries = try await store.webhookDeliveries(DeliveryQuery(), limit: 10)
        #expect(deliveries.compactMap(\.event) == [.crashReply, .crashReply])
        #expect(deliveries.allSatisfy { $0.report?.report == newer.id && $0.webhookID(claim: nil)?.hasPrefix("reply_") == true })
        #expect(try await store.smsMessages(crashID: newer.crashID).map(\.text) == ["crash 2", "ok false"])
        // Not told when no claims system is configured.
        let quiet = Self.reply("ok", gatewayID: "gw-3", crash: tie, at: referenceDate + 103)
        _ = try await store.recordReply(quiet, tellsClaimsSystem: false, at: referenceDate + 103, confirmation: Self.confirm)
        #expect(try await store.webhookDeliveries(DeliveryQuery(), limit: 10).count == 2)
    }

    @Test("FALSE ALARM marks the event and removes the draft only when it was never touched; STOP and START change the number once each", arguments: ServerStoreBackend.allCases)
    func falseAlarmAndStop(_ backend: ServerStoreBackend) async throws {
        let subject = try await backend.make()
        let store = subject.store
        let (ann, _) = try await ServerStoreConformanceTests.twoUsers(subject)
        let detector = try await ServerStoreConformanceTests.detector(subject)
        let touched = try await Self.detectedCrash(subject, owner: ann, detector: detector, index: 1, at: referenceDate)
        var edited = try #require(try await store.report(touched.id, owner: ann))
        try edited.setNote("I was there")
        _ = try await store.save(edited, owner: ann)
        let touchedTie = try #require(try await store.latestCrash(textedTo: Self.phone))
        let (kept, effects) = try await Self.kept(Self.reply("False alarm", gatewayID: nil, crash: touchedTie, at: referenceDate + 10), tellsClaimsSystem: false, at: referenceDate + 10, in: store)
        #expect(effects.markedFalseAlarm && !effects.removedDraft && !kept.removedDraft)
        #expect(try await store.report(touched.id, owner: ann)?.otherDriverNote == "I was there")
        #expect(try await store.latestCrash(textedTo: Self.phone)?.falseAlarmAt == referenceDate + 10)

        let untouched = try await Self.detectedCrash(subject, owner: ann, detector: detector, index: 2, at: referenceDate + 60)
        let tie = try #require(try await store.latestCrash(textedTo: Self.phone))
        #expect(tie.crashID == untouched.crashID)
        let (removed, removal) = try await Self.kept(Self.reply("FEHLALARM", gatewayID: "fa-2", crash: tie, at: referenceDate + 70), tellsClaimsSystem: false, at: referenceDate + 70, in: store)
        #expect(removal.removedDraft && removed.removedDraft && removal.confirmation?.text == "ok true")
        #expect(try await store.report(untouched.id, owner: ann) == nil)
        #expect(try await store.smsReply(removed.id)?.removedDraft == true)
        let deletion = try await store.changes(owner: ann, since: 0, limit: 100).changes.last
        #expect(deletion?.id == untouched.id && deletion?.body == nil && deletion?.falseAlarm == true, "the removal is a deletion the driver's sync finds, saying why")
        // A deletion from a device says nothing of the kind.
        _ = try await store.delete(touched.id, owner: ann)
        let plain = try await store.changes(owner: ann, since: 0, limit: 100).changes.last
        #expect(plain?.id == touched.id && plain?.body == nil && plain?.falseAlarm == false)
        // A second FALSE ALARM: nothing more, and no second confirmation.
        let (_, twice) = try await Self.kept(Self.reply("false alarm", gatewayID: "fa-3", crash: tie, at: referenceDate + 71), tellsClaimsSystem: false, at: referenceDate + 71, in: store)
        #expect(!twice.markedFalseAlarm && !twice.removedDraft && twice.confirmation == nil)

        // STOP: the number stopped from then, once; START lets it go again.
        #expect(try await store.smsStopped(Self.phone) == nil)
        let (_, stop) = try await Self.kept(Self.reply("STOP", gatewayID: "s-1", crash: tie, at: referenceDate + 80), tellsClaimsSystem: false, at: referenceDate + 80, in: store)
        #expect(stop.stopped == true && stop.confirmation != nil)
        #expect(try await store.smsStopped(Self.phone) == referenceDate + 80)
        let (_, stopAgain) = try await Self.kept(Self.reply("stop", gatewayID: "s-2", crash: tie, at: referenceDate + 81), tellsClaimsSystem: false, at: referenceDate + 81, in: store)
        #expect(stopAgain.stopped == nil && stopAgain.confirmation == nil)
        #expect(try await store.smsStopped(Self.phone) == referenceDate + 80)
        let (_, start) = try await Self.kept(Self.reply("START", gatewayID: "s-3", crash: tie, at: referenceDate + 82), tellsClaimsSystem: false, at: referenceDate + 82, in: store)
        #expect(start.stopped == false && start.confirmation != nil)
        #expect(try await store.smsStopped(Self.phone) == nil)
        _ = try await store.recordReply(
            Self.reply("STOP", gatewayID: "s-4", crash: tie, at: referenceDate + 83), tellsClaimsSystem: false, at: referenceDate + 83,
            confirmation: Self.confirm
        )
        try await store.clearSMSStop(Self.phone)
        #expect(try await store.smsStopped(Self.phone) == nil)
    }

    @Test("Past the replies kept for one crash, nothing is kept or done; an erased driver's replies go with them", arguments: ServerStoreBackend.allCases)
    func boundedAndErased(_ backend: ServerStoreBackend) async throws {
        let subject = try await backend.make()
        let store = subject.store
        let (ann, _) = try await ServerStoreConformanceTests.twoUsers(subject)
        let detector = try await ServerStoreConformanceTests.detector(subject)
        let draft = try await Self.detectedCrash(subject, owner: ann, detector: detector, index: 1, at: referenceDate)
        let tie = try #require(try await store.latestCrash(textedTo: Self.phone))
        for index in 0..<ServerLimits.repliesPerCrash {
            _ = try await store.recordReply(
                Self.reply("message \(index)", gatewayID: "m-\(index)", crash: tie, at: referenceDate + Double(index)), tellsClaimsSystem: false,
                at: referenceDate + Double(index), confirmation: Self.confirm
            )
        }
        #expect(try await store.recordReply(
            Self.reply("HELP", gatewayID: "over", crash: tie, at: referenceDate + 100), tellsClaimsSystem: true, at: referenceDate + 100,
            confirmation: Self.confirm
        ) == .dropped)
        #expect(try await store.replies(crashID: draft.crashID).count == ServerLimits.repliesPerCrash)
        #expect(try await store.recentReplies(.help, since: referenceDate, limit: 10).isEmpty)
        // Only the first message was confirmed.
        #expect(try await store.smsMessages(crashID: draft.crashID).count == 2)
        _ = try await store.eraseAccount(name: "ann", kind: .user)
        #expect(try await store.replies(crashID: draft.crashID).isEmpty)
        // A reply tied to the crash before its driver was erased: nothing kept, said as such (not "handed over before").
        #expect(try await store.recordReply(
            Self.reply("HELP", gatewayID: "late", crash: tie, at: referenceDate + 200), tellsClaimsSystem: true, at: referenceDate + 200,
            confirmation: Self.confirm
        ) == .unmatched)
        #expect(try await store.replies(crashID: draft.crashID).isEmpty)
    }
}
