import Domain
import Foundation
import Testing
import TestSupport
import Wording

/// A statement both drivers signed on this device, in a real terminal (tmux) in English, German and Polish: its parts
/// offer no edit, a field number typed is refused at once with the reason, and the overview offers no Close that would
/// then refuse to discard.
@Suite("A signed statement in the terminal (tmux)", .serialized, .ownThreads)
struct SignedStatementTerminalTests {
    static let tmuxPath = Tmux.path

    private static func number(_ field: VehicleField) -> Int { VehicleField.allCases.firstIndex(of: field)! + 1 }

    /// The part of a message after (or before) a value put into it, to find it on the screen whatever the value.
    private static func around(_ message: String, _ words: Words, value: String, after: Bool) -> String {
        let filled = words(message, [value: "\u{1}"])
        let parts = filled.components(separatedBy: "\u{1}")
        return (after ? parts.last : parts.first) ?? filled
    }

    @Test(
        .enabled(if: tmuxPath != nil, "tmux is not installed (make deps installs it)"),
        arguments: [("en_GB", "en"), ("de_DE", "de"), ("pl_PL", "pl")]
    )
    func aSignedStatementOffersNoEdit(_ locale: String, _ language: String) throws {
        let words = Languages.shipped.words(language)
        let statementWords = StatementWords(words)
        let folder = TemporaryDirectory("signed-terminal")
        let tmux = try Tmux.startApp(in: folder, environment: "LANG=\(locale).UTF-8 LC_ALL= LC_MESSAGES= TZ=UTC")
        defer { tmux.stop() }
        func wait(_ text: String) throws -> String { try tmux.wait(for: text, scrollBack: 80) }

        try tmux.openNewStatement(words)
        let plate = Self.number(.plate), driver = Self.number(.driverName)
        for line in ["1", "\(plate) \(driver)", "ABC 123", "Anna Driver", "d", "2", "\(driver)", "Bea Other", "d"] { try tmux.type(line) }
        _ = try wait(words("The other driver signs here"))
        for line in ["g", "", "o", ""] { try tmux.type(line) }
        let note = Self.around("Both drivers signed this version ({version}): it can no longer change.", words, value: "version", after: true)
        let signed = try wait(note)
        // No Close (which would offer Discard, then refuse it) among the keys after it.
        #expect(!(signed.components(separatedBy: note).last ?? "").contains("\n  x "), "\(signed)")
        try tmux.type("1")
        let row = "\(driver)  \(statementWords.field(.driverName)): Anna Driver"
        let part = try wait(row)
        let keys = part.components(separatedBy: row).last ?? ""
        #expect(!keys.contains(words("Enter every field in turn (then the remarks)")) && !keys.contains(words("Enter those fields (several at once: 6 7)")), "\(part)")
        try tmux.type("\(plate)")
        let refusal = Self.around(
            "Both drivers signed the accident statement of {crashID}: it, the injuries and when and where can no longer be changed. Photos and the note still can.",
            words, value: "crashID", after: false
        )
        let refused = try wait(refusal)
        // Refused at once: no question was asked.
        #expect(!refused.contains("\(statementWords.field(.plate)) >"), "\(refused)")
    }
}
