import Domain
import Foundation
import WireAPI

extension Components.Schemas.SigningRecordEntry {
    /// A line of a signing record as a claims handler or the claims system reads it.
    package init(_ entry: SigningEntry) {
        self.init(
            number: entry.number, party: Self.party(of: entry.pair), side: entry.side == .a ? .a : .b, act: entry.act == .signed ? .signed : .declined,
            verification: Self.VerificationPayload(rawValue: entry.means.rawValue) ?? .sameDevice, name: entry.name, reason: entry.reason,
            account: entry.account, phone: entry.phone?.e164, version: entry.version.hex, actedAt: entry.actedAt, recordedAt: entry.recordedAt,
            codeDelivery: entry.delivery.map { delivery in
                .init(state: .init(rawValue: delivery.state.rawValue) ?? .queued, detail: delivery.detail, updatedAt: delivery.updatedAt)
            }
        )
    }

    private static func party(of pair: StatementPair) -> String? {
        if case let .vehicle(id) = pair { id.description } else { nil }
    }
}
