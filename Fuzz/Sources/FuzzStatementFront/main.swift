import Domain
import Foundation
import FuzzKit
import WireAPI

// The accident statement's front side from any text in any field: parts split at NUL bytes, each part's first byte
// choosing a side and a field (or the remarks), the rest typed into it (refusals skipped). Its canonical form has
// the same lines whatever was typed (no value can start a line of its own), and its version is the same after the
// report travels as wire JSON and is read back.

private let fields = VehicleField.allCases
private let frontLineCount = 9 + VehicleSide.allCases.count * (VehicleField.allCases.count + 3)

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    guard let start, count > 0 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: start, count: count))
    var generator = SystemRandomNumberGenerator()
    var report = CrashReport(crashID: .local(using: &generator), createdAt: Date(timeIntervalSinceReferenceDate: 0), utcOffsetMinutes: 60)
    var statement = AccidentStatement()
    for part in bytes.split(separator: 0, omittingEmptySubsequences: true).prefix(32) {
        let choice = Int(part[part.startIndex])
        let side: VehicleSide = choice & 1 == 0 ? .a : .b
        let text = String(decoding: part.dropFirst(), as: UTF8.self)
        var column = statement[side]
        let index = (choice >> 1) % (fields.count + 1)
        if index == fields.count { try? column.setRemarks(text) } else { try? column.set(fields[index], to: text) }
        statement[side] = column
    }
    guard (try? report.setStatement(statement)) != nil else { return 0 }

    // Read as the bytes that are hashed (a value may begin with a combining mark, which joins the `=` before it into
    // one Character: lines and names are bytes here).
    let front = Array(report.statementFront.canonicalText.utf8)
    let lines = front.split(separator: 0x0A, omittingEmptySubsequences: false)
    Fuzz.check(lines.count == frontLineCount + 1 && lines.last?.isEmpty == true, "the front has \(lines.count - 1) lines, not \(frontLineCount)")
    Fuzz.check(lines.dropLast().allSatisfy { $0.contains(0x3D) }, "a line of the front without its name")

    do {
        let wire = Components.Schemas.Report(report)
        let back = try CrashReport(wire: WireCoding.decoder().decode(Components.Schemas.Report.self, from: WireCoding.encoder().encode(wire)))
        Fuzz.check(back.statementVersion == report.statementVersion, "the version changed on the wire")
    } catch {
        Fuzz.check(false, "a statement the rules kept did not travel: \(error)")
    }
    return 0
}

Fuzz.run(testOneInput)
