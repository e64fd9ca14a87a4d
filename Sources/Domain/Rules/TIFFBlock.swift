import Foundation

/// Bounds-checked reads of a TIFF-structured EXIF block in either byte order.
struct TIFFBlock {
    /// One directory entry, its value known to lie wholly inside the block.
    struct Entry {
        let type: UInt16
        let count: Int
        let valueOffset: Int
    }

    let bytes: [UInt8]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The metadata of the main image. Only the first directory (IFD0) describes it; the next one (IFD1) is
    /// the thumbnail's, whose orientation or other tags are never taken for the photo's.
    /// - Parameters:
    ///   - xmpOffset: the UTC offset a date in the file's XMP packet gives, if any.
    ///   - timeZone: the zone a camera time is read in when nothing in the file says (the machine's).
    func metadata(xmpOffset: Int? = nil, timeZone: TimeZone) -> PhotoMetadata {
        guard let littleEndian, uint16(at: 2, littleEndian) == 42,
              let firstOffset = uint32(at: 4, littleEndian),
              let first = directory(at: firstOffset, littleEndian) else {
            return .none
        }
        let orientation = first[0x0112].flatMap { short($0, littleEndian) }.flatMap { ImageOrientation(rawValue: $0) } ?? .up
        let exif = first[0x8769].flatMap { long($0, littleEndian) }.flatMap { directory(at: $0, littleEndian) } ?? [:]
        let gps = first[0x8825].flatMap { long($0, littleEndian) }.flatMap { directory(at: $0, littleEndian) } ?? [:]
        let time = takenAt(exif, gps, littleEndian, xmpOffset: xmpOffset, timeZone: timeZone)
        return PhotoMetadata(
            takenAt: time?.date,
            timeZoneSource: time?.source,
            takenWhere: takenWhere(gps, littleEndian),
            altitude: altitude(gps, littleEndian),
            orientation: orientation
        )
    }

    // MARK: Values

    /// The camera's time (`DateTimeOriginal`, else `DateTimeDigitized`) as a moment, its zone found by
    /// ``PhotoMetadata/TimeZoneSource``'s order.
    private func takenAt(
        _ exif: [UInt16: Entry], _ gps: [UInt16: Entry], _ littleEndian: Bool, xmpOffset: Int?, timeZone: TimeZone
    ) -> (date: Date, source: PhotoMetadata.TimeZoneSource)? {
        // Each time with its own offset tag; OffsetTime (0x9010) is the offset of the file's times in general.
        for (timeTag, offsetTag) in [(UInt16(0x9003), UInt16(0x9011)), (0x9004, 0x9012)] {
            guard let text = exif[timeTag].flatMap(ascii), let wallClock = ExifDate.date(from: text, offsetSeconds: 0) else {
                continue
            }
            if let offset = (exif[offsetTag] ?? exif[0x9010]).flatMap(ascii).flatMap(ExifDate.offsetSeconds) {
                return (wallClock.addingTimeInterval(-Double(offset)), .exifOffset(offset))
            }
            if let xmpOffset {
                return (wallClock.addingTimeInterval(-Double(xmpOffset)), .xmp(xmpOffset))
            }
            if let gpsTime = gpsTime(gps, littleEndian), let offset = ExifDate.offsetImplied(wallClock: wallClock, utc: gpsTime) {
                return (wallClock.addingTimeInterval(-Double(offset)), .gpsTime(offset))
            }
            return (ExifDate.moment(wallClock: wallClock, in: timeZone), .assumedLocal(timeZone.identifier))
        }
        return nil
    }

    /// GPSDateStamp (`YYYY:MM:DD`) and GPSTimeStamp (hours, minutes, seconds as rationals), which are UTC.
    private func gpsTime(_ gps: [UInt16: Entry], _ littleEndian: Bool) -> Date? {
        guard let day = gps[29].flatMap(ascii), let stamp = gps[7], let parts = rationals(stamp, littleEndian), parts.count == 3,
              parts.allSatisfy({ $0 >= 0 }), parts[0] < 24, parts[1] < 60, parts[2] < 61 else {
            return nil
        }
        guard let midnight = ExifDate.date(from: day + " 00:00:00", offsetSeconds: 0) else { return nil }
        return midnight.addingTimeInterval(parts[0] * 3_600 + parts[1] * 60 + parts[2])
    }

    /// Metres above sea level (GPSAltitude, below it when GPSAltitudeRef is 1).
    private func altitude(_ gps: [UInt16: Entry], _ littleEndian: Bool) -> Double? {
        guard let value = gps[6].flatMap({ rationals($0, littleEndian) })?.first, value.isFinite, abs(value) < 100_000 else {
            return nil
        }
        let below = gps[5].map { $0.type == 1 && bytes[$0.valueOffset] == 1 } ?? false
        return below ? -abs(value) : value
    }

    private func takenWhere(_ gps: [UInt16: Entry], _ littleEndian: Bool) -> Coordinate? {
        guard let latitudeRef = gps[1].flatMap(ascii), let longitudeRef = gps[3].flatMap(ascii),
              let latitude = gps[2].flatMap({ degrees($0, littleEndian) }),
              let longitude = gps[4].flatMap({ degrees($0, littleEndian) }) else {
            return nil
        }
        let latitudeSign: Double
        switch latitudeRef.uppercased() {
        case "N": latitudeSign = 1
        case "S": latitudeSign = -1
        default: return nil
        }
        let longitudeSign: Double
        switch longitudeRef.uppercased() {
        case "E": longitudeSign = 1
        case "W": longitudeSign = -1
        default: return nil
        }
        guard latitude != 0 || longitude != 0 else { return nil }
        return try? Coordinate(latitude: latitudeSign * latitude, longitude: longitudeSign * longitude)
    }

