import Domain
import Foundation
import ServerCore
import WireAPI

extension Components.Schemas.FirstNoticeOfLoss {
    /// The first notice of loss of a submitted report: its facts under the names a claims system takes them by, with
    /// the documents the server holds and those still on their way.
    /// - Parameters:
    ///   - driver: the account of the driver who reported it.
    ///   - documents: the report's PDF, when it is recorded, and the photos still arriving.
    ///   - publicURL: the server's address, for the links to download the PDF and photos with a handler's token.
    package init(_ claim: Claim, driver: Account, documents held: ClaimDocuments, publicURL: String, sentAt: Date) {
        let report = claim.report
        let claimID = claim.id.description
        let scene = report.scene
        let injuries = report.injuries.selected
        let local = scene.utcOffsetMinutes.map { Self.rfc3339(scene.occurredAt, offsetMinutes: $0) }
        let location: Components.Schemas.LossNotice.LossPayload.LocationPayload? = scene.hasLocation
            ? .init(latitude: scene.coordinate?.latitude, longitude: scene.coordinate?.longitude, address: scene.address)
            : nil
        let detected = report.detection.map { detection in
            Components.Schemas.LossNotice.LossPayload.DetectedPayload(
                speedKmh: detection.speedKmh, deltaVKmh: detection.deltaVKmh,
                airbagsDeployed: detection.airbagsDeployed, rollover: detection.rollover
            )
        }
        self.init(
            _type: .claim_firstNoticeOfLoss,
            timestamp: sentAt,
            data: Components.Schemas.LossNotice(
                crashId: report.crashID.rawValue,
                reportId: report.id.description,
                submittedAt: claim.submittedAt,
                policyholder: .init(
                    account: driver.name, phone: driver.phone?.e164, customerReference: driver.references.customer,
                    policyReference: driver.references.policy
                ),
                claim: claimID,
                loss: .init(
                    occurredAt: scene.occurredAt, localTime: local, location: location,
                    description: report.hasNote ? report.otherDriverNote : nil, detected: detected
                ),
                injuries: .init(reported: report.someoneHurt, who: injuries.map(Components.Schemas.Injury.init)),
                parties: report.claimParties.map(Components.Schemas.LossParty.init),
                statement: report.statement.isEmpty ? nil : Components.Schemas.AccidentStatement(report.statement, version: report.statementVersion),
                documents: Components.Schemas.ClaimDocument.held(by: claim, documents: held, publicURL: publicURL),
                pending: Components.Schemas.PendingDocument.pending(in: claim, documents: held),
                signingRecord: held.signingRecord.isEmpty ? nil : held.signingRecord.map(Components.Schemas.SigningRecordEntry.init)
            )
        )
    }

    /// `2026-11-18T12:06:40+01:00`: the moment in the local time of the offset, as RFC 3339 writes it.
    package static func rfc3339(_ date: Date, offsetMinutes: Int) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        let shifted = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date.addingTimeInterval(Double(offsetMinutes * 60)))
        let sign = offsetMinutes < 0 ? "-" : "+"
        return String(
            format: "%04d-%02d-%02dT%02d:%02d:%02d%@%02d:%02d", shifted.year ?? 0, shifted.month ?? 0, shifted.day ?? 0,
            shifted.hour ?? 0, shifted.minute ?? 0, shifted.second ?? 0, sign, abs(offsetMinutes) / 60, abs(offsetMinutes) % 60
        )
    }
}

extension Components.Schemas.LossParty {
    /// One party of the claim, with its role and incidents (``ClaimParty``).
    init(_ party: ClaimParty) {
        self.init(
            role: RolePayload(rawValue: party.role.rawValue) ?? .insuredVehicle,
            name: party.name, plate: party.plate, insurer: party.insurer,
            incidents: party.incidents.compactMap { IncidentsPayloadPayload(rawValue: $0.rawValue) },
            party: party.party.map { Components.Schemas.Party($0, statementVersion: party.statementVersion) }
        )
    }
}

extension Components.Schemas.DocumentsComplete {
    /// The event saying every document of a submitted report is in, with a link to each.
    package init(_ claim: Claim, documents held: ClaimDocuments, publicURL: String, sentAt: Date) {
        self.init(
            _type: .claim_documentsComplete,
            timestamp: sentAt,
            data: .init(
                crashId: claim.report.crashID.rawValue, reportId: claim.report.id.description, claim: claim.id.description,
                documents: Components.Schemas.ClaimDocument.held(by: claim, documents: held, publicURL: publicURL)
            )
        )
    }
}

