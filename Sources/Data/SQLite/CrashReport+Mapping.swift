import Domain
import Foundation
import Storage
import WireAPI

extension CrashReport {
    /// Columns read by ``init(row:id:injuries:photos:path:)``, in order.
    static let selectByID: StaticString = """
        SELECT crash_id, status, created_at, updated_at, completed_at, occurred_at, latitude, longitude, address,
               note, revision, provisional_crash_id, utc_offset_minutes, detection, acknowledgement, statement, language
        FROM reports WHERE id = ?1
        """

    /// Binds the `reports` row of ``SQLiteReportRepository``'s upsert (parameters 1–26): the scene the driver set
    /// (7–10, its offset 21) and, for the list, the scene the report shows (16–19).
    func bind(to statement: SQLiteStatement) {
        statement.bind(id.rawValue, at: 1)
        statement.bind(crashID.rawValue, at: 2)
        statement.bind(status.rawValue, at: 3)
        statement.bind(createdAt.timeIntervalSinceReferenceDate, at: 4)
        statement.bind(updatedAt.timeIntervalSinceReferenceDate, at: 5)
        statement.bind(completedAt?.timeIntervalSinceReferenceDate, at: 6)
        scene.bind(to: statement, from: 7)
        statement.bind(otherDriverNote, at: 11)
        statement.bind(revision, at: 12)
        statement.bind(injuries.count, at: 13)
        statement.bind(photoCount, at: 14)
        statement.bind(hasNote ? 1 : 0, at: 15)
        effectiveScene.scene.bind(to: statement, from: 16)
        statement.bind(provisionalCrashID?.rawValue, at: 20)
        statement.bind(scene.utcOffsetMinutes, at: 21)
        statement.bind(detection.flatMap(Self.detectionJSON), at: 22)
        statement.bind(acknowledgement.flatMap(Self.acknowledgementJSON), at: 23)
        statement.bind(self.statement.isEmpty ? nil : Self.statementJSON(self.statement), at: 24)
        statement.bind(self.statement.filledParts, at: 25)
        statement.bind(language?.rawValue, at: 26)
        statement.bind(effectiveScene.scene.utcOffsetMinutes, at: 27)
    }

    /// The accident statement, as the wire's JSON.
    private static func statementJSON(_ statement: AccidentStatement) -> String? {
        guard let json = try? WireCoding.encoder().encode(Components.Schemas.AccidentStatement(statement)) else { return nil }
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

    /// Rebuilds a report from a row of ``selectByID`` and its injury and photo rows.
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
            acknowledgement: acknowledgement,
            language: language,
            revision: row.int(10)
            )
        } catch {
            throw StorageError.damagedRecord(path: path, reason: "\(error.field) of report \(reportID): \(error.problem)")
        }
    }
}
