import Domain
import Foundation
import ServerCore
import Storage

extension SQLiteServerStore: CrashRecordStore {
    package func recordCrashID(_ crashID: CrashID, owner: AccountID, at date: Date, within rate: Allowance?) async throws {
        try await writing { connection in
            try Self.requireAccount(owner, in: connection)
            if let rate {
                let count = try Self.crashIDsIssued(to: owner, since: rate.since ?? .distantPast, in: connection)
                try rate.check(held: count.count, earliest: count.earliest)
            }
            try Self.issue(crashID, owner: owner, at: date, in: connection)
        }
    }

    package func owner(of crashID: CrashID) async throws -> AccountID? {
        try await reading { connection in
            let query = try connection.statement("SELECT owner FROM crash_ids WHERE crash_id = \(crashID.rawValue)")
            defer { query.reset() }
            return try query.step() ? AccountID(try Self.uuid(query, 0, table: "crash_ids", name: "owner")) : nil
        }
    }

    package func crashIDsIssued(to owner: AccountID, since date: Date) async throws -> RateCount {
        try await reading { connection in try Self.crashIDsIssued(to: owner, since: date, in: connection) }
    }

    /// How the rates count one window's rows: each through an index on the account and the time (layout version 13),
    /// so a count reads the window's rows only.
    package static func crashIDsIssuedQuery(to owner: AccountID, since date: Date) -> SQLiteQuery {
        "SELECT count(*), min(issued_at) FROM crash_ids WHERE owner = \(owner.rawValue) AND issued_at >= \(date.timeIntervalSinceReferenceDate)"
    }

    package static func crashEventsReceivedQuery(from detector: AccountID, since date: Date) -> SQLiteQuery {
        """
        SELECT count(*), min(received_at) FROM crash_events
        WHERE detector = \(detector.rawValue) AND received_at >= \(date.timeIntervalSinceReferenceDate)
        """
    }

    private static func crashIDsIssued(to owner: AccountID, since date: Date, in connection: SQLiteConnection) throws -> RateCount {
        try rateCount(crashIDsIssuedQuery(to: owner, since: date), in: connection)
    }

    private static func crashEventsReceived(from detector: AccountID, since date: Date, in connection: SQLiteConnection) throws -> RateCount {
        try rateCount(crashEventsReceivedQuery(from: detector, since: date), in: connection)
    }

    private static func rateCount(_ sql: SQLiteQuery, in connection: SQLiteConnection) throws -> RateCount {
        let query = try connection.statement(sql)
        defer { query.reset() }
        guard try query.step() else { return RateCount(count: 0, earliest: nil) }
        return RateCount(count: query.int(0), earliest: query.optionalDouble(1).map(Date.init(timeIntervalSinceReferenceDate:)))
    }

    package func receipt(eventID: String, detector: AccountID) async throws -> CrashEventReceipt? {
        try await reading { connection in
            try Self.receipt(eventID: eventID, detector: detector, in: connection)
        }
    }

    package func recordCrash(
        _ crash: DetectedCrash, detector: AccountID, owner: AccountID, report: CrashReport, sms: SMSMessage?, at date: Date,
        within rate: Allowance?
    ) async throws -> (receipt: CrashEventReceipt, isNew: Bool) {
        try await writing { connection in
            // Inside the write lock: of two deliveries at once, the second finds the first's event here.
            if let first = try Self.receipt(eventID: crash.eventID, detector: detector, in: connection) {
                return (first, false)
            }
            if let rate {
                // Counted for a detector that still exists (as on PostgreSQL, whose count locks its row).
                try Self.requireAccount(detector, in: connection)
                let count = try Self.crashEventsReceived(from: detector, since: rate.since ?? .distantPast, in: connection)
                try rate.check(held: count.count, earliest: count.earliest)
            }
            try Self.issue(report.crashID, owner: owner, at: date, in: connection)

            let detection = crash.detection
            let event = try connection.statement("""
                INSERT INTO crash_events (detector, event_id, crash_id, report_id, owner, received_at, detected_at, latitude,
                                          longitude, accuracy_meters, position_trusted, heading_degrees, speed_kmh, delta_v_kmh,
                                          airbags_deployed, rollover, is_test, event_digest)
                VALUES (\(detector.rawValue), \(crash.eventID), \(report.crashID.rawValue), \(report.id.rawValue), \(owner.rawValue),
                        \(date.timeIntervalSinceReferenceDate), \(detection.detectedAt.timeIntervalSinceReferenceDate),
                        \(detection.position.latitude), \(detection.position.longitude), \(detection.accuracyMeters),
                        \(detection.positionTrusted), \(detection.headingDegrees), \(detection.speedKmh), \(detection.deltaVKmh),
                        \(detection.airbagsDeployed), \(detection.rollover), \(detection.isTest), \(crash.digest))
                """)
            try event.run()

            _ = try Self.run(in: connection) { transaction in try await StoreSteps.store(report, owner: owner, in: transaction) }
            if let sms {
                try Self.insert(sms, in: connection)
                try Self.insert(.sendSMS(sms.id), smsOwner: sms.owner, at: date, in: connection)
            }
            return (CrashEventReceipt(crashID: report.crashID, reportID: report.id, owner: owner, eventDigest: crash.digest), true)
        }
    }

    // MARK: - Rows

    /// Records the crash ID as issued, inside the caller's write transaction.
    /// - Throws: ``ServerStoreError/crashIDTaken(_:)`` when it was issued before.
    private static func issue(_ crashID: CrashID, owner: AccountID, at date: Date, in connection: SQLiteConnection) throws {
        let insert = try connection.statement("""
            INSERT INTO crash_ids (crash_id, owner, issued_at) VALUES (\(crashID.rawValue), \(owner.rawValue),
                \(date.timeIntervalSinceReferenceDate)) ON CONFLICT (crash_id) DO NOTHING
            """)
        try insert.run()
        if connection.changes == 0 { throw ServerStoreError.crashIDTaken(crashID) }
    }

    private static func receipt(
        eventID: String, detector: AccountID, in connection: SQLiteConnection
    ) throws -> CrashEventReceipt? {
        let query = try connection.statement(
            "SELECT crash_id, report_id, owner, event_digest FROM crash_events WHERE detector = \(detector.rawValue) AND event_id = \(eventID)"
        )
        defer { query.reset() }
        guard try query.step() else { return nil }
        return CrashEventReceipt(
            crashID: try crashID(query, 0, table: "crash_events"),
            reportID: ReportID(try uuid(query, 1, table: "crash_events", name: "report_id")),
            owner: AccountID(try uuid(query, 2, table: "crash_events", name: "owner")),
            eventDigest: query.optionalString(3)
        )
    }
}
