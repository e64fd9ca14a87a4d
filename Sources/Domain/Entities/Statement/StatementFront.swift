import Foundation

/// The version of a statement's front side: the SHA-256 of its canonical form (``StatementFront``), as 64 hexadecimal
/// digits. Two drivers who saw the same front see the same version, whichever device or page showed it.
public struct StatementVersion: Sendable, Hashable, CustomStringConvertible {
    public let hex: String

    /// A version as stored or received; `nil` when it is not 64 lower-case hexadecimal digits.
    public init?(hex: String) {
        guard hex.utf8.count == 64, hex.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) else { return nil }
        self.hex = hex
    }

    /// The version of a canonical form's text.
    init(hashing text: String) {
        hex = SHA256Digest.hex(of: Array(text.utf8))
    }

    /// The first twelve digits, as a person compares two versions.
    public var short: String { String(hex.prefix(12)) }

    public var description: String { hex }
}

/// The front side of the European Accident Statement as both drivers see it and sign it, in one canonical form: the
/// crash's time and place (as the report shows them), who was injured, damage to other property, the witnesses, the
/// police, and both columns — policyholder, vehicle, insurance, driver, point of impact, visible damage, the boxes
/// ticked and how many, the driver's remarks. Nothing else of the report (photos, the note) is on it.
///
/// The form is text, one `name=value` line per item in a fixed order, every item present (empty when not given), a
/// value's backslashes and line breaks escaped: the same statement gives the same bytes on every device.
public struct StatementFront: Sendable, Hashable {
    /// The layout's name and number, first in the text: a new layout is a new number, never a silent change.
    public static let format = "crash-assistant-statement-front/1"

    public let canonicalText: String

    /// The front of the statement with vehicle B.
    public init(_ report: CrashReport) {
        self.init(report, .b)
    }

    /// The front of a pair's statement (an empty one for a pair the report does not hold). Each pair's front is laid out
    /// alike, the crash's time, place and injuries on each.
    public init(_ report: CrashReport, _ pair: StatementPair) {
        let scene = report.effectiveScene.scene
        let statement = report.statement(pair) ?? .empty
        var lines: [(String, String)] = [
            ("format", Self.format),
            ("crash.time", String(Int64((scene.occurredAt.timeIntervalSince1970 * 1_000).rounded()))),
            ("crash.offset", scene.utcOffsetMinutes.map(String.init) ?? ""),
            ("crash.coordinate", scene.coordinate.map { "\($0.latitude),\($0.longitude)" } ?? ""),
            ("crash.address", scene.address ?? ""),
            ("injuries", Self.injuries(report)),
            ("otherPropertyDamage", statement.otherPropertyDamage),
            ("police", statement.police.map { [$0.attended ? "came" : "did-not-come", $0.reportNumber, $0.station].joined(separator: "|") } ?? ""),
            ("witnesses", String(statement.witnesses.count)),
        ]
        for (index, witness) in statement.witnesses.enumerated() {
            lines.append(("witness.\(index + 1)", [witness.name, witness.address, witness.phone?.e164 ?? ""].joined(separator: "|")))
        }
        for side in VehicleSide.allCases {
            let column = statement[side]
            let prefix = side.letter
            for field in VehicleField.allCases { lines.append(("\(prefix).\(field.rawValue)", column[field] ?? "")) }
            lines.append(("\(prefix).circumstances", column.circumstances.sorted().map { String($0.rawValue) }.joined(separator: ",")))
            lines.append(("\(prefix).circumstanceCount", String(column.circumstances.count)))
            lines.append(("\(prefix).remarks", column.remarks))
        }
        canonicalText = lines.map { "\($0.0)=\(Self.escaped($0.1))\n" }.joined()
    }

    public var version: StatementVersion { StatementVersion(hashing: canonicalText) }

    /// Box 3 as the front holds it: the numbers of the choices made on "Who was injured?", then each party's
    /// ``Party/hurtMarks`` in the order of their ids (a report with no party hurt reads as it did before parties).
    private static func injuries(_ report: CrashReport) -> String {
        let choices = report.injuries.selected.map { String($0.rawValue) }
        return (choices + report.parties.all.sorted { $0.id < $1.id }.flatMap(\.hurtMarks)).joined(separator: ",")
    }

    private static func escaped(_ value: String) -> String {
        var text = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text
    }
}

/// One driver's signature on a version of the front side.
public struct StatementSignature: Sendable, Hashable {
    /// How the signer was known to be who they say.
    public enum Verification: Sendable, Hashable {
        /// The driver, on their own device: signed in to the server as the account named, or not signed in (`nil`).
        case driversDevice(account: String?)
        /// The other driver, with a one-time code sent by SMS to this number (the one in their column).
        case smsCode(PhoneNumber)
        /// The other driver on the driver's device at the scene, as on paper: not verified.
        case sameDevice
    }

    public let side: VehicleSide
    /// The name as the signer typed it.
    public let name: String
    public let verification: Verification
    public let signedAt: Date
    /// The scene's offset from UTC when they signed, to show the time as it was there.
    public let utcOffsetMinutes: Int?
    public let version: StatementVersion

    public static let nameLimit = TextLimit(characters: 100)

    /// - Throws: ``StatementFieldError`` for an empty name or one over its limit.
    public init(
        side: VehicleSide, name: String, verification: Verification, signedAt: Date, utcOffsetMinutes: Int?, version: StatementVersion
    ) throws(StatementFieldError) {
        guard let name = try StatementFieldKind.text(Self.nameLimit).normalised(name) else { throw .signatureWithoutName }
        self.side = side
        self.name = name
        self.verification = verification
        self.signedAt = signedAt
        self.utcOffsetMinutes = utcOffsetMinutes
        self.version = version
    }
}

/// The other driver's answer when they would not sign: the version they were shown, their reason, when.
public struct StatementDecline: Sendable, Hashable {
    public let reason: String
    public let declinedAt: Date
    public let version: StatementVersion

    public static let reasonLimit = TextLimit(characters: 500, allowsLineBreaks: true)

    /// - Throws: ``StatementFieldError`` for a reason over its limit.
    public init(reason: String, declinedAt: Date, version: StatementVersion) throws(StatementFieldError) {
        self.reason = try StatementFieldKind.text(Self.reasonLimit).normalised(reason) ?? ""
        self.declinedAt = declinedAt
        self.version = version
    }
}

/// Where a side's signature stands against the front side as it is now.
public enum SignatureState: Sendable, Hashable {
    /// Nobody signed for this side.
    case unsigned
    /// Signed, for the version the front has now.
    case holds(StatementSignature)
    /// Signed for another version: the front changed after it, so it no longer counts (and the signer is told).
    case void(StatementSignature)
}
