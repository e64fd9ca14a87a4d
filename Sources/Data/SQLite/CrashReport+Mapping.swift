import Domain
import Foundation
import Storage
import WireAPI

extension CrashReport {
    /// The report's row, in the columns ``init(row:id:injuries:photos:path:)`` reads, in order.
    static func select(_ id: ReportID) -> SQLiteQuery {
        """
        SELECT crash_id, status, created_at, updated_at, completed_at, occurred_at, latitude, longitude, address,
               note, revision, provisional_crash_id, utc_offset_minutes, detection, acknowledgement, statement, language,
               parties, claim_timeline
        FROM reports WHERE id = \(id.rawValue)
        """
    }

    /// The upsert of the report's `reports` row for ``SQLiteReportRepository``: the scene the driver set and, for the
    /// list, the scene the report shows (`shown_…`).
    var upsert: SQLiteQuery {
        let shown = effectiveScene.scene
        return """
            INSERT INTO reports (id, crash_id, status, created_at, updated_at, completed_at, occurred_at, latitude,
                                 longitude, address, note, revision, injury_count, photo_count, has_note,
                                 shown_occurred_at, shown_latitude, shown_longitude, shown_address,
                                 provisional_crash_id, utc_offset_minutes, detection, acknowledgement, statement,
                                 statement_parts, language, shown_utc_offset_minutes, parties, claim_timeline)
            VALUES (
                    \(id.rawValue),
                    \(crashID.rawValue),
                    \(status.rawValue),
                    \(createdAt.timeIntervalSinceReferenceDate),
                    \(updatedAt.timeIntervalSinceReferenceDate),
                    \(completedAt?.timeIntervalSinceReferenceDate),
                    \(scene.occurredAt.timeIntervalSinceReferenceDate),
                    \(scene.coordinate?.latitude),
                    \(scene.coordinate?.longitude),
                    \(scene.address),
                    \(otherDriverNote),
                    \(revision),
                    \(injuries.count),
                    \(photoCount),
                    \(hasNote),
                    \(shown.occurredAt.timeIntervalSinceReferenceDate),
                    \(shown.coordinate?.latitude),
                    \(shown.coordinate?.longitude),
                    \(shown.address),
                    \(provisionalCrashID?.rawValue),
                    \(scene.utcOffsetMinutes),
                    \(detection.flatMap(Self.detectionJSON)),
                    \(acknowledgement.flatMap(Self.acknowledgementJSON)),
                    \(statement.isEmpty ? nil : Self.statementJSON(statement)),
                    \(statement.filledParts),
                    \(language?.rawValue),
                    \(shown.utcOffsetMinutes),
                    \(parties.isAlone ? nil : Self.partiesJSON(parties)),
                    \(claimTimeline.isEmpty ? nil : Self.timelineJSON(claimTimeline))
                )
            ON CONFLICT (id) DO UPDATE SET
                crash_id = excluded.crash_id, status = excluded.status, created_at = excluded.created_at,
                updated_at = excluded.updated_at, completed_at = excluded.completed_at,
                occurred_at = excluded.occurred_at, latitude = excluded.latitude, longitude = excluded.longitude,
                address = excluded.address, note = excluded.note, revision = excluded.revision,
                injury_count = excluded.injury_count, photo_count = excluded.photo_count, has_note = excluded.has_note,
                shown_occurred_at = excluded.shown_occurred_at, shown_latitude = excluded.shown_latitude,
                shown_longitude = excluded.shown_longitude, shown_address = excluded.shown_address,
                provisional_crash_id = excluded.provisional_crash_id, utc_offset_minutes = excluded.utc_offset_minutes,
                detection = excluded.detection, acknowledgement = excluded.acknowledgement, statement = excluded.statement,
                statement_parts = excluded.statement_parts, language = excluded.language,
                shown_utc_offset_minutes = excluded.shown_utc_offset_minutes, parties = excluded.parties,
                claim_timeline = excluded.claim_timeline
        """
    }

    /// The accident statement, as the wire's JSON.
    private static func statementJSON(_ statement: AccidentStatement) -> String? {
        guard let json = try? WireCoding.encoder().encode(Components.Schemas.AccidentStatement(statement)) else { return nil }
        return String(decoding: json, as: UTF8.self)
    }

    /// The other parties, as the wire's JSON.
    private static func partiesJSON(_ parties: CrashParties) -> String? {
        guard let json = try? WireCoding.encoder().encode(parties.all.map { Components.Schemas.Party($0) }) else { return nil }
        return String(decoding: json, as: UTF8.self)
    }

    /// The claim's steps, as the wire's JSON.
    private static func timelineJSON(_ timeline: [ClaimStatusUpdate]) -> String? {
        guard let json = try? WireCoding.encoder().encode(timeline.map(Components.Schemas.ClaimStatusUpdate.init)) else { return nil }
        return String(decoding: json, as: UTF8.self)
    }

