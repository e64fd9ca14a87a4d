import Domain
import Foundation
import FuzzKit

// `CrashID(validating:)` on any text: an accepted ID is 1–64 letters, digits, `-` and `_`, is the text
// without its surrounding whitespace, and validates again to itself.

/// The bytes a crash ID may hold.
private enum CrashIDBytes {
    static let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_".utf8)
}

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let text = Fuzz.text(start, count)
    do throws(InputError) {
        let id = try CrashID(validating: text)
        let raw = id.rawValue
        Fuzz.check((1...CrashID.maximumLength).contains(raw.utf8.count), "accepted \(raw.utf8.count) bytes")
        Fuzz.check(raw.utf8.allSatisfy(CrashIDBytes.allowed.contains), "accepted “\(raw)”")
        Fuzz.check(raw == text.trimmingCharacters(in: .whitespacesAndNewlines), "“\(text)” became “\(raw)”")
        Fuzz.check((try? CrashID(validating: raw)) == id, "“\(raw)” does not validate to itself")
    } catch {
        // A refusal is an answer: the error names the rule the text breaks.
    }
    return 0
}

Fuzz.run(testOneInput)
