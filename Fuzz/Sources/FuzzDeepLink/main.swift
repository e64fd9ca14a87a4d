import Domain
import Foundation
import FuzzKit

// `DeepLink.crashID(from:)` on any text: the crash ID of an accepted link validates on its own and ends the
// link; a refusal is an `invalidDeepLink` carrying the link as typed (trimmed) and a short reason.

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let text = Fuzz.text(start, count)
    do throws(InputError) {
        let id = try DeepLink.crashID(from: text)
        Fuzz.check((try? CrashID(validating: id.rawValue)) == id, "“\(id)” from “\(text)” does not validate")
        let link = text.trimmingCharacters(in: .whitespacesAndNewlines)
        // Crash IDs are read in either case and kept upper-case.
        let upper = link.uppercased()
        Fuzz.check(upper.hasSuffix(id.rawValue) || upper.hasSuffix(id.rawValue + "/"), "“\(id)” is not the end of “\(text)”")
        let scheme = link.prefix(while: { $0 != ":" }).lowercased()
        Fuzz.check(["crashassistant", "https", "http"].contains(scheme), "accepted the scheme “\(scheme)”")
    } catch {
        guard case let .invalidDeepLink(shown, reason) = error else {
            Fuzz.check(false, "refused with \(error), not invalidDeepLink")
            return 0
        }
        // The link is carried whole (the edges shorten it in the middle to show it) and the reason stays short.
        let link = text.trimmingCharacters(in: .whitespacesAndNewlines)
        Fuzz.check(shown == link && reason.count <= 300, "a refusal carrying \(shown.count) of \(link.count) characters, with a reason of \(reason.count)")
    }
    return 0
}

Fuzz.run(testOneInput)