extension Components.Schemas.DocumentVersionAdded {
    /// The event announcing `version`, a new version of the claim's PDF, with every version.
    package init(_ claim: Claim, version: DocumentVersion, documents held: ClaimDocuments, publicURL: String, sentAt: Date) {
        self.init(
            _type: .claim_documentVersionAdded,
            timestamp: sentAt,
            data: .init(
                crashId: claim.report.crashID.rawValue, reportId: claim.report.id.description, claim: claim.id.description,
                version: .init(version, of: claim.id, publicURL: publicURL),
                versions: held.versions.map { .init($0, of: claim.id, publicURL: publicURL) }
            )
        )
    }
}

extension Components.Schemas.ClaimAcknowledged {
    /// The event telling the claims system that `claim` was acknowledged as `acknowledgement` says.
    package init(_ claim: Claim, acknowledgement: ClaimAcknowledgement, sentAt: Date) {
        self.init(
            _type: .claim_acknowledged,
            timestamp: sentAt,
            data: .init(
                crashId: claim.report.crashID.rawValue, reportId: claim.report.id.description, claim: claim.id.description,
                claimNumber: acknowledgement.claimNumber, message: acknowledgement.message, acknowledgedAt: acknowledgement.acknowledgedAt,
                handler: acknowledgement.handler
            )
        )
    }
}

extension Components.Schemas.ClaimStatusChanged {
    /// The event telling the claims system of the claim's `step`.
    package init(_ claim: Claim, step: NumberedStep, sentAt: Date) {
        self.init(
            _type: .claim_statusChanged,
            timestamp: sentAt,
            data: .init(
                crashId: claim.report.crashID.rawValue, reportId: claim.report.id.description, claim: claim.id.description,
                number: step.number, step: Components.Schemas.ClaimStatusUpdate(step.update)
            )
        )
    }
}

extension Components.Schemas.ClaimDocument {
    /// The claim's documents the server holds — its PDF, then each photo that arrived, in the report's order — with
    /// the links a handler's token downloads them by.
    static func held(by claim: Claim, documents held: ClaimDocuments, publicURL: String) -> [Self] {
        let claimID = claim.id.description
        let base = publicURL.hasSuffix("/") ? String(publicURL.dropLast()) : publicURL
        var documents: [Self] = []
        if let document = held.document {
            // The version's own link: it serves these bytes for good, whatever versions follow.
            documents.append(.init(
                kind: .crashReport, version: held.version(document)?.number, sha256: document.hex, mediaType: "application/pdf",
                url: base + WirePaths.claimDocumentVersion(claimID, document)
            ))
        }
        let pending = Set(held.photosPending)
        for photo in claim.report.allPhotos where !pending.contains(photo.contentHash) {
            documents.append(.init(
                kind: .photo, section: Components.Schemas.PhotoSection(rawValue: photo.section.rawValue), sha256: photo.contentHash.hex,
                mediaType: photo.mediaType.rawValue, takenAt: photo.takenAt, url: base + WirePaths.claimPhoto(claimID, photo.contentHash)
            ))
        }
        return documents
    }
}

extension Components.Schemas.PendingDocument {
    /// The claim's documents still on their way: each photo not arrived, in the report's order, then the PDF.
    static func pending(in claim: Claim, documents held: ClaimDocuments) -> [Self] {
        let pending = Set(held.photosPending)
        var seen: Set<ContentHash> = []
        var documents: [Self] = claim.report.allPhotos
            .filter { pending.contains($0.contentHash) && seen.insert($0.contentHash).inserted }
            .map { .init(kind: .photo, section: Components.Schemas.PhotoSection(rawValue: $0.section.rawValue), sha256: $0.contentHash.hex) }
        if held.document == nil { documents.append(.init(kind: .crashReport)) }
        return documents
    }
}

extension Components.Schemas.CrashReply {
    /// A driver's SMS reply to a crash's SMS, with the crash it answers and the driver's references.
    package init(_ reply: SMSReply, crash: CrashTie, claim: ClaimID?, driver: Account, link: String, sentAt: Date) {
        self.init(
            _type: .crash_reply,
            timestamp: sentAt,
            data: .init(
                replyId: reply.id.description, crashId: crash.crashID.rawValue, reportId: crash.report.description, claim: claim?.description,
                receivedAt: reply.receivedAt, sentAt: reply.sentAt, from: reply.sender.e164, text: reply.text,
                keyword: DataPayload.KeywordPayload(rawValue: ReplyKeyword.name(reply.keyword)) ?? .message,
                falseAlarm: crash.falseAlarmAt != nil, draftRemoved: reply.removedDraft,
                policyholder: .init(
                    account: driver.name, phone: driver.phone?.e164, customerReference: driver.references.customer,
                    policyReference: driver.references.policy
                ),
                link: link
            )
        )
    }
}
