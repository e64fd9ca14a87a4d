import Data
import Domain
import Foundation
import ReportDocuments
import Testing
import TestSupport

@Suite("The crash report as text")
struct TextReportRendererTests {
    let renderer = TextReportRenderer(timeZone: TimeZone(identifier: "Europe/Budapest") ?? .current)

    func fullReport() throws -> CrashReport {
        var report = CrashReport.stub(crashID: .stub("CR-7KQ2M9XD"), injuries: [.otherDriver, .myself])
        try report.setScene(CrashScene(
            occurredAt: referenceDate,
            coordinate: Coordinate(latitude: 47.4979, longitude: 19.0402),
            address: "Andrássy út 1, Budapest"
        ))
        try report.addPhoto(.stub(section: .licenceAndInsurance, fileName: "Karpács licence.jpg"))
        try report.addPhoto(.stub(section: .licenceAndInsurance, contentHash: .stub("b"), fileName: "insurance.jpg"))
        try report.addPhoto(.stub(section: .crashScene, contentHash: .stub("c"), fileName: "Øresund.jpg"))
        try report.setNote("Driver Antonín Dvořák said: \"sorry\".\n" + String(repeating: "word ", count: 40))
        try report.complete(at: referenceDate.addingTimeInterval(3_600))
        return report
    }

    @Test func textHoldsEveryPartOfTheReport() throws {
        let text = renderer.text(for: try fullReport())
        #expect(text.hasPrefix("CRASH REPORT\n============\nCrash ID: CR-7KQ2M9XD (provisional)\nThe crash ID is provisional: "))
        #expect(text.contains("Status: Completed, created 18 Nov 2026, 13:06 (UTC+01:00)"))
        #expect(text.contains("When:  18 Nov 2026, 12:06 (UTC+01:00)"))
        #expect(text.contains("Where: Andrássy út 1, Budapest (47.49790, 19.04020)"))
        #expect(text.contains("  - the driver\n  - the other driver\n"))
        #expect(text.contains("Other driver's licence and insurance documents: 2 photos"))
        let flowing = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(flowing.contains("1. The photo does not say when or where it was taken; added to the report 18 Nov 2026, 12:06"))
        #expect(text.contains("2. The photo does not say"))
        // Captions are words for the reader: no file names, sizes or pixels.
        #expect(!text.contains("licence.jpg") && !text.contains(" KB") && !text.contains(" px"))
        #expect(text.contains("Other vehicle's registration plate: no photos"))
        #expect(text.contains("Driver Antonín Dvořák said: \"sorry\"."))
        #expect(text.contains("Crash scene: 1 photo\n    1. The photo does not say"))
        #expect(text.contains("Driver's own vehicle's damage: no photos"))
        #expect(text.contains("generated 18 Nov 2026, 13:06 (UTC+01:00)"))
    }

