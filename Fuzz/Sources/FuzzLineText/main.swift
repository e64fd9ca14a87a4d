import Foundation
import FuzzKit
import Presentation

// `LineText` (how every screen splits what the driver typed) on any line: the command word is one
// lower-cased word, the rest is trimmed, a key is a lone word, and paths and words come out whole.

/// What `LineText` splits at.
func isSeparator(_ character: Character) -> Bool {
    character == " " || character == "\t"
}

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let line = Fuzz.text(start, count)
    let text = LineText(line)
    Fuzz.check(!text.command.contains(where: isSeparator), "command “\(text.command)” has a space")
    Fuzz.check(text.command == text.command.lowercased(), "command “\(text.command)” is not lower-cased")
    Fuzz.check(text.rest == text.rest.trimmingCharacters(in: .whitespaces), "rest “\(text.rest)” is not trimmed")
    Fuzz.check((text.key == nil) == !text.rest.isEmpty, "key \(String(describing: text.key)) with rest “\(text.rest)”")
    if !text.rest.isEmpty {
        Fuzz.check(!text.command.isEmpty, "rest “\(text.rest)” without a command")
    }
    let words = LineText.words(line)
    Fuzz.check(words.allSatisfy { !$0.isEmpty && !$0.contains(where: isSeparator) }, "words \(words)")
    let trimmedWords = LineText.words(line.trimmingCharacters(in: .whitespaces))
    Fuzz.check((trimmedWords.first?.lowercased() ?? "") == text.command, "words \(trimmedWords), command “\(text.command)”")
    let path = LineText.path(line)
    Fuzz.check(path.utf8.count <= line.utf8.count + 4_096, "path of \(path.utf8.count) bytes from \(line.utf8.count)")
    return 0
}

Fuzz.run(testOneInput)
