/// The SHA-256 of a photo's bytes, as 64 lowercase hexadecimal digits. Photos are stored by it.
public struct ContentHash: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let hex: String

    /// - Throws: `InputError.invalidContentHash` unless `hex` is 64 hexadecimal digits.
    public init(hex: String) throws(InputError) {
        // Stored hashes are already 64 lowercase digits: accept them without making a lowercased copy.
        if Self.isLowercaseHex(hex) {
            self.hex = hex
            return
        }
        let lowered = hex.lowercased()
        guard lowered.utf8.count == 64, lowered.utf8.allSatisfy(Self.isHexDigit) else {
            throw .invalidContentHash(hex)
        }
        self.hex = lowered
    }

    /// Makes the hash from the 32 bytes of a SHA-256 digest.
    public init(digest: some Sequence<UInt8>) throws(InputError) {
        try self.init(hex: lowercaseHex(digest))
    }

    /// The first twelve digits, enough to tell photos apart on a screen.
    public var short: String { String(hex.prefix(12)) }

    public var description: String { hex }

    public static func < (lhs: ContentHash, rhs: ContentHash) -> Bool { lhs.hex < rhs.hex }

    private static func isLowercaseHex(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard bytes.count == 64 else { return false }
            var valid = true
            for byte in bytes {
                // 0–9 or a–f, without branches.
                valid = valid && (byte &- 48 < 10 || byte &- 97 < 6)
            }
            return valid
        }
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
    }
}
