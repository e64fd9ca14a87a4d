import Foundation

/// Reads the time zone an XMP packet's dates carry (`2026-11-21T16:28:00+01:00`), for a camera time whose
/// EXIF has no offset. Looks only at the dates that say when the photo was taken, in this order:
/// `exif:DateTimeOriginal`, `xmp:CreateDate`, `photoshop:DateCreated` — as attributes or as elements.
enum XMPDates {
    /// The properties read, most specific first.
    static let properties = ["exif:DateTimeOriginal", "xmp:CreateDate", "photoshop:DateCreated"]

    /// The most bytes of a packet looked at (real packets are a few kilobytes).
    static let maximumPacketLength = 1 << 20

    /// The UTC offset in seconds of the first of ``properties`` whose value has a time and a zone.
    static func offset(in packet: [UInt8]) -> Int? {
        let text = String(decoding: packet.prefix(maximumPacketLength), as: UTF8.self)
        for property in properties {
            for value in values(of: property, in: text) {
                if let offset = zoneOffset(of: value) { return offset }
            }
        }
        return nil
    }

    /// Every value the packet gives the property, as `name="value"` or `<name>value</name>`.
    private static func values(of property: String, in text: String) -> [Substring] {
        var found: [Substring] = []
        var rest = text[...]
        while let range = rest.range(of: property) {
            var after = rest[range.upperBound...]
            if after.first == "=" {
                after = after.dropFirst()
                if let quote = after.first, quote == "\"" || quote == "'" {
                    let body = after.dropFirst()
                    if let close = body.firstIndex(of: quote) { found.append(body[..<close]) }
                }
            } else if after.first == ">", let close = after.firstIndex(of: "<") {
                found.append(after.dropFirst()[..<close])
            }
            rest = rest[range.upperBound...]
        }
        return found
    }

    /// The zone of an ISO 8601 date-time: `Z` → 0, `+01:00` → 3600; `nil` for a value without a time or zone.
    static func zoneOffset(of value: Substring) -> Int? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        guard let timeStart = trimmed.firstIndex(of: "T") else { return nil }
        let time = trimmed[trimmed.index(after: timeStart)...]
        if time.hasSuffix("Z") { return 0 }
        guard let sign = time.lastIndex(where: { $0 == "+" || $0 == "-" }) else { return nil }
        return ExifDate.offsetSeconds(String(time[sign...]))
    }
}
