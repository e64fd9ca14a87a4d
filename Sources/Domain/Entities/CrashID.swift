import Foundation

/// The crash ID the insurer knows a crash by: issued by the server (also in the SMS deep link),
/// or issued locally (`CR-` and eight readable characters) until the server replaces it.
public struct CrashID: Sendable, Hashable, CustomStringConvertible {
    /// Characters of a locally issued ID: digits and capitals without the look-alikes 0, 1, I, L, O.
    public static let localAlphabet = Array("23456789ABCDEFGHJKMNPQRSTUVWXYZ")
    public static let localPrefix = "CR-"
    public static let localLength = 8
    public static let maximumLength = 64

    public let rawValue: String

    /// Accepts an ID of 1–64 letters, digits, `-` and `_` (surrounding spaces are ignored).
    /// - Throws: `InputError.invalidCrashID` naming what is wrong.
    public init(validating raw: String) throws(InputError) {
        // Most IDs (every stored one) are already clean: accept them without the slower checks below.
        if Self.isClean(raw) {
            self.rawValue = raw
            return
        }
        let trimmed = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw .invalidCrashID(raw, reason: "it is empty") }
        guard trimmed.count <= Self.maximumLength else {
            throw .invalidCrashID(raw, reason: "it is longer than \(Self.maximumLength) characters")
        }
        let allowed = trimmed.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || scalar == "-" || scalar == "_")
        }
        guard allowed else {
            throw .invalidCrashID(raw, reason: "it may hold only letters, digits, '-' and '_'")
        }
        self.rawValue = trimmed
    }

    /// Whether the text is 1–64 ASCII letters, digits, `-` and `_`, with nothing to trim.
    private static func isClean(_ text: String) -> Bool {
        let utf8 = text.utf8
        guard !utf8.isEmpty, utf8.count <= maximumLength else { return false }
        return utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"): true
            default: false
            }
        }
    }

    /// The prefix of the crash IDs the server issues.
    public static let serverPrefix = "CA-"
    /// How many characters of ``localAlphabet`` follow ``serverPrefix``.
    public static let serverLength = 10

    /// Reads a crash ID a person typed or a link carried: spaces around it are ignored and letters may be of either
    /// case (`ca-mx879zstdw` is `CA-MX879ZSTDW`); it must be one of the two forms crash IDs are issued in — the
    /// server's `CA-` and ten characters, or the device's `CR-` and eight — from ``localAlphabet``.
    /// - Throws: `InputError.invalidCrashID` saying what is wrong.
    public init(entered raw: String) throws(InputError) {
        let text = raw.trimmingCharacters(in: .whitespacesAndNewlines).uppercased()
        let shown = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { throw .invalidCrashID(shown, reason: "it is empty") }
        let forms = "crash IDs look like CA-MX879ZSTDW (from the server) or CR-7M4APYZR (made on a device)"
        let body: Substring
        let length: Int
        if text.hasPrefix(Self.serverPrefix) {
            body = text.dropFirst(Self.serverPrefix.count)
            length = Self.serverLength
        } else if text.hasPrefix(Self.localPrefix) {
            body = text.dropFirst(Self.localPrefix.count)
            length = Self.localLength
        } else {
            throw .invalidCrashID(shown, reason: forms)
        }
        if let wrong = body.first(where: { !Self.localAlphabet.contains($0) }) {
            let why = "0O1IL".contains(wrong)
                ? "crash IDs never use \(wrong) (it is too easily mistaken for another character)"
                : "“\(wrong)” is not a character crash IDs use"
            throw .invalidCrashID(shown, reason: "\(why); \(forms)")
        }
        guard body.count == length else {
            throw .invalidCrashID(shown, reason: "it has \(body.count) characters after the dash where \(length) belong; \(forms)")
        }
        self.rawValue = text
    }

    /// Makes a local crash ID from eight picks into ``localAlphabet``.
    public static func local(using generator: inout some RandomNumberGenerator) -> CrashID {
        let body = (0..<localLength).map { _ in localAlphabet.randomElement(using: &generator) ?? "X" }
        return CrashID(unchecked: localPrefix + String(body))
    }

    /// Whether this ID was issued locally rather than by the server.
    public var isLocal: Bool {
        rawValue.hasPrefix(Self.localPrefix)
            && rawValue.count == Self.localPrefix.count + Self.localLength
            && rawValue.dropFirst(Self.localPrefix.count).allSatisfy(Self.localAlphabet.contains)
    }

    public var description: String { rawValue }

    private init(unchecked rawValue: String) {
        self.rawValue = rawValue
    }
}
