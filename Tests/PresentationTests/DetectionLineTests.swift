import Domain
import Foundation
import Presentation
import Testing
import TestSupport
import Wording

/// What the vehicle measured, as Collect Crash Info says it in one line.
@Suite("The detection on Collect Crash Info")
struct DetectionLineTests {
    @Test("What the detector could not know is said as not known, never as no")
    func unknownIsNotNo() throws {
        let detection = try CrashDetection(
            detectedAt: referenceDate, position: Coordinate(latitude: 47.4979, longitude: 19.0402), accuracyMeters: 8,
            positionTrusted: true, headingDegrees: nil, speedKmh: 48, deltaVKmh: nil, airbagsDeployed: nil, rollover: nil, isTest: false
        )
        let report = CrashReport(crashID: .stub("CR-7KQ2M9XD"), createdAt: referenceDate, utcOffsetMinutes: 0, detection: detection)
        let line = try #require(CollectCrashInfoUiModel(report, dates: DateText(timeZone: TimeZone(identifier: "UTC")!)).detection)
        #expect(line.hasSuffix("48 km/h, airbags not known, rollover not known"), "\(line)")
        let german = try #require(CollectCrashInfoUiModel(report, dates: DateText(timeZone: TimeZone(identifier: "UTC")!), words: Languages.shipped.words("de")).detection)
        #expect(german.contains("Airbags unbekannt") && german.contains("Überschlag unbekannt"), "\(german)")
    }
}
