import Domain
import Foundation
import WireAPI

/// How every server store keeps what is not a plain column, and reads it back: a report as its wire JSON, rebuilt
/// through Domain; hashes, crash IDs and names of kinds as text. Written once for every engine (SQLite, PostgreSQL),
/// so a value one store refuses as damaged, every store refuses with the same words.
package enum StoredRecord {
    // MARK: - Reports

    /// The version to store for a save of `report` when the store holds `current` and `holder` is the owner's other
    /// report carrying the same crash ID (if any), and its wire JSON.
    /// - Returns: the stored version as a later read gives it back (times to the microsecond, as on the wire), and the
    ///   body to write.
    /// - Throws: what `WriteCheck` refuses: `ReportError/conflict(_:current:)` carrying `current` when the revision
    ///   check fails, `ReportError/readOnly(_:)` for a change to a completed report,
    ///   `ReportError/crashIDTaken(_:holder:)`; ``ServerStoreError/damagedRecord(table:reason:)`` when the body could
    ///   not be read back.
    package static func nextVersion(of report: CrashReport, current: CrashReport?, holder: CrashReport?) throws -> (stored: CrashReport, body: String) {
        let next = try WriteCheck.next(for: report, current: current)
        try WriteCheck.checkCrashID(of: report, holder: holder)
        let body = String(decoding: try WireCoding.encoder().encode(Components.Schemas.Report(next)), as: UTF8.self)
        // What a read will give back, checked before it is written: a report that cannot be read back is refused.
        return (try Self.report(body: body, id: next.id, decoder: WireCoding.decoder()), body)
    }

    /// Rebuilds a report from its wire JSON through Domain.
    /// - Throws: ``ServerStoreError/damagedRecord(table:reason:)`` naming the field that cannot be read, or saying
    ///   that the body belongs to another report than its row.
    package static func report(body: String, id: ReportID, decoder: JSONDecoder) throws(ServerStoreError) -> CrashReport {
        let wire: Components.Schemas.Report
        do {
            wire = try decoder.decode(Components.Schemas.Report.self, from: Data(body.utf8))
        } catch let error as DecodingError {
            throw .damagedRecord(table: "reports", reason: "body of \(id): \(describe(error))")
        } catch {
            throw .damagedRecord(table: "reports", reason: "body of \(id): \(error)")
        }
        let report: CrashReport
        do throws(InvalidReportData) {
            report = try CrashReport(wire: wire)
        } catch {
            throw .damagedRecord(table: "reports", reason: "body of \(id): \(error.field): \(error.problem)")
        }
        guard report.id == id else {
            throw .damagedRecord(table: "reports", reason: "body of \(id): id: \(report.id) is another report's")
        }
        return report
    }

    // MARK: - Values kept as text

    /// The content hash kept as hex text in a column.
    package static func contentHash(_ text: String, table: String, name: String = "sha256") throws(ServerStoreError) -> ContentHash {
        do {
            return try ContentHash(hex: text)
        } catch {
            throw .damagedRecord(table: table, reason: "\(name): not a SHA-256 ('\(text.prefix(80))')")
        }
    }

    /// The crash ID kept as text in a column.
    package static func crashID(_ text: String, table: String) throws(ServerStoreError) -> CrashID {
        do {
            return try CrashID(validating: text)
        } catch {
            throw .damagedRecord(table: table, reason: "crash_id: not a crash ID ('\(text.prefix(80))')")
        }
    }

    /// A phone number kept in E.164 form in a column, or none.
    package static func phone(_ text: String?, table: String) throws(ServerStoreError) -> PhoneNumber? {
        guard let text else { return nil }
        do {
            return try PhoneNumber(kept: text)
        } catch {
            throw .damagedRecord(table: table, reason: "phone: not a phone number ('\(text.prefix(40))')")
        }
    }

    /// A language kept as text in a column.
    package static func language(_ text: String?, table: String) throws(ServerStoreError) -> LanguageTag? {
        guard let text else { return nil }
        do {
            return try LanguageTag(parsing: text)
        } catch {
            throw .damagedRecord(table: table, reason: "language: not a language ('\(text.prefix(16))')")
        }
    }

    /// A value of a closed set of names (an account's kind, a photo's media type) kept as text in a column.
    package static func named<Value: RawRepresentable<String>>(
        _ text: String, as type: Value.Type, table: String, name: String
    ) throws(ServerStoreError) -> Value {
        guard let value = Value(rawValue: text) else {
            throw .damagedRecord(table: table, reason: "\(name): unknown ('\(text.prefix(40))')")
        }
        return value
    }

    /// The statement a row names in its `statement` column: `b`, or the party's id.
    package static func pair(_ text: String, table: String) throws(ServerStoreError) -> StatementPair {
        guard let pair = StatementPair(stored: text) else {
            throw .damagedRecord(table: table, reason: "statement: neither b nor a party's id ('\(text.prefix(40))')")
        }
        return pair
    }

    /// A line of a signing record from its columns (``SigningEntry``), with its code's message's delivery when the
    /// message is still kept.
    package static func signingEntry(
        number: Int, statement: String, side: String, act: String, means: String, name: String?, reason: String?, account: String?, phone: String?,
        version: String, actedAt: Double, recordedAt: Double, codeSMS: UUID?, smsState: String?, smsDetail: String?, smsUpdatedAt: Double?
    ) throws(ServerStoreError) -> SigningEntry {
        let table = "signing_record"
        guard let kept = StatementVersion(hex: version) else { throw .damagedRecord(table: table, reason: "version: not a version") }
        let pair = try pair(statement, table: table)
        var delivery: SMSDelivery?
        if let smsState, let smsUpdatedAt {
            delivery = SMSDelivery(
                state: try named(smsState, as: SMSState.self, table: "sms_messages", name: "state"), detail: smsDetail,
                updatedAt: Date(timeIntervalSinceReferenceDate: smsUpdatedAt)
            )
        }
        return SigningEntry(
            number: number, pair: pair, side: try named(side, as: VehicleSide.self, table: table, name: "side"),
            act: try named(act, as: SigningEntry.Act.self, table: table, name: "act"),
            means: try named(means, as: SigningEntry.Means.self, table: table, name: "means"), name: name, reason: reason,
            account: account, phone: try Self.phone(phone, table: table), version: kept,
            actedAt: Date(timeIntervalSinceReferenceDate: actedAt), recordedAt: Date(timeIntervalSinceReferenceDate: recordedAt),
            codeSMS: codeSMS.map(SMSMessageID.init), delivery: delivery
        )
    }

    // MARK: - Describing

    /// What a JSON decoding error says, led by the field it concerns (`scene.occurredAt`, `photos[2].sha256`).
    private static func describe(_ error: DecodingError) -> String {
        func field(_ path: [any CodingKey]) -> String {
            let text = path.reduce(into: "") { text, key in
                if let index = key.intValue {
                    text += "[\(index)]"
                } else {
                    text += text.isEmpty ? key.stringValue : "." + key.stringValue
                }
            }
            return text.isEmpty ? "(the whole body)" : text
        }
        switch error {
        case let .keyNotFound(key, context):
            return "\(field(context.codingPath + [key])): missing"
        case let .valueNotFound(_, context):
            return "\(field(context.codingPath)): missing"
        case let .typeMismatch(type, context):
            return "\(field(context.codingPath)): not a \(type)"
        case let .dataCorrupted(context):
            return "\(field(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }
}
