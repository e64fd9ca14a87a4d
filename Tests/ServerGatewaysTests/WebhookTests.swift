import Domain
import Foundation
import ServerCore
import ServerGateways
import Testing
import TestSupport
import WireAPI

@Suite("The first notice of loss")
struct WebhookTests {
    @Test("A signature is the one the Standard Webhooks reference library gives for the same id, time, body and secret")
    func signatureMatchesTheReference() throws {
        let configuration = try WebhookSender.Configuration(url: "https://claims.example.com/hooks", secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw")
        let signature = WebhookSender.signature(
            id: "msg_p5jXN8AQM9LWM0D4loKWxJek", timestamp: 1_614_265_330, body: Data("{\"test\": 2432232314}".utf8), key: configuration.key
        )
        #expect(signature == "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=")
    }

    @Test("A webhook address or secret that cannot be used is refused saying which", arguments: [
        ("ftp://claims.example.com", "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", WebhookConfigurationError.invalidURL("ftp://claims.example.com")),
        ("https://", "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", .invalidURL("https://")),
        ("https://claims.example.com", "MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", .invalidSecret),
        ("https://claims.example.com", "whsec_not base64!", .invalidSecret),
        ("https://claims.example.com", "whsec_c2hvcnQ=", .invalidSecret),
    ])
    func refused(_ url: String, _ secret: String, _ error: WebhookConfigurationError) {
        #expect(throws: error) { try WebhookSender.Configuration(url: url, secret: secret) }
    }

    @Test("The notice carries the loss's time (UTC and local), place, note, injuries, what the car measured, the PDF and each photo")
    func noticeFromAReport() throws {
        var report = CrashReport.stub(
            injuries: [.otherDriver, .myself], photos: [Domain.Photo.stub(section: .otherVehiclePlate, contentHash: ContentHash.stub("b"))], note: "white van"
        )
        try report.setScene(CrashScene(
            occurredAt: Date(timeIntervalSince1970: 1_795_000_000), coordinate: try Coordinate(latitude: 47.5, longitude: 19.04),
            address: "Andrássy út 1, Budapest", utcOffsetMinutes: 60
        ))
        try report.setStatement(try .full())
        let sample = try CrashParties.sample()
        try report.changeParties { parties throws(PartyError) in parties = sample }
        try report.complete(at: Date(timeIntervalSince1970: 1_795_000_600))
        let driver = Account(
            id: AccountID(), name: "ann", kind: .user, createdAt: Date(), phone: try PhoneNumber(parsing: "+36301234567"),
            references: InsurerReferences(customer: "CUS-000123", policy: "POL/2026/881")
        )
        let claim = Claim(id: ClaimID(), owner: driver.id, submittedAt: Date(timeIntervalSince1970: 1_795_000_650), report: report)
        let notice = Components.Schemas.FirstNoticeOfLoss(
            claim, driver: driver, documents: ClaimDocuments(document: .stub("d"), photosPending: []), publicURL: "https://claims.example.com/",
            sentAt: Date(timeIntervalSince1970: 1_795_000_700)
        )
        #expect(notice._type == .claim_firstNoticeOfLoss)
        #expect(notice.data.crashId == report.crashID.rawValue)
        #expect(notice.data.submittedAt == Date(timeIntervalSince1970: 1_795_000_650))
        #expect(notice.data.claim == claim.id.description)
        #expect(notice.data.policyholder.account == "ann")
        #expect(notice.data.policyholder.phone == "+36301234567")
        #expect(notice.data.policyholder.customerReference == "CUS-000123" && notice.data.policyholder.policyReference == "POL/2026/881")
        #expect(notice.data.loss.occurredAt == Date(timeIntervalSince1970: 1_795_000_000))
        #expect(notice.data.loss.localTime == "2026-11-18T12:06:40+01:00")
        #expect(Components.Schemas.FirstNoticeOfLoss.rfc3339(Date(timeIntervalSince1970: 1_795_000_000), offsetMinutes: -210) == "2026-11-18T07:36:40-03:30")
        #expect(notice.data.loss.location?.address == "Andrássy út 1, Budapest")
        #expect(notice.data.loss.location?.latitude == 47.5)
        #expect(notice.data.loss.description == "white van")
        #expect(notice.data.injuries.reported)
        #expect(notice.data.injuries.who == [.myself, .otherDriver])
        // Everyone the claim concerns, with roles and the incidents to open: the insured vehicle (the driver hurt), the
        // other vehicle (its driver hurt), a cyclist hurt, a lamp post, a third vehicle with its own statement, a
        // vehicle that left.
        #expect(notice.data.parties?.map(\.role) == [.insuredVehicle, .otherVehicle, .cyclist, .property, .otherVehicle, .leftTheScene])
        #expect(notice.data.parties?.map(\.incidents) == [[.vehicle, .injury], [.vehicle, .injury], [.injury], [.property], [.vehicle], []])
        #expect(notice.data.parties?.map(\.name) == ["Jane Doe", "Greta Müller", "Eva Kovács", "City of Budapest", "Carl Third", nil])
        #expect(notice.data.parties?[1].plate == "M-AB 1234" && notice.data.parties?[1].insurer == "Allianz")
        #expect(notice.data.parties?[4].plate == "C-DE 345" && notice.data.parties?[4].insurer == "Generali")
        // The third vehicle's statement goes with it, with its own version.
        let third = try #require(notice.data.parties?[4].party?.statement)
        #expect(third.vehicleB?.vehicle?.plate == "C-DE 345")
        #expect(third.version == report.statementVersion(.vehicle(CrashParties.vehicleC))?.hex && third.version != report.statementVersion.hex)
        #expect(notice.data.parties?[5].plate == "B-M? 12" && notice.data.parties?[5].party?.direction == "towards the bridge")
        #expect(try CrashParties(wire: notice.data.parties?.compactMap(\.party) ?? []) == sample)
        #expect(notice.data.documents.map(\.kind) == [.crashReport, .photo])
        #expect(notice.data.documents.map(\.sha256) == [ContentHash.stub("d").hex, ContentHash.stub("b").hex])
        #expect(notice.data.documents.last?.section == .otherPlate)
        // The accident statement, both columns, as the claims system reads it.
        #expect(try AccidentStatement(wire: try #require(notice.data.statement)) == (try AccidentStatement.full()))
        #expect(notice.data.statement?.vehicleB?.vehicle?.plate == "M-AB 1234")
        // The front side's version, and vehicle B as the other driver sent it, for the claims system to compare.
        #expect(notice.data.statement?.version.flatMap(StatementVersion.init(hex:)) != nil)
        #expect(notice.data.statement?.vehicleB?.asSent?.vehicle?.plate == "M-AB 1234")
        // Each with its download link on the server's public address, for a handler's token; the PDF's is its
        // version's own, which serves these bytes for good.
        #expect(notice.data.documents.map(\.url) == [
            "https://claims.example.com/v1/claims/\(claim.id)/documents/\(ContentHash.stub("d").hex)",
            "https://claims.example.com/v1/claims/\(claim.id)/photos/\(ContentHash.stub("b").hex)",
        ])

