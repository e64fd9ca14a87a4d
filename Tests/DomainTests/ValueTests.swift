import Domain
import Foundation
import Testing
import TestSupport

@Suite("Values: crash IDs, places, hashes, sizes, times")
struct ValueTests {
    @Test("crash IDs from links and servers are accepted", arguments: ["CR-7KQ2M9XD", "A1", "crash_2026-11-20", "  CR-ABCD2345 \n"])
    func validCrashID(raw: String) throws {
        let id = try CrashID(validating: raw)
        #expect(id.rawValue == raw.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    @Test("malformed crash IDs are refused with the reason", arguments: [
        ("", "empty"), ("CR 1234", "only letters"), ("CR-ÅÄÖ", "only letters"), ("x'; DROP TABLE", "only letters"),
        (String(repeating: "A", count: 65), "longer than 64"),
    ])
    func invalidCrashID(raw: String, reason: String) {
        let error = #expect(throws: InputError.self) { try CrashID(validating: raw) }
        guard case let .invalidCrashID(refused, why)? = error else {
            Issue.record("expected invalidCrashID, got \(String(describing: error))")
            return
        }
        #expect(refused == raw)
        #expect(why.contains(reason))
    }

    @Test func localCrashIDsAreShortReadableAndRecognised() throws {
        var generator = SystemRandomNumberGenerator()
        let ids = (0..<200).map { _ in CrashID.local(using: &generator) }
        for id in ids {
            #expect(id.rawValue.count == 11)
            #expect(id.rawValue.hasPrefix("CR-"))
            #expect(id.isLocal)
            #expect(!id.rawValue.contains { "01ILO".contains($0) })
            #expect(try CrashID(validating: id.rawValue) == id)
        }
        #expect(Set(ids).count == ids.count)
        #expect(try !CrashID(validating: "SRV-123456").isLocal)
    }

    @Test("coordinates outside the Earth are refused", arguments: [
        (91.0, 0.0), (-90.5, 0.0), (0.0, 180.5), (0.0, -181.0), (Double.nan, 0.0), (0.0, Double.infinity),
    ])
    func invalidCoordinate(latitude: Double, longitude: Double) {
        #expect(throws: InputError.self) { try Coordinate(latitude: latitude, longitude: longitude) }
    }

    @Test func coordinateIsWrittenWithFiveDecimals() throws {
        #expect(try Coordinate(latitude: 47.498, longitude: -19.04).description == "47.49800, -19.04000")
        #expect(try Coordinate(latitude: -0.000004, longitude: 0).description == "0.00000, 0.00000")
    }

    @Test func sceneKeepsAddressAndCoordinateAndTreatsBlankAddressAsNone() throws {
        let place = try Coordinate(latitude: 55.6, longitude: 12.7)
        let scene = try CrashScene(occurredAt: referenceDate, coordinate: place, address: "  Øresund Bridge  ")
        #expect(scene.locationText == "Øresund Bridge (55.60000, 12.70000)")
        let blank = try CrashScene(occurredAt: referenceDate, coordinate: nil, address: "   ")
        #expect(blank.address == nil && !blank.hasLocation && blank.locationText == nil)
        #expect(throws: InputError.addressTooLong(count: 501, limit: 500)) {
            try CrashScene(occurredAt: referenceDate, coordinate: nil, address: String(repeating: "a", count: 501))
        }
    }

    @Test func contentHashAcceptsOnlySixtyFourHexDigits() throws {
        let upper = String(repeating: "AB", count: 32)
        #expect(try ContentHash(hex: upper).hex == upper.lowercased())
        #expect(throws: InputError.self) { try ContentHash(hex: "abc") }
        #expect(throws: InputError.self) { try ContentHash(hex: String(repeating: "g", count: 64)) }
        #expect(try ContentHash(digest: [0x00, 0x0F] + Array(repeating: 0xFF, count: 30)).hex.hasPrefix("000fff"))
        #expect(lowercaseHex([0x01, 0x23, 0x45, 0x67, 0x89, 0xAB, 0xCD, 0xEF]) == "0123456789abcdef")
        #expect(lowercaseHex([UInt8]()).isEmpty)
    }

    @Test func byteCountsReadTheWayPeopleReadThem() {
        #expect(ByteCountText.describe(1) == "1 byte")
        #expect(ByteCountText.describe(512) == "512 bytes")
        #expect(ByteCountText.describe(48 * 1024) == "48 KB")
        #expect(ByteCountText.describe(4_404_019) == "4.2 MB")
        #expect(ByteCountText.describe(20 * 1024 * 1024) == "20 MB")
    }

    @Test func timesShowDayMonthYearAndUTCOffset() throws {
        let utc = DateText(timeZone: try #require(TimeZone(identifier: "UTC")))
        #expect(utc.dateTime(referenceDate) == "18 Nov 2026, 11:06 (UTC)")
        let budapest = DateText(timeZone: try #require(TimeZone(identifier: "Europe/Budapest")))
        #expect(budapest.dateTime(referenceDate) == "18 Nov 2026, 12:06 (UTC+01:00)")
        let newfoundland = DateText(timeZone: try #require(TimeZone(identifier: "America/St_Johns")))
        #expect(newfoundland.offset(referenceDate) == "UTC-03:30")
    }

    @Test func timesAgreeWithTheGregorianCalendarInEveryTimeZone() throws {
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        // Every 1,793 s through 2026 (across its daylight-saving changes), and spread moments from 1601 to 9999.
        var moments = stride(from: 1_767_225_600.0, to: 1_798_761_600.0, by: 1_793.5).map { Date(timeIntervalSince1970: $0) }
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<3_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let seconds = -11_644_300_000.0 + Double(state >> 11) / Double(1 << 53) * 265_046_000_000.0
            moments.append(Date(timeIntervalSince1970: seconds))
        }
        var mismatches: [String] = []
        for identifier in ["UTC", "Europe/Budapest", "America/St_Johns", "Australia/Lord_Howe", "Asia/Kathmandu",
                           "Pacific/Chatham", "America/Los_Angeles"] {
            let zone = try #require(TimeZone(identifier: identifier))
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            let text = DateText(timeZone: zone)
            for moment in moments {
                let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: moment)
                let day = "\(parts.day ?? 0) \(months[(parts.month ?? 1) - 1]) \(parts.year ?? 0)"
                let time = String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
                if text.day(moment) != day || text.time(moment) != time {
                    mismatches.append("\(identifier) \(moment.timeIntervalSince1970): \(text.day(moment)) \(text.time(moment)), calendar \(day) \(time)")
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }

    @Test func defaultShareFileNameCarriesTheCrashID() {
        #expect(RenderedReport.defaultFileName(for: .stub("CR-7KQ2M9XD"), format: .pdf) == "crash-report-CR-7KQ2M9XD.pdf")
    }
}
