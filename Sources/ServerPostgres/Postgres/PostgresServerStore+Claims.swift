import Domain
import Foundation
import PostgresNIO
import ServerCore
import WireAPI

extension PostgresServerStore: ClaimStore {
    package func claims(_ filter: ClaimFilter, after position: ClaimPosition?, limit: Int) async throws -> [Claim] {
        let decoder = WireCoding.decoder()
        var claims: [Claim] = []
        let from = filter.submittedFrom?.timeIntervalSinceReferenceDate
        let before = filter.submittedBefore?.timeIntervalSinceReferenceDate
        let after = position?.submittedAt.timeIntervalSinceReferenceDate
        try await client.rows("""
            SELECT c.id, c.owner, c.submitted_at, r.id, r.body FROM claims c JOIN reports r ON r.owner = c.owner AND r.id = c.report_id
            WHERE (\(from)::double precision IS NULL OR c.submitted_at >= \(from))
              AND (\(before)::double precision IS NULL OR c.submitted_at < \(before))
              AND (\(filter.acknowledged)::boolean IS NULL OR (c.acknowledged_at IS NOT NULL) = \(filter.acknowledged))
              AND (\(after)::double precision IS NULL OR (c.submitted_at, c.id) < (\(after), \(position?.id.rawValue)::uuid))
            ORDER BY c.submitted_at DESC, c.id DESC LIMIT \(Int64(clamping: limit))
            """) { row in claims.append(try Self.claim(from: row, decoder: decoder)) }
        return claims
    }

    package func claim(_ id: ClaimID) async throws -> Claim? {
        try await client.withConnection { connection in try await Self.loadClaim(id, on: connection, locking: false) }
    }

    package func claim(of report: ReportID, owner: AccountID) async throws -> Claim? {
        let decoder = WireCoding.decoder()
        var found: Claim?
        try await client.rows("""
            SELECT c.id, c.owner, c.submitted_at, r.id, r.body FROM claims c JOIN reports r ON r.owner = c.owner AND r.id = c.report_id
            WHERE c.owner = \(owner.rawValue) AND c.report_id = \(report.rawValue)
            """) { row in found = try Self.claim(from: row, decoder: decoder) }
        return found
    }

    package func acknowledge(
        _ id: ClaimID, with acknowledgement: ClaimAcknowledgement, document: ContentHash?, drawnAt revision: Int,
        queueingIfFirst job: ServerJob?, at date: Date
    ) async throws -> AcknowledgementWrite? {
        try await writing { connection in
            try await StoreSteps.acknowledge(
                id, with: acknowledgement, document: document, drawnAt: revision, queueingIfFirst: job, at: date,
                in: PostgresStoreTransaction(connection: connection)
            )
        }
    }

    package func recordClaimStatus(
        _ id: ClaimID, _ update: ClaimStatusUpdate, sms: SMSMessage?, tellsClaimsSystem: Bool, readAt revision: Int, at date: Date
    ) async throws -> ClaimStatusWrite? {
        try await writing { connection in
            try await StoreSteps.recordClaimStatus(
                id, update, sms: sms, tellsClaimsSystem: tellsClaimsSystem, readAt: revision, at: date,
                in: PostgresStoreTransaction(connection: connection)
            )
        }
    }

    static func loadClaim(_ id: ClaimID, on connection: PostgresConnection, locking: Bool) async throws -> Claim? {
        let query: PostgresQuery = locking
            ? """
              SELECT c.id, c.owner, c.submitted_at, r.id, r.body FROM claims c JOIN reports r ON r.owner = c.owner AND r.id = c.report_id
              WHERE c.id = \(id.rawValue) FOR UPDATE OF r
              """
            : """
              SELECT c.id, c.owner, c.submitted_at, r.id, r.body FROM claims c JOIN reports r ON r.owner = c.owner AND r.id = c.report_id
              WHERE c.id = \(id.rawValue)
              """
        let decoder = WireCoding.decoder()
        var found: Claim?
        for try await row in try await connection.query(query, logger: queryLogger) {
            found = try claim(from: row, decoder: decoder)
        }
        return found
    }

    private static func claim(from row: PostgresRow, decoder: JSONDecoder) throws -> Claim {
        let (id, owner, submittedAt, reportID, body) = try row.decode((UUID, UUID, Double, UUID, String).self)
        let report = try StoredRecord.report(body: body, id: ReportID(reportID), decoder: decoder)
        return Claim(id: ClaimID(id), owner: AccountID(owner), submittedAt: Date(timeIntervalSinceReferenceDate: submittedAt), report: report)
    }
}