        // No one hurt: not reported.
        let unhurt = Components.Schemas.FirstNoticeOfLoss(
            Claim(id: ClaimID(), owner: driver.id, submittedAt: Date(), report: CrashReport.stub(injuries: [.noOne], note: "x")),
            driver: driver, documents: ClaimDocuments(document: nil, photosPending: []), publicURL: "https://claims.example.com", sentAt: Date()
        )
        #expect(!unhurt.data.injuries.reported)
        #expect(unhurt.data.statement == nil)
        #expect(unhurt.data.parties?.map(\.role) == [.insuredVehicle] && unhurt.data.parties?.first?.incidents == [.vehicle])
        #expect(unhurt.data.documents.isEmpty)
        #expect(unhurt.data.pending.map(\.kind) == [.crashReport])
    }

    @Test("A notice sent with photos still arriving lists them, and the PDF, as pending; the second event lists everything")
    func pendingDocuments() throws {
        let first = ContentHash.stub("b"), second = ContentHash.stub("c")
        var report = CrashReport.stub(
            injuries: [.myself],
            photos: [Domain.Photo.stub(section: .otherVehiclePlate, contentHash: first), Domain.Photo.stub(section: .otherVehicleDamage, contentHash: second)]
        )
        try report.complete(at: Date())
        let driver = Account(id: AccountID(), name: "ann", kind: .user, createdAt: Date())
        let claim = Claim(id: ClaimID(), owner: driver.id, submittedAt: Date(), report: report)
        let notice = Components.Schemas.FirstNoticeOfLoss(
            claim, driver: driver, documents: ClaimDocuments(document: nil, photosPending: [second]), publicURL: "https://claims.example.com", sentAt: Date()
        )
        #expect(notice.data.injuries.reported)
        #expect(notice.data.documents.map(\.sha256) == [first.hex])
        #expect(notice.data.pending.map(\.kind) == [.photo, .crashReport])
        #expect(notice.data.pending.first?.sha256 == second.hex)
        #expect(notice.data.pending.first?.section == .otherDamage)

        let complete = Components.Schemas.DocumentsComplete(
            claim, documents: ClaimDocuments(document: .stub("d"), photosPending: []), publicURL: "https://claims.example.com", sentAt: Date()
        )
        #expect(complete._type == .claim_documentsComplete)
        #expect(complete.data.claim == claim.id.description)
        #expect(complete.data.documents.map(\.sha256) == [ContentHash.stub("d").hex, first.hex, second.hex])
        #expect(WebhookSender.id(of: claim.id, event: .documentsComplete) == "docs_\(claim.id)")
        #expect(WebhookSender.id(of: claim.id) == "fnol_\(claim.id)")
    }

    @Test("Each event's type, as metrics, webhook list and the desk name it, is the one its schema in openapi.yaml gives its body")
    func typesAreTheSchemas() {
        #expect(ClaimEvent.firstNoticeOfLoss.type == Components.Schemas.FirstNoticeOfLoss._TypePayload.claim_firstNoticeOfLoss.rawValue)
        #expect(ClaimEvent.documentsComplete.type == Components.Schemas.DocumentsComplete._TypePayload.claim_documentsComplete.rawValue)
        #expect(ClaimEvent.documentVersionAdded.type == Components.Schemas.DocumentVersionAdded._TypePayload.claim_documentVersionAdded.rawValue)
        let claim = ClaimID()
        #expect(ClaimEvent.acknowledged.type == Components.Schemas.ClaimAcknowledged._TypePayload.claim_acknowledged.rawValue)
        #expect(ClaimEvent.documentVersionAdded.webhookID(claim: claim, number: 3) == "docv_\(claim)_3")
        #expect(ClaimEvent.acknowledged.webhookID(claim: claim, number: 1_795_000_000_123) == "ack_\(claim)_1795000000123")
    }

    @Test("Each kind of claim status is the wire's, and every step goes over the wire and back as it was")
    func claimStatusKindsAreTheWire() throws {
        #expect(ClaimStatus.Kind.allCases.map(\.rawValue) == Components.Schemas.ClaimStatusKind.allCases.map(\.rawValue))
        let steps: [ClaimStatus] = [
            .received, .assigned(name: "Éva Kiss", phone: "+36 1 234 5678"), .inspectionBooked(at: Date(timeIntervalSince1970: 1_795_000_000), place: "Váci út 1"),
            .estimate(Money(cents: 123_450, currency: "HUF")), .responsibilityAssessed(percent: 30),
            .vehicleAt(repairer: "Autó Kft.", address: "Fő utca 2"), .payment(Money(cents: 5, currency: "EUR")), .closed, .reopened,
        ]
        for step in steps {
            let wire = Components.Schemas.ClaimStatusFacts(step)
            #expect(wire.status.rawValue == step.kind.rawValue)
            #expect(try ClaimStatus(wire: wire) == step)
        }
    }
}
