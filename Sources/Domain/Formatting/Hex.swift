/// Bytes as lowercase hexadecimal digits, two per byte (digests kept and compared as text, signatures, random values):
/// written straight into one string, not a string per byte.
public func lowercaseHex<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
    let digits: StaticString = "0123456789abcdef"
    var text: [UInt8] = []
    text.reserveCapacity(bytes.underestimatedCount * 2)
    for byte in bytes {
        text.append(digits.utf8Start[Int(byte >> 4)])
        text.append(digits.utf8Start[Int(byte & 0x0F)])
    }
    return String(decoding: text, as: UTF8.self)
}
