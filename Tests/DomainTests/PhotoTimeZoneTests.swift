@testable import Domain
import Foundation
import Testing
import TestSupport

/// The camera's clock read 21 Nov 2026 16:28 in every fixture with a time; where the zone comes from decides
/// the moment.
@Suite("Photo time zones, GPS as signed rationals, and the thumbnail's own tags")
struct PhotoTimeZoneTests {
    static let rome = TimeZone(identifier: "Europe/Rome") ?? .current
    static let tokyo = TimeZone(identifier: "Asia/Tokyo") ?? .current

    /// 21 Nov 2026 at `hour`:28 UTC.
    static func utc(_ hour: Int) -> Date {
        Date(timeIntervalSince1970: 1_795_219_200 + Double(hour * 3_600 + 28 * 60))
    }

    static func read(_ fixture: String, in zone: TimeZone = rome) throws -> PhotoMetadata {
        PhotoMetadataReader.read(try Fixtures.bytes(fixture), timeZone: zone)
    }

    @Test func signedRationalGPSInLittleEndianGivesASouthWesternPlaceAndAltitude() throws {
        let metadata = try Self.read("scene-srational-le-48x36.jpg")
        let place = try #require(metadata.takenWhere)
        #expect(abs(place.latitude - -(33 + 51.0 / 60 + 24.84 / 3_600)) < 1e-9)
        #expect(abs(place.longitude - -(70 + 39.0 / 60 + 12.0 / 3_600)) < 1e-9)
        #expect(metadata.altitude == -6)
        #expect(metadata.takenAt == Self.utc(19))
        #expect(metadata.timeZoneSource == .exifOffset(-3 * 3_600))
    }

    @Test func signedRationalGPSInBigEndianGivesANorthEasternPlaceAndAltitude() throws {
        let metadata = try Self.read("scene-srational-be-48x36.jpg")
        let place = try #require(metadata.takenWhere)
        #expect(abs(place.latitude - (47 + 29.0 / 60 + 52.8 / 3_600)) < 1e-9)
        #expect(abs(place.longitude - (19 + 2.0 / 60 + 24.0 / 3_600)) < 1e-9)
        #expect(metadata.altitude == 241.5)
        #expect(metadata.takenAt == Self.utc(15))
    }

    @Test func theGeneralOffsetTimeTagGivesTheZoneWhenTheOriginalsIsMissing() throws {
        let metadata = try Self.read("scene-offsettime-48x36.jpg")
        #expect(metadata.takenAt == Self.utc(7))
        #expect(metadata.timeZoneSource == .exifOffset(9 * 3_600))
    }

    @Test(arguments: ["scene-xmp-zone-48x36.jpg", "scene-xmp-zone-48x36.png"])
    func aZoneInTheXMPPacketsDatesIsUsed(fixture: String) throws {
        // Read in Tokyo, so a zone taken from the machine would give another moment.
        let metadata = try Self.read(fixture, in: Self.tokyo)
        #expect(metadata.takenAt == Self.utc(15))
        #expect(metadata.timeZoneSource == .xmp(3_600))
    }

    @Test func theGPSTimeGivesTheZoneWhenItAgreesWithTheCameraToAWholeQuarterHour() throws {
        let metadata = try Self.read("scene-gps-time-48x36.jpg", in: Self.tokyo)
        #expect(metadata.takenAt == Self.utc(15))
        #expect(metadata.timeZoneSource == .gpsTime(3_600))
    }

    @Test func aGPSTimeThatDisagreesIsIgnoredAndTheMachinesZoneUsed() throws {
        let metadata = try Self.read("scene-gps-stale-48x36.jpg", in: Self.rome)
        #expect(metadata.takenAt == Self.utc(15))
        #expect(metadata.timeZoneSource == .assumedLocal("Europe/Rome"))
    }

    @Test func withoutAZoneTheCameraTimeIsReadInTheMachinesZone() throws {
        #expect(try Self.read("scene-no-zone-48x36.jpg", in: Self.rome).takenAt == Self.utc(15))
        #expect(try Self.read("scene-no-zone-48x36.jpg", in: Self.tokyo).takenAt == Self.utc(7))
    }

    @Test func summerTimeIsAppliedToACameraTimeReadInTheMachinesZone() throws {
        let block = TIFFBuilder(littleEndian: true, orientation: 1, time: "2026:07:01 12:00:00", offset: nil).bytes
        let metadata = PhotoMetadataReader.read(try TIFFBuilder.jpeg(carrying: block), timeZone: Self.rome)
        // Rome is at UTC+02:00 in July.
        #expect(metadata.takenAt == Date(timeIntervalSince1970: 1_782_900_000))
    }

    @Test func theThumbnailsOrientationIsNotThePhotos() throws {
        #expect(try Self.read("scene-thumbnail-orientation-48x36.jpg").orientation == .up)
    }

    @Test func clocksSetWrongAreStillRead() throws {
        #expect(try Self.read("scene-future-48x36.jpg").takenAt != nil)
        #expect(try Self.read("scene-1998-48x36.jpg").takenAt != nil)
    }

    @Test func xmpZonesAreReadFromAttributesAndElements() {
        func offset(_ text: String) -> Int? { XMPDates.offset(in: Array(text.utf8)) }
        #expect(offset("<x exif:DateTimeOriginal=\"2026-11-21T16:28:00-03:30\"/>") == -12_600)
        #expect(offset("<xmp:CreateDate>2026-11-21T16:28:00Z</xmp:CreateDate>") == 0)
        #expect(offset("<xmp:CreateDate>2026-11-21</xmp:CreateDate>") == nil)
        #expect(offset("<xmp:ModifyDate>2026-11-21T16:28:00+05:00</xmp:ModifyDate>") == nil)
    }
}