    @Test("The statement's signatures, a void one, and B changed by the driver after the other driver sent it, are in the text")
    func signaturesAndTheCreditAreInTheText() throws {
        var report = CrashReport.stub(crashID: .stub("CR-7KQ2M9XD"))
        try report.setScene(CrashScene(occurredAt: referenceDate, utcOffsetMinutes: 60))
        try report.setStatement(try AccidentStatement.full(enteredByOtherDriverAt: referenceDate))
        try report.signStatement(.a, name: "Jane Doe", verification: .driversDevice(account: "jane"), at: referenceDate.addingTimeInterval(600))
        var statement = report.statement
        try statement.vehicleB.set(.makeAndModel, to: "VW Golf GTI")
        statement.vehicleB.toggle(.ignoredPriorityOrRedLight)
        try report.setStatement(statement)
        try report.signStatement(.b, name: "Greta Müller", verification: .sameDevice, at: referenceDate.addingTimeInterval(900))

        let text = renderer.text(for: report).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(text.contains(
            "Vehicle B was entered by the other driver on their own phone, 18 Nov 2026, 12:06 (UTC+01:00); changed by the driver after the other driver sent it: “Make and model”, box 17."
        ))
        #expect(text.contains("15. Signatures"))
        #expect(text.contains(
            "signed by Jane Doe, 18 Nov 2026, 12:16 (UTC+01:00), but the statement changed after that, so the signature no longer counts"
        ))
        #expect(text.contains("signed by Greta Müller, 18 Nov 2026, 12:21 (UTC+01:00), on the driver's device at the scene, not verified"))
        #expect(text.contains(report.statementVersion.hex))
        #expect(text.contains("Not signed by both drivers: this statement is not agreed."))
    }

    @Test func longNoteLinesAreWrappedWithoutLosingWords() throws {
        let report = try fullReport()
        let lines = renderer.text(for: report).split(separator: "\n").map(String.init)
        let noteLines = lines.filter { $0.hasPrefix("    word") }
        #expect(noteLines.count >= 3)
        #expect(noteLines.allSatisfy { $0.count <= TextReportRenderer.width })
        #expect(noteLines.joined(separator: " ").split(separator: " ").filter { $0 == "word" }.count == 40)
    }

    @Test func everyLineFitsTheWidthAndLongEntriesGoOnUnderTheirText() throws {
        let place = try Coordinate(latitude: 47.4979, longitude: 19.0402)
        let report = CrashReport.stub(photos: [Photo(
            section: .otherVehicleDamage, contentHash: .stub("e"), mediaType: .jpeg, byteCount: 2_048,
            pixelSize: PixelSize(width: 64, height: 48), originalFileName: "front bumper and headlight.jpg",
            addedAt: referenceDate, takenAt: referenceDate, takenWhere: place
        )], note: String(repeating: "word ", count: 40))
        let lines = renderer.text(for: report).split(separator: "\n").map(String.init)
        #expect(lines.allSatisfy { $0.count <= TextReportRenderer.width }, "\(lines.filter { $0.count > 78 })")
        let entry = try #require(lines.firstIndex { $0.hasPrefix("    1. Taken 18 Nov 2026, 12:06 (UTC+01:00) at") })
        #expect(lines[entry + 1].hasPrefix("       ") && !lines[entry + 1].hasPrefix("        "))
        #expect(lines[entry...].prefix(3).joined(separator: " ").contains("47.49790, 19.04020"))
    }

    @Test("The statement's columns are measured in display columns and never touch: a wide character takes two, a long address is broken after a dot")
    func statementColumnsNeverRunTogether() throws {
        var report = CrashReport.stub(crashID: .stub("CR-7KQ2M9XD"), injuries: [.myself])
        var statement = AccidentStatement()
        try statement.vehicleA.set(.policyholderEmail, to: "Peter.Kovacs@example.hu")
        try statement.vehicleB.set(.policyholderEmail, to: "juergen.mueller@web.de")
        try statement.vehicleA.set(.driverName, to: "山田太郎")
        try statement.vehicleB.set(.driverName, to: "Zoe\u{308} Nguye\u{302}\u{303}n")
        try statement.vehicleA.set(.makeAndModel, to: "Mercedes-Benz-Sprinter-Kastenwagen-Hochdach")
        try statement.vehicleB.set(.makeAndModel, to: "VW Golf")
        try report.setStatement(statement)
        let lines = renderer.text(for: report).split(separator: "\n").map(String.init)

        #expect(lines.contains("    Policyholder's e-mail         Peter.Kovacs@example.  juergen.mueller@web."))
        #expect(lines.contains("                                  hu                     de"))
        #expect(!lines.contains { $0.contains("example.hujuergen") })
        // Vehicle B's column starts where its heading does, whatever is in A's.
        let header = try #require(lines.first { $0.hasSuffix("Vehicle A              Vehicle B") })
        let column = DisplayWidth.columns(of: header) - DisplayWidth.columns(of: "Vehicle B")
        let name = try #require(lines.first { $0.contains("山田太郎") })
        #expect(DisplayWidth.columns(of: name.prefix { $0 != "Z" }) == column, "\(name)")
        #expect(name.hasSuffix("山田太郎" + String(repeating: " ", count: 15) + "Zoe\u{308} Nguye\u{302}\u{303}n"))
        let make = try #require(lines.firstIndex { $0.contains("Mercedes-Benz-") })
        #expect(lines[make] == "    Make and model                Mercedes-Benz-         VW Golf")
        #expect(lines[make + 1] == "                                  Sprinter-Kastenwagen-")
        #expect(lines[make + 2] == "                                  Hochdach")
        // Every line fits in display columns (but the statement's version, a word of 64 digits).
        let wide = lines.filter { DisplayWidth.columns(of: $0) > TextReportRenderer.width && !$0.contains("Version:") }
        #expect(wide.isEmpty, "\(wide)")
    }

    @Test("Display width: a wide character two columns, a combining mark none, an emoji two", arguments: [
        ("abc", 3), ("山田", 4), ("e\u{301}", 1), ("\u{301}", 0), ("\u{200B}", 0), ("🚗", 2), ("Ａ", 2), ("", 0),
    ])
    func displayWidth(text: String, columns: Int) {
        #expect(DisplayWidth.columns(of: text) == columns)
    }

    @Test func draftSaysItIsAPreviewAndUnansweredPartsSaySo() throws {
        let text = renderer.text(for: CrashReport.stub(crashID: .stub("CR-DRAFT234")))
        #expect(text.contains("Status: Draft (not yet created)"))
        #expect(text.contains("WHO WAS INJURED\n  Not answered"))
        #expect(text.contains("Where: not given"))
        #expect(text.contains("Additional note\n    None"))
        #expect(text.contains("Preview of draft CR-DRAFT234"))
    }

    @Test func sceneFromACrashScenePhotoSaysWhichPhoto() throws {
        let place = try Coordinate(latitude: 47.4979, longitude: 19.0402)
        let report = CrashReport.stub(photos: [Photo(
            section: .crashScene, contentHash: .stub("e"), mediaType: .jpeg, byteCount: 2_048,
            pixelSize: PixelSize(width: 64, height: 48), originalFileName: "IMG_0042.jpg", addedAt: referenceDate,
            takenAt: referenceDate.addingTimeInterval(-1_800), takenWhere: place
        )])
        let text = renderer.text(for: report)
        #expect(text.contains("When:  18 Nov 2026, 11:36 (UTC+01:00) (from photo IMG_0042.jpg)"))
        #expect(text.contains("Where: 47.49790, 19.04020 (from photo IMG_0042.jpg)"))
        #expect(text.contains("Taken 18 Nov 2026, 11:36 (UTC+01:00) at 47.49790, 19.04020"))
    }

    @Test("A photo taken long before the crash, far from the scene, or in two sections is remarked for the reader")
    func photosAreRemarkedForTheReader() throws {
        let budapest = try Coordinate(latitude: 47.4979, longitude: 19.0402)
        let helsinki = try Coordinate(latitude: 60.1699, longitude: 24.9384)
        var report = CrashReport.stub()
        try report.setScene(CrashScene(occurredAt: referenceDate, coordinate: budapest, address: nil, utcOffsetMinutes: 60))
        let old = Photo(
            section: .crashScene, contentHash: .stub("e"), mediaType: .jpeg, byteCount: 2_048,
            pixelSize: PixelSize(width: 64, height: 48), originalFileName: "old.jpg", addedAt: referenceDate,
            takenAt: referenceDate.addingTimeInterval(-18.2 * 365.25 * 86_400), takenWhere: helsinki
        )
        try report.addPhoto(old)
        try report.addPhoto(.stub(section: .otherVehicleDamage, contentHash: .stub("f"), fileName: "dent.jpg"))
        try report.addPhoto(.stub(section: .yourVehicleDamage, contentHash: .stub("f"), fileName: "dent again.jpg"))
        let text = renderer.text(for: report).replacingOccurrences(of: "\n", with: " ").split(separator: " ").joined(separator: " ")
        #expect(text.contains("Note: taken 18 years before the crash; taken 1,460 km from the crash scene."), "\(text)")
        #expect(text.contains("Note: the same photo is also under “Driver's own vehicle's damage”."))
        #expect(text.contains("Note: the same photo is also under “Other vehicle's damage”."))
        // Times are the scene's: UTC+01:00 however the renderer's zone is set.
        #expect(TextReportRenderer(timeZone: TimeZone(identifier: "Asia/Tokyo") ?? .current).text(for: report).contains("When:  18 Nov 2026, 12:06 (UTC+01:00)"))
    }

    @Test("What the vehicle detected is in the report, with the crash ID it first had")
    func theDetectionIsInTheReport() throws {
        let detection = try CrashDetection(
            detectedAt: referenceDate, position: Coordinate(latitude: 47.4979, longitude: 19.0402), accuracyMeters: 8,
            positionTrusted: true, headingDegrees: 90, speedKmh: 48, deltaVKmh: 22.5, airbagsDeployed: true, rollover: false,
            isTest: false
        )
        var report = CrashReport(crashID: .stub("CR-7KQ2M9XD"), createdAt: referenceDate, utcOffsetMinutes: 120, detection: detection)
        report.adoptServerCrashID(.stub("CA-MX879ZSTDW"))
        let text = renderer.text(for: report)
        #expect(text.contains("Crash ID: CA-MX879ZSTDW (first given as CR-7KQ2M9XD)"))
        #expect(text.contains("DETECTED BY THE VEHICLE"))
        #expect(text.contains("Detected:                  18 Nov 2026, 13:06 (UTC+02:00)"), "\(text)")
        #expect(text.contains("47.49790, 19.04020, within 8 m"))
        #expect(text.contains("48 km/h") && text.contains("22.5 km/h") && text.contains("90° from north"))
        #expect(text.contains("Airbags:                   deployed"))
        #expect(text.contains("Rollover:                  no"))
    }

    @Test("A measurement the detector could not know is said as not known, never as no")
    func anUnknownMeasurementIsSaidAsSuch() throws {
        let detection = try CrashDetection(
            detectedAt: referenceDate, position: Coordinate(latitude: 47.4979, longitude: 19.0402), accuracyMeters: nil,
            positionTrusted: false, headingDegrees: nil, speedKmh: 48, deltaVKmh: nil, airbagsDeployed: nil, rollover: nil, isTest: false
        )
        let text = renderer.text(for: CrashReport(crashID: .stub("CR-7KQ2M9XD"), createdAt: referenceDate, utcOffsetMinutes: 0, detection: detection))
        for line in ["Airbags:                   not known", "Rollover:                  not known", "Heading:                   not known",
                     "Change of speed (delta-V): not known", "Speed:                     48 km/h"] {
            #expect(text.contains(line), "\(line) in \(text)")
        }
        #expect(!text.contains("not deployed"))
    }

    @Test func renderingIsPlainUTF8TextAndRepeatable() async throws {
        let report = try fullReport()
        let first = renderer.render(report)
        #expect(first.format == .plainText)
        #expect(first == renderer.render(report))
        #expect(first.text?.contains("Dvořák") == true)
    }
}
