import Foundation
import Testing
@testable import WireAPI

@Suite("Times on the wire")
struct WireDatesTests {
    @Test("A time written and read back is the same to the microsecond")
    func roundTrip() throws {
        for seconds in [0.0, 1_795_000_000.123456, -86_400.5, 1_700_000_000.999_999, 951_782_400] {
            let date = Date(timeIntervalSince1970: seconds)
            let text = WireDates.format(date)
            let read = try #require(WireDates.parse(text), "\(text)")
            #expect(abs(read.timeIntervalSince1970 - seconds) < 0.000_001, "\(text)")
        }
        #expect(WireDates.format(Date(timeIntervalSince1970: 951_782_400)) == "2000-02-29T00:00:00.000000Z")
    }

    @Test("Times with offsets, without fractions and in lower case are read; other text is refused")
    func readsRFC3339() throws {
        let utc = try #require(WireDates.parse("2026-11-21T17:42:05Z"))
        #expect(WireDates.parse("2026-11-21T18:42:05+01:00") == utc)
        #expect(WireDates.parse("2026-11-21t17:42:05.000z") == utc)
        #expect(WireDates.parse("2026-11-21T17:42:05.5Z") == utc.addingTimeInterval(0.5))
        for bad in ["", "2026-11-21", "2026-13-01T00:00:00Z", "2026-02-30T00:00:00Z", "2026-11-21T17:42:05",
                    "2026-11-21T17:42:05.Z", "2026-11-21T24:00:00Z", "2026-11-21T17:42:05+0100", "x026-11-21T17:42:05Z"] {
            #expect(WireDates.parse(bad) == nil, "\(bad)")
        }
    }
}
