import Domain
import Foundation
import WireAPI

/// A sync notice's event as the store keeps it (`sync_notices.event`): JSON, read back through the entities' own
/// checks. A record this program cannot read (written by a newer one) is skipped, never shown garbled.
extension SyncNotice.Event {
    /// The event as JSON.
    var storedJSON: String {
        let stored: StoredEvent
        switch self {
        case let .merged(summary): stored = StoredEvent(kind: "merged", summary: StoredSummary(summary))
        case let .joined(summary): stored = StoredEvent(kind: "joined", summary: StoredSummary(summary))
        case let .crashIDReplaced(old): stored = StoredEvent(kind: "crashIDReplaced", oldCrashID: old.rawValue)
        case .recreatedAfterDeletion: stored = StoredEvent(kind: "recreatedAfterDeletion")
        case .deletedElsewhere: stored = StoredEvent(kind: "deletedElsewhere")
        case .removedAsFalseAlarm: stored = StoredEvent(kind: "removedAsFalseAlarm")
        case .removedFromServer: stored = StoredEvent(kind: "removedFromServer")
        case let .refused(.invalid(field)): stored = StoredEvent(kind: "refused", reason: "invalid", detail: field)
        case .refused(.completedThere): stored = StoredEvent(kind: "refused", reason: "completedThere")
        case .refused(.nothingToReport): stored = StoredEvent(kind: "refused", reason: "nothingToReport")
        case .refused(.tooLarge): stored = StoredEvent(kind: "refused", reason: "tooLarge")
        case let .refused(.other(detail)): stored = StoredEvent(kind: "refused", reason: "other", detail: detail)
        case let .acknowledged(claimNumber, message): stored = StoredEvent(kind: "acknowledged", detail: message, claimNumber: claimNumber)
        case let .claimStatus(step):
            let json = try? WireCoding.encoder().encode(Components.Schemas.ClaimStatusUpdate(step))
            stored = StoredEvent(kind: "claimStatus", detail: json.map { String(decoding: $0, as: UTF8.self) })
        case let .otherDriverEntered(party): stored = StoredEvent(kind: "otherDriverEntered", party: party)
        case let .otherDriverSigned(party): stored = StoredEvent(kind: "otherDriverSigned", party: party)
        case let .otherDriverDeclined(reason, party): stored = StoredEvent(kind: "otherDriverDeclined", detail: reason, party: party)
        case let .signatureVoided(side, party): stored = StoredEvent(kind: "signatureVoided", detail: side.rawValue, party: party)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return (try? encoder.encode(stored)).map { String(decoding: $0, as: UTF8.self) } ?? #"{"kind":"unknown"}"#
    }

    /// The event kept as `json`, or `nil` when it cannot be read.
    init?(storedJSON json: String) {
        guard let stored = try? JSONDecoder().decode(StoredEvent.self, from: Data(json.utf8)) else { return nil }
        switch stored.kind {
        case "merged": guard let summary = stored.summary?.summary else { return nil }; self = .merged(summary)
        case "joined": guard let summary = stored.summary?.summary else { return nil }; self = .joined(summary)
        case "crashIDReplaced":
            guard let old = stored.oldCrashID.flatMap({ try? CrashID(validating: $0) }) else { return nil }
            self = .crashIDReplaced(old: old)
        case "recreatedAfterDeletion": self = .recreatedAfterDeletion
        case "deletedElsewhere": self = .deletedElsewhere
        case "removedAsFalseAlarm": self = .removedAsFalseAlarm
        case "removedFromServer": self = .removedFromServer
        // A notice kept before statements per vehicle has no party: it was about B's.
        case "otherDriverEntered": self = .otherDriverEntered(party: stored.party)
        case "otherDriverSigned": self = .otherDriverSigned(party: stored.party)
        case "otherDriverDeclined": self = .otherDriverDeclined(reason: stored.detail ?? "", party: stored.party)
        case "signatureVoided":
            guard let side = stored.detail.flatMap(VehicleSide.init(rawValue:)) else { return nil }
            self = .signatureVoided(side, party: stored.party)
        case "claimStatus":
            guard let json = stored.detail,
                  let wire = try? WireCoding.decoder().decode(Components.Schemas.ClaimStatusUpdate.self, from: Data(json.utf8)),
                  let step = try? ClaimStatusUpdate(wire: wire) else { return nil }
            self = .claimStatus(step)
        case "acknowledged":
            guard let claimNumber = stored.claimNumber else { return nil }
            self = .acknowledged(claimNumber: claimNumber, message: stored.detail ?? "")
        case "refused":
            switch stored.reason {
            case "invalid": self = .refused(.invalid(field: stored.detail))
            case "completedThere": self = .refused(.completedThere)
            case "nothingToReport": self = .refused(.nothingToReport)
            case "tooLarge": self = .refused(.tooLarge)
            case "other": self = .refused(.other(detail: stored.detail ?? ""))
            default: return nil
            }
        default: return nil
        }
    }
}

private struct StoredEvent: Codable {
    var kind: String
    var reason: String?
    var oldCrashID: String?
    var detail: String?
    var summary: StoredSummary?
    var claimNumber: String?
    /// The other motor vehicle's number, for a notice about its statement.
    var party: Int?
}

private struct StoredSummary: Codable {
    var photosFromOtherWriter: Int
    var photosFromThisDevice: Int
    var photosRemovedElsewhere: Int
    var leftOut: [String]
    var fieldsFromOtherWriter: [String]
    var keptFields: [String]
    var conflicts: [StoredConflict]
    var completedElsewhere: Bool
    /// Absent in notices kept before parties were merged.
    var partiesKeptOverRemoval: Int?

