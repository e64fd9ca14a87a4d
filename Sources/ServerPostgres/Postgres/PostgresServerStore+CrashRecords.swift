import Domain
import Foundation
import PostgresNIO
import ServerCore

extension PostgresServerStore: CrashRecordStore {
    package func recordCrashID(_ crashID: CrashID, owner: AccountID, at date: Date, within rate: Allowance?) async throws {
        try await writing { connection in
            try await Self.requireAccount(owner, on: connection, forQuota: rate != nil)
            if let rate {
                let count = try await Self.rateCount(
                    "SELECT count(*), min(issued_at) FROM crash_ids WHERE owner = \(owner.rawValue) AND issued_at >= \((rate.since ?? .distantPast).timeIntervalSinceReferenceDate)",
                    on: connection
                )
                try rate.check(held: count.count, earliest: count.earliest)
            }
            try await Self.issue(crashID, owner: owner, at: date, on: connection)
        }
    }

    package func owner(of crashID: CrashID) async throws -> AccountID? {
        var found: AccountID?
        try await client.rows("SELECT owner FROM crash_ids WHERE crash_id = \(crashID.rawValue)") { row in
            found = AccountID(try row.decode(UUID.self))
        }
        return found
    }

    package func crashIDsIssued(to owner: AccountID, since date: Date) async throws -> RateCount {
        var count = RateCount(count: 0, earliest: nil)
        try await client.rows(
            "SELECT count(*), min(issued_at) FROM crash_ids WHERE owner = \(owner.rawValue) AND issued_at >= \(date.timeIntervalSinceReferenceDate)"
        ) { row in
            let (number, earliest) = try row.decode((Int, Double?).self)
            count = RateCount(count: number, earliest: earliest.map(Date.init(timeIntervalSinceReferenceDate:)))
        }
        return count
    }

    package func receipt(eventID: String, detector: AccountID) async throws -> CrashEventReceipt? {
        try await client.withConnection { connection in
            try await Self.receipt(eventID: eventID, detector: detector, on: connection)
        }
    }

    /// Claims the event's row first: of two deliveries at once (on any instances), the second's insert waits for the
    /// first's transaction and then does nothing, and it answers with the first's receipt. The crash ID the event
    /// names is checked when the transaction commits.
    package func recordCrash(
        _ crash: DetectedCrash, detector: AccountID, owner: AccountID, report: CrashReport, sms: SMSMessage?, at date: Date,
        within rate: Allowance?
    ) async throws -> (receipt: CrashEventReceipt, isNew: Bool) {
        try await writing { connection in
            let claim = try await connection.query("""
                INSERT INTO crash_events (detector, event_id, crash_id, report_id, owner, received_at, detected_at,
                                          latitude, longitude, accuracy_meters, position_trusted, heading_degrees,
                                          speed_kmh, delta_v_kmh, airbags_deployed, rollover, is_test, event_digest)
                VALUES (\(detector.rawValue), \(crash.eventID), \(report.crashID.rawValue), \(report.id.rawValue),
                        \(owner.rawValue), \(date.timeIntervalSinceReferenceDate),
                        \(crash.detection.detectedAt.timeIntervalSinceReferenceDate), \(crash.detection.position.latitude),
                        \(crash.detection.position.longitude), \(crash.detection.accuracyMeters), \(crash.detection.positionTrusted),
                        \(crash.detection.headingDegrees), \(crash.detection.speedKmh), \(crash.detection.deltaVKmh), \(crash.detection.airbagsDeployed),
                        \(crash.detection.rollover), \(crash.detection.isTest), \(crash.digest))
                ON CONFLICT (detector, event_id) DO NOTHING
                RETURNING event_id
                """, logger: Self.queryLogger)
            var claimed = false
            for try await _ in claim { claimed = true }
            guard claimed else {
                guard let first = try await Self.receipt(eventID: crash.eventID, detector: detector, on: connection) else {
                    throw ServerStoreError.damagedRecord(table: "crash_events", reason: "event \(crash.eventID) vanished while read")
                }
                return (first, false)
            }
            try await Self.issue(report.crashID, owner: owner, at: date, on: connection)
            _ = try await StoreSteps.store(report, owner: owner, in: PostgresStoreTransaction(connection: connection))
            if let sms {
                try await Self.insert(sms, on: connection)
                try await Self.insert(.sendSMS(sms.id), smsOwner: sms.owner, at: date, on: connection)
            }
            if let rate {
                // The detector's row locked for its rate's count, as late as can be: its events are counted one at a
                // time (each count sees those committed before it and its own), while the rest of their writes go
                // side by side. A refused event's writes are rolled back with it.
                try await Self.requireAccount(detector, on: connection, forQuota: true)
                // The count holds the event just claimed.
                let count = try await Self.rateCount(
                    "SELECT count(*), min(received_at) FROM crash_events WHERE detector = \(detector.rawValue) AND received_at >= \((rate.since ?? .distantPast).timeIntervalSinceReferenceDate)",
                    on: connection
                )
                try rate.check(held: count.count - 1, earliest: count.earliest)
            }
            return (CrashEventReceipt(crashID: report.crashID, reportID: report.id, owner: owner, eventDigest: crash.digest), true)
        }
    }

    // MARK: - In a transaction

    /// Records the crash ID as issued, inside the caller's transaction.
    /// - Throws: ``ServerStoreError/crashIDTaken(_:)`` when it was issued before.
    private static func issue(_ crashID: CrashID, owner: AccountID, at date: Date, on connection: PostgresConnection) async throws {
        let insert = try await connection.query("""
            INSERT INTO crash_ids (crash_id, owner, issued_at)
            VALUES (\(crashID.rawValue), \(owner.rawValue), \(date.timeIntervalSinceReferenceDate))
            ON CONFLICT (crash_id) DO NOTHING
            RETURNING crash_id
            """, logger: queryLogger)
        var inserted = false
        for try await _ in insert { inserted = true }
        if !inserted { throw ServerStoreError.crashIDTaken(crashID) }
    }

    private static func receipt(
        eventID: String, detector: AccountID, on connection: PostgresConnection
    ) async throws -> CrashEventReceipt? {
        let rows = try await connection.query("""
            SELECT crash_id, report_id, owner, event_digest FROM crash_events WHERE detector = \(detector.rawValue) AND event_id = \(eventID)
            """, logger: queryLogger)
        var found: CrashEventReceipt?
        for try await (crashID, reportID, owner, digest) in rows.decode((String, UUID, UUID, String?).self) {
            found = CrashEventReceipt(
                crashID: try StoredRecord.crashID(crashID, table: "crash_events"),
                reportID: ReportID(reportID),
                owner: AccountID(owner),
                eventDigest: digest
            )
        }
        return found
    }
}

extension PostgresServerStore {
    /// A rate's count and its earliest time, inside the caller's transaction.
    fileprivate static func rateCount(_ query: PostgresQuery, on connection: PostgresConnection) async throws -> RateCount {
        var count = RateCount(count: 0, earliest: nil)
        for try await (number, earliest) in try await connection.query(query, logger: queryLogger).decode((Int, Double?).self) {
            count = RateCount(count: number, earliest: earliest.map(Date.init(timeIntervalSinceReferenceDate:)))
        }
        return count
    }
}