    /// Degrees, minutes and seconds as up to three rationals, added up to decimal degrees (their size: the
    /// hemisphere comes from the reference tag, whatever sign a signed rational carries).
    private func degrees(_ entry: Entry, _ littleEndian: Bool) -> Double? {
        guard let parts = rationals(entry, littleEndian), !parts.isEmpty else { return nil }
        var total = 0.0
        var divisor = 1.0
        for part in parts.prefix(3) {
            total += abs(part) / divisor
            divisor *= 60
        }
        return total.isFinite ? total : nil
    }

    /// The values of a RATIONAL (type 5) or SRATIONAL (type 10, as some phones write GPS values) entry;
    /// `nil` for any other type or a zero denominator.
    private func rationals(_ entry: Entry, _ littleEndian: Bool) -> [Double]? {
        guard entry.type == 5 || entry.type == 10, entry.count >= 1 else { return nil }
        var values: [Double] = []
        for index in 0..<min(entry.count, 3) {
            let at = entry.valueOffset + index * 8
            guard let numerator = uint32(at: at, littleEndian), let denominator = uint32(at: at + 4, littleEndian) else {
                return nil
            }
            let (top, bottom) = entry.type == 10
                ? (Double(Int32(truncatingIfNeeded: numerator)), Double(Int32(truncatingIfNeeded: denominator)))
                : (Double(numerator), Double(denominator))
            guard bottom != 0 else { return nil }
            values.append(top / bottom)
        }
        return values
    }

    private func short(_ entry: Entry, _ littleEndian: Bool) -> Int? {
        guard entry.type == 3, entry.count >= 1 else { return nil }
        return uint16(at: entry.valueOffset, littleEndian)
    }

    /// A directory pointer: LONG (4) or IFD (13).
    private func long(_ entry: Entry, _ littleEndian: Bool) -> Int? {
        guard entry.type == 4 || entry.type == 13, entry.count >= 1 else { return nil }
        return uint32(at: entry.valueOffset, littleEndian)
    }

    /// ASCII text up to its terminating zero, without surrounding spaces.
    private func ascii(_ entry: Entry) -> String? {
        guard entry.type == 2 || entry.type == 7 else { return nil }
        let raw = bytes[entry.valueOffset..<(entry.valueOffset + entry.count)].prefix { $0 != 0 }
        guard raw.allSatisfy({ $0 < 0x80 }) else { return nil }
        let text = String(decoding: raw, as: UTF8.self).trimmingCharacters(in: .whitespaces)
        return text.isEmpty ? nil : text
    }

    // MARK: Structure

    /// `true` for "II", `false` for "MM", `nil` for anything else.
    private var littleEndian: Bool? {
        guard bytes.count >= 8 else { return nil }
        switch (bytes[0], bytes[1]) {
        case (0x49, 0x49): return true
        case (0x4D, 0x4D): return false
        default: return nil
        }
    }

    /// The entries of the directory at `offset`, keyed by tag; entries whose value would lie outside the
    /// block are left out. `nil` when the directory itself does not fit.
    private func directory(at offset: Int, _ littleEndian: Bool) -> [UInt16: Entry]? {
        guard let entryCount = uint16(at: offset, littleEndian),
              entryCount <= PhotoMetadataReader.maximumEntriesPerDirectory,
              offset + 2 + entryCount * 12 <= bytes.count else {
            return nil
        }
        var entries: [UInt16: Entry] = [:]
        for index in 0..<entryCount {
            let start = offset + 2 + index * 12
            guard let tag = uint16(at: start, littleEndian), let type = uint16(at: start + 2, littleEndian),
                  let count = uint32(at: start + 4, littleEndian),
                  let size = Self.typeSizes[type], count <= bytes.count else {
                continue
            }
            let byteCount = count * size
            let valueOffset: Int
            if byteCount <= 4 {
                valueOffset = start + 8
            } else if let pointer = uint32(at: start + 8, littleEndian) {
                valueOffset = pointer
            } else {
                continue
            }
            guard valueOffset + byteCount <= bytes.count, entries[UInt16(tag)] == nil else { continue }
            entries[UInt16(tag)] = Entry(type: UInt16(type), count: count, valueOffset: valueOffset)
        }
        return entries
    }

    /// Bytes per value of each TIFF type.
    private static let typeSizes: [Int: Int] = [1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 10: 8, 11: 4, 12: 8, 13: 4]

    private func uint16(at offset: Int, _ littleEndian: Bool) -> Int? {
        guard offset >= 0, offset + 2 <= bytes.count else { return nil }
        let first = Int(bytes[offset]), second = Int(bytes[offset + 1])
        return littleEndian ? second << 8 | first : first << 8 | second
    }

    private func uint32(at offset: Int, _ littleEndian: Bool) -> Int? {
        guard offset >= 0, offset + 4 <= bytes.count else { return nil }
        let values = bytes[offset..<(offset + 4)].map(Int.init)
        return littleEndian
            ? values[3] << 24 | values[2] << 16 | values[1] << 8 | values[0]
            : values[0] << 24 | values[1] << 16 | values[2] << 8 | values[3]
    }
}