    init(_ summary: MergeSummary) {
        photosFromOtherWriter = summary.photosFromOtherWriter
        photosFromThisDevice = summary.photosFromThisDevice
        photosRemovedElsewhere = summary.photosRemovedElsewhere
        leftOut = summary.leftOut
        fieldsFromOtherWriter = summary.fieldsFromOtherWriter.map(\.rawValue)
        keptFields = summary.keptFields.map(\.rawValue)
        conflicts = summary.conflicts.map { StoredConflict(field: $0.field.rawValue, keptThisDevice: $0.keptThisDevice) }
        completedElsewhere = summary.completedElsewhere
        partiesKeptOverRemoval = summary.partiesKeptOverRemoval == 0 ? nil : summary.partiesKeptOverRemoval
    }

    var summary: MergeSummary? {
        let fromOther = fieldsFromOtherWriter.compactMap(ReportMerge.Field.init(rawValue:))
        let kept = keptFields.compactMap(ReportMerge.Field.init(rawValue:))
        let conflicts = conflicts.compactMap { conflict in
            ReportMerge.Field(rawValue: conflict.field).map { ReportMerge.Conflict(field: $0, keptThisDevice: conflict.keptThisDevice) }
        }
        guard fromOther.count == fieldsFromOtherWriter.count, kept.count == keptFields.count, conflicts.count == self.conflicts.count,
              [photosFromOtherWriter, photosFromThisDevice, photosRemovedElsewhere, partiesKeptOverRemoval ?? 0].allSatisfy({ $0 >= 0 }) else { return nil }
        return MergeSummary(
            photosFromOtherWriter: photosFromOtherWriter, photosFromThisDevice: photosFromThisDevice,
            photosRemovedElsewhere: photosRemovedElsewhere, leftOut: leftOut, fieldsFromOtherWriter: fromOther,
            keptFields: kept, conflicts: conflicts, completedElsewhere: completedElsewhere,
            partiesKeptOverRemoval: partiesKeptOverRemoval ?? 0
        )
    }
}

private struct StoredConflict: Codable {
    var field: String
    var keptThisDevice: Bool
}
