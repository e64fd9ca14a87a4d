import Domain
import Foundation
import ServerCore
import Testing
import TestSupport

/// The claims every backend keeps alike: a report stored completed becomes a claim once, listed across drivers
/// newest first, filtered and paged; an acknowledgement is stored with the report as the owner's next change.
@Suite("Server claim store conformance", .ownThreads)
struct ServerClaimStoreTests {
    static func completed(note: String = "white van", at seconds: TimeInterval = 0) -> CrashReport {
        CrashReport.stub(note: note, completedAt: referenceDate.addingTimeInterval(seconds))
    }

    static func acknowledgement(_ number: String, _ message: String = "", at seconds: TimeInterval = 3_600) throws -> ClaimAcknowledgement {
        try ClaimAcknowledgement(claimNumber: number, message: message, acknowledgedAt: referenceDate.addingTimeInterval(seconds), handler: "hana")
    }

    @Test("A report becomes a claim when first stored completed, once; drafts and erased drivers' reports are no claims", arguments: ServerStoreBackend.allCases)
    func completedReportsBecomeClaims(_ backend: ServerStoreBackend) async throws {
        let subject = try await backend.make()
        let (ann, bob) = try await ServerStoreConformanceTests.twoUsers(subject)
        let draft = try await subject.store.save(CrashReport.stub(note: "draft"), owner: ann)
        #expect(try await subject.store.claim(of: draft.id, owner: ann) == nil)

        let first = try await subject.store.save(Self.completed(), owner: ann)
        let claim = try #require(try await subject.store.claim(of: first.id, owner: ann))
        #expect(claim.owner == ann)
        #expect(claim.report == first)
        #expect(try await subject.store.claim(claim.id) == claim)
        // Another driver's report with the same id is another claim.
        let twin = try await subject.store.save(CrashReport.stub(id: first.id, note: "twin", completedAt: referenceDate), owner: bob)
        let bobs = try #require(try await subject.store.claim(of: twin.id, owner: bob))
        #expect(bobs.id != claim.id)
        #expect(try await subject.store.claim(of: first.id, owner: ann)?.id == claim.id)

        let all = try await subject.store.claims(ClaimFilter(), after: nil, limit: 10)
        #expect(Set(all.map(\.id)) == [claim.id, bobs.id])
        #expect(all.allSatisfy { $0.report.isCompleted })

        _ = try await subject.store.eraseAccount(name: "bob", kind: .user)
        #expect(try await subject.store.claims(ClaimFilter(), after: nil, limit: 10).map(\.id) == [claim.id])
        #expect(try await subject.store.claim(bobs.id) == nil)
    }

