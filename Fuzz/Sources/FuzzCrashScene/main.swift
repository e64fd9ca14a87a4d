import Domain
import Foundation
import FuzzKit
import Presentation

// `CrashSceneInput.parse` (the text after `w`) on any text: it accepts or refuses, and what it accepts
// keeps the scene's rules (an address within its length, trimmed; `now` is the moment given).

/// The parser and the moment every input is read against.
private enum Setup {
    static let input = CrashSceneInput(timeZone: TimeZone(identifier: "Europe/Budapest") ?? .current)
    static let now = Date(timeIntervalSince1970: 1_795_000_000)
    static let current = CrashScene(occurredAt: now, coordinate: try? Coordinate(latitude: 47.4979, longitude: 19.0402))
}

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let text = Fuzz.text(start, count)
    do {
        let scene = try Setup.input.parse(text, current: Setup.current, now: Setup.now)
        Fuzz.check(scene.occurredAt.timeIntervalSinceReferenceDate.isFinite, "a time that is not finite")
        if let address = scene.address {
            Fuzz.check(!address.isEmpty && address.count <= CrashScene.maximumAddressLength, "address of \(address.count)")
            Fuzz.check(address == address.trimmingCharacters(in: .whitespacesAndNewlines), "untrimmed “\(address)”")
        }
        let first = text.split(separator: " ").first?.lowercased()
        if first == "now" {
            Fuzz.check(scene.occurredAt == Setup.now, "“now” became \(scene.occurredAt)")
        }
        if !text.contains(where: { $0 != " " && $0 != "\t" }) {
            Fuzz.check(false, "accepted a blank line")
        }
    } catch let error as CrashSceneInput.Failure {
        // The form to use, the very line to type (`w 2026-11-17 17:42` for a time of yesterday), or an example of the
        // part that was wrong (`e.g. 47.4979,19.0402`).
        Fuzz.check(error.description.contains(CrashSceneInput.syntax(words: .english)) || error.description.contains("YYYY-MM-DD")
                   || error.description.contains(": w ") || error.description.contains("e.g. "),
                   "“\(error)” does not say what to type")
    } catch {
        Fuzz.check(error is InputError, "refused with \(error)")
    }
    return 0
}

Fuzz.run(testOneInput)
