import Domain
import Foundation
import FuzzKit
import WireAPI

// A report received over the wire, from any bytes: JSON that decodes is rebuilt through `CrashReport(wire:)`,
// which either refuses it naming a field, or gives a report that keeps every rule (photos per section, one photo id
// once, the note's length) and that survives being sent again: sent twice, it reads back the same.

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let bytes = Fuzz.data(start, count)
    guard let wire = try? WireCoding.decoder().decode(Components.Schemas.Report.self, from: bytes) else { return 0 }
    let report: CrashReport
    do throws(InvalidReportData) {
        report = try CrashReport(wire: wire)
    } catch {
        Fuzz.check(!error.field.isEmpty && error.field.count <= 80, "a refusal naming the field “\(error.field)”")
        return 0
    }
    for section in PhotoSection.allCases {
        Fuzz.check(report.photos(in: section).count <= ReportLimits.maximumPhotosPerSection, "\(section) holds too many photos")
    }
    Fuzz.check(Set(report.allPhotos.map(\.id)).count == report.photoCount, "a photo id appears twice")
    Fuzz.check(report.otherDriverNote.count <= ReportLimits.maximumNoteLength, "the note is too long")
    Fuzz.check(report.revision >= 0, "a negative revision")

    func sent(_ report: CrashReport) -> CrashReport? {
        guard let json = try? WireCoding.encoder().encode(Components.Schemas.Report(report)),
              let back = try? WireCoding.decoder().decode(Components.Schemas.Report.self, from: json) else { return nil }
        return try? CrashReport(wire: back)
    }
    guard let once = sent(report) else {
        Fuzz.check(false, "a report the wire accepted is refused when sent again")
        return 0
    }
    Fuzz.check(sent(once) == once, "a report sent twice reads back changed")
    Fuzz.check(once.id == report.id && once.crashID == report.crashID && once.injuries == report.injuries
        && once.otherDriverNote == report.otherDriverNote && once.revision == report.revision
        && once.allPhotos.map(\.contentHash) == report.allPhotos.map(\.contentHash),
        "sending the report changed more than its times' last digits")
    return 0
}

Fuzz.run(testOneInput)