    /// The insurer's acknowledgement, as the wire's JSON.
    private static func acknowledgementJSON(_ acknowledgement: ClaimAcknowledgement) -> String? {
        guard let json = try? WireCoding.encoder().encode(Components.Schemas.ClaimAcknowledgement(acknowledgement)) else { return nil }
        return String(decoding: json, as: UTF8.self)
    }

    /// What the crash detection measured, as the wire's JSON.
    private static func detectionJSON(_ detection: CrashDetection) -> String? {
        guard let json = try? WireCoding.encoder().encode(Components.Schemas.CrashDetection(detection)) else { return nil }
        return String(decoding: json, as: UTF8.self)
    }

    /// Rebuilds a report from a row of ``select(_:)`` and its injury and photo rows.
    init(row: SQLiteStatement, id reportID: ReportID, injuries: [Injury], photos: [Photo], path: String) throws {
        let crashID = try CrashID(validating: row.string(0))
        guard let status = row.value(1, of: ReportStatus.self) else {
            throw StorageError.damagedRecord(path: path, reason: "unknown status \(row.string(1))")
        }
        let scene = try CrashScene(row: row, from: 5, path: path).withUTCOffset(row.optionalInt(12))
        let provisionalCrashID: CrashID?
        do {
            provisionalCrashID = try row.optionalString(11).map { text throws(InputError) in try CrashID(validating: text) }
        } catch {
            throw StorageError.damagedRecord(path: path, reason: "the provisional crash ID of report \(reportID) is not valid")
        }
        var detection: CrashDetection?
        if let json = row.optionalString(13) {
            do {
                detection = try CrashDetection(wire: WireCoding.decoder().decode(Components.Schemas.CrashDetection.self, from: Data(json.utf8)))
            } catch {
                throw StorageError.damagedRecord(path: path, reason: "the crash detection of report \(reportID) cannot be read")
            }
        }
        var acknowledgement: ClaimAcknowledgement?
        if let json = row.optionalString(14) {
            do {
                acknowledgement = try ClaimAcknowledgement(
                    wire: WireCoding.decoder().decode(Components.Schemas.ClaimAcknowledgement.self, from: Data(json.utf8))
                )
            } catch {
                throw StorageError.damagedRecord(path: path, reason: "the insurer's acknowledgement of report \(reportID) cannot be read")
            }
        }
        var statement = AccidentStatement.empty
        if let json = row.optionalString(15) {
            do {
                statement = try AccidentStatement(
                    wire: WireCoding.decoder().decode(Components.Schemas.AccidentStatement.self, from: Data(json.utf8))
                )
            } catch let error as InvalidReportData {
                throw StorageError.damagedRecord(path: path, reason: "\(error.field) of report \(reportID): \(error.problem)")
            } catch {
                throw StorageError.damagedRecord(path: path, reason: "the accident statement of report \(reportID) cannot be read")
            }
        }
        var parties = CrashParties()
        if let json = row.optionalString(17) {
            do {
                parties = try CrashParties(wire: WireCoding.decoder().decode([Components.Schemas.Party].self, from: Data(json.utf8)))
            } catch let error as InvalidReportData {
                throw StorageError.damagedRecord(path: path, reason: "\(error.field) of report \(reportID): \(error.problem)")
            } catch {
                throw StorageError.damagedRecord(path: path, reason: "the other parties of report \(reportID) cannot be read")
            }
        }
        var timeline: [ClaimStatusUpdate] = []
        if let json = row.optionalString(18) {
            do {
                timeline = try WireCoding.decoder().decode([Components.Schemas.ClaimStatusUpdate].self, from: Data(json.utf8)).map { step throws in
                    try ClaimStatusUpdate(wire: step)
                }
            } catch let error as InvalidReportData {
                throw StorageError.damagedRecord(path: path, reason: "claimTimeline.\(error.field) of report \(reportID): \(error.problem)")
            } catch {
                throw StorageError.damagedRecord(path: path, reason: "the claim's status of report \(reportID) cannot be read")
            }
        }
        let language: LanguageTag?
        do {
            language = try row.optionalString(16).map { text throws(LanguageTagError) in try LanguageTag(parsing: text) }
        } catch {
            throw StorageError.damagedRecord(path: path, reason: "the language of report \(reportID) is not a language")
        }
        do {
            try self.init(
            id: reportID,
            crashID: crashID,
            provisionalCrashID: provisionalCrashID,
            detection: detection,
            status: status,
            createdAt: Date(timeIntervalSinceReferenceDate: row.double(2)),
            updatedAt: Date(timeIntervalSinceReferenceDate: row.double(3)),
            completedAt: row.optionalDouble(4).map(Date.init(timeIntervalSinceReferenceDate:)),
            scene: scene,
            injuries: InjurySelection(injuries.sorted()),
            photos: photos,
            otherDriverNote: row.string(9),
            statement: statement,
            parties: parties,
            acknowledgement: acknowledgement,
            claimTimeline: timeline,
            language: language,
            revision: row.int(10)
            )
        } catch {
            throw StorageError.damagedRecord(path: path, reason: "\(error.field) of report \(reportID): \(error.problem)")
        }
    }
}
