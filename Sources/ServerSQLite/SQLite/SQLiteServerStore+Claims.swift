import Domain
import Foundation
import ServerCore
import Storage
import WireAPI

extension SQLiteServerStore: ClaimStore {
    package func claims(_ filter: ClaimFilter, after position: ClaimPosition?, limit: Int) async throws -> [Claim] {
        try await reading { connection in
            let from = filter.submittedFrom?.timeIntervalSinceReferenceDate
            let before = filter.submittedBefore?.timeIntervalSinceReferenceDate
            let after = position?.submittedAt.timeIntervalSinceReferenceDate
            let query = try connection.statement("""
                SELECT c.id, c.owner, c.submitted_at, r.id, r.body FROM claims c JOIN reports r ON r.owner = c.owner AND r.id = c.report_id
                WHERE (\(from) IS NULL OR c.submitted_at >= \(from)) AND (\(before) IS NULL OR c.submitted_at < \(before))
                  AND (\(filter.acknowledged) IS NULL OR (c.acknowledged_at IS NOT NULL) = \(filter.acknowledged))
                  AND (\(after) IS NULL OR (c.submitted_at, c.id) < (\(after), \(position?.id.rawValue)))
                ORDER BY c.submitted_at DESC, c.id DESC LIMIT \(limit)
                """)
            defer { query.reset() }
            let decoder = WireCoding.decoder()
            var claims: [Claim] = []
            while try query.step() { claims.append(try Self.claim(from: query, decoder: decoder)) }
            return claims
        }
    }

    package func claim(_ id: ClaimID) async throws -> Claim? {
        try await reading { connection in try Self.loadClaim(id, in: connection) }
    }

    package func claim(of report: ReportID, owner: AccountID) async throws -> Claim? {
        try await reading { connection in
            let query = try connection.statement("""
                SELECT c.id, c.owner, c.submitted_at, r.id, r.body FROM claims c JOIN reports r ON r.owner = c.owner AND r.id = c.report_id
                WHERE c.owner = \(owner.rawValue) AND c.report_id = \(report.rawValue)
                """)
            defer { query.reset() }
            return try query.step() ? try Self.claim(from: query, decoder: WireCoding.decoder()) : nil
        }
    }

    package func acknowledge(
        _ id: ClaimID, with acknowledgement: ClaimAcknowledgement, document: ContentHash?, drawnAt revision: Int,
        queueingIfFirst job: ServerJob?, at date: Date
    ) async throws -> AcknowledgementWrite? {
        try await writing { connection in
            try Self.run(in: connection) { transaction in
                try await StoreSteps.acknowledge(
                    id, with: acknowledgement, document: document, drawnAt: revision, queueingIfFirst: job, at: date, in: transaction
                )
            }
        }
    }

    package func recordClaimStatus(
        _ id: ClaimID, _ update: ClaimStatusUpdate, sms: SMSMessage?, tellsClaimsSystem: Bool, readAt revision: Int, at date: Date
    ) async throws -> ClaimStatusWrite? {
        try await writing { connection in
            try Self.run(in: connection) { transaction in
                try await StoreSteps.recordClaimStatus(
                    id, update, sms: sms, tellsClaimsSystem: tellsClaimsSystem, readAt: revision, at: date, in: transaction
                )
            }
        }
    }

    static func loadClaim(_ id: ClaimID, in connection: SQLiteConnection) throws -> Claim? {
        let query = try connection.statement("""
            SELECT c.id, c.owner, c.submitted_at, r.id, r.body FROM claims c JOIN reports r ON r.owner = c.owner AND r.id = c.report_id
            WHERE c.id = \(id.rawValue)
            """)
        defer { query.reset() }
        return try query.step() ? try claim(from: query, decoder: WireCoding.decoder()) : nil
    }

    /// The claim in a row of `c.id, c.owner, c.submitted_at, r.id, r.body`.
    private static func claim(from row: SQLiteStatement, decoder: JSONDecoder) throws -> Claim {
        let id = ClaimID(try uuid(row, 0, table: "claims", name: "id"))
        let owner = AccountID(try uuid(row, 1, table: "claims", name: "owner"))
        let reportID = ReportID(try uuid(row, 3, table: "reports", name: "id"))
        let report = try StoredRecord.report(body: row.string(4), id: reportID, decoder: decoder)
        return Claim(id: id, owner: owner, submittedAt: Date(timeIntervalSinceReferenceDate: row.double(2)), report: report)
    }
}