    @Test("Claims are listed newest submission first, paged from a position, and filtered by time and acknowledgement", arguments: ServerStoreBackend.allCases)
    func claimsArePagedAndFiltered(_ backend: ServerStoreBackend) async throws {
        let subject = try await backend.make()
        let (ann, bob) = try await ServerStoreConformanceTests.twoUsers(subject)
        var ids: [ClaimID] = []
        for index in 0..<5 {
            let report = try await subject.store.save(Self.completed(note: "crash \(index)"), owner: index.isMultiple(of: 2) ? ann : bob)
            ids.append(try #require(try await subject.store.claim(of: report.id, owner: index.isMultiple(of: 2) ? ann : bob)).id)
            try await Task.sleep(for: .milliseconds(5))
        }
        let all = try await subject.store.claims(ClaimFilter(), after: nil, limit: 10)
        #expect(all.map(\.id) == ids.reversed())
        #expect(all.map(\.submittedAt) == all.map(\.submittedAt).sorted(by: >))

        // Pages of two follow on from the last one's position, with nothing twice and nothing left out.
        var paged: [ClaimID] = []
        var position: ClaimPosition?
        repeat {
            let page = try await subject.store.claims(ClaimFilter(), after: position, limit: 2)
            paged += page.map(\.id)
            position = page.count == 2 ? page.last?.position : nil
        } while position != nil
        #expect(paged == ids.reversed())

        // By time: from the second's submission (included) to the fourth's (excluded).
        let from = all[3].submittedAt, before = all[1].submittedAt
        let window = try await subject.store.claims(ClaimFilter(submittedFrom: from, submittedBefore: before), after: nil, limit: 10)
        #expect(window.map(\.id) == [ids[2], ids[1]])

        // By acknowledgement.
        let second = try #require(try await subject.store.claim(ids[1]))
        _ = try await subject.store.acknowledge(ids[1], with: Self.acknowledgement("2026-04417"), document: .stub("d"), drawnAt: second.report.revision)
        #expect(try await subject.store.claims(ClaimFilter(acknowledged: true), after: nil, limit: 10).map(\.id) == [ids[1]])
        #expect(try await subject.store.claims(ClaimFilter(acknowledged: false), after: nil, limit: 10).map(\.id) == [ids[4], ids[3], ids[2], ids[0]])
    }

    @Test("An acknowledgement is stored with the report at its next revision, as the owner's next change; the same one again changes nothing", arguments: ServerStoreBackend.allCases)
    func anAcknowledgementIsTheOwnersNextChange(_ backend: ServerStoreBackend) async throws {
        let subject = try await backend.make()
        let (ann, _) = try await ServerStoreConformanceTests.twoUsers(subject)
        let report = try await subject.store.save(Self.completed(), owner: ann)
        let claim = try #require(try await subject.store.claim(of: report.id, owner: ann))
        let before = try await subject.store.changes(owner: ann, since: 0, limit: 10)
        let cursor = try #require(before.changes.last?.sequence)

        let first = try await subject.store.acknowledge(
            claim.id, with: Self.acknowledgement("2026-04417", "We will call you today."), document: .stub("a"), drawnAt: report.revision
        )
        guard case let .stored(acknowledged, replaced)? = first else { Issue.record("not stored: \(String(describing: first))"); return }
        #expect(replaced == nil)
        #expect(acknowledged.report.acknowledgement?.claimNumber == "2026-04417")
        #expect(acknowledged.report.acknowledgement?.message == "We will call you today.")
        #expect(acknowledged.report.revision == report.revision + 1)
        #expect(acknowledged.submittedAt == claim.submittedAt)
        // Its PDF is recorded with it.
        #expect(try await subject.store.document(for: report.id, owner: ann) == .stub("a"))
        // Everything the driver entered is as it was.
        #expect(acknowledged.report.withAcknowledgement(nil).sameContent(as: report))
        #expect(try await subject.store.report(report.id, owner: ann) == acknowledged.report)
        let since = try await subject.store.changes(owner: ann, since: cursor, limit: 10)
        #expect(since.changes.map(\.id) == [report.id])
        #expect(try since.changes[0].body == ServerStoreConformanceTests.wireJSON(acknowledged.report))

        let again = try await subject.store.acknowledge(
            claim.id, with: Self.acknowledgement("2026-04417", "We will call you today.", at: 9_000), document: .stub("b"), drawnAt: acknowledged.report.revision
        )
        #expect(again == .unchanged(acknowledged))
        #expect(try await subject.store.document(for: report.id, owner: ann) == .stub("a"))
        // A PDF drawn from an older version (another acknowledgement came first) is not recorded, nor its acknowledgement.
        let late = try await subject.store.acknowledge(claim.id, with: Self.acknowledgement("2026-09999"), document: .stub("c"), drawnAt: report.revision)
        #expect(late == .moved(acknowledged))
        #expect(try await subject.store.document(for: report.id, owner: ann) == .stub("a"))
        // A corrected number replaces it, with its own PDF.
        let correction = try await subject.store.acknowledge(
            claim.id, with: Self.acknowledgement("2026-04418"), document: .stub("e"), drawnAt: acknowledged.report.revision
        )
        guard case let .stored(corrected, replacedByCorrection)? = correction else { Issue.record("not stored"); return }
        #expect(replacedByCorrection == .stub("a"))
        #expect(corrected.report.acknowledgement?.claimNumber == "2026-04418")
        #expect(corrected.report.revision == acknowledged.report.revision + 1)
        #expect(try await subject.store.document(for: report.id, owner: ann) == .stub("e"))
        #expect(try await subject.store.acknowledge(ClaimID(), with: Self.acknowledgement("1"), document: .stub("f"), drawnAt: 1) == nil)
    }

    @Test("A status step is stored with the report at its next revision, with its SMS and the claims system's event queued in the same step; the same step again and a stale revision store nothing", arguments: ServerStoreBackend.allCases)
    func statusSteps(_ backend: ServerStoreBackend) async throws {
        let subject = try await backend.make()
        let (ann, _) = try await ServerStoreConformanceTests.twoUsers(subject)
        let report = try await subject.store.save(Self.completed(), owner: ann)
        let claim = try #require(try await subject.store.claim(of: report.id, owner: ann))
        let step = try ClaimStatusUpdate(
            status: .vehicleAt(repairer: "Autó Kft.", address: "Fő utca 2"), note: "Keys at the desk.", recordedAt: referenceDate + 7_200, handler: "hana"
        )
        let sms = SMSMessage.queued(
            crashID: report.crashID, owner: ann, recipient: try PhoneNumber(kept: "+36301234567"), text: "Your vehicle is at Autó Kft.", at: referenceDate + 7_200
        )
        guard case let .stored(stored, number) = try await subject.store.recordClaimStatus(
            claim.id, step, sms: sms, tellsClaimsSystem: true, readAt: report.revision, at: referenceDate + 7_200
        ) else {
            Issue.record("not stored")
            return
        }
        #expect(number == 1 && stored.report.revision == report.revision + 1)
        #expect(try await subject.store.report(report.id, owner: ann)?.claimTimeline == [step])
        #expect(try await subject.store.smsMessages(crashID: report.crashID).map(\.text) == ["Your vehicle is at Autó Kft."])
        let jobs = try await subject.store.webhookDeliveries(DeliveryQuery(report: .init(owner: ann, report: report.id)), limit: 10)
        #expect(jobs.map(\.job) == [.tellStatusChanged(owner: ann, report: report.id, number: 1)])

        // The same again: unchanged; from the old revision: moved; nothing more queued either way.
        guard case .unchanged = try await subject.store.recordClaimStatus(
            claim.id, step, sms: sms, tellsClaimsSystem: true, readAt: stored.report.revision, at: referenceDate + 7_300
        ) else {
            Issue.record("the same step again was stored")
            return
        }
        let closed = try ClaimStatusUpdate(status: .closed, note: "", recordedAt: referenceDate + 7_400, handler: "hana")
        guard case .moved = try await subject.store.recordClaimStatus(
            claim.id, closed, sms: nil, tellsClaimsSystem: true, readAt: report.revision, at: referenceDate + 7_400
        ) else {
            Issue.record("a step from an old revision was stored")
            return
        }
        #expect(try await subject.store.smsMessages(crashID: report.crashID).count == 1)
        #expect(try await subject.store.recordClaimStatus(
            ClaimID(), closed, sms: nil, tellsClaimsSystem: false, readAt: 0, at: referenceDate
        ) == nil)
    }
}
