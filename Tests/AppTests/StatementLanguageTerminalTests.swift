import Domain
import Foundation
import Testing
import TestSupport
import Wording

/// The statement's questions in a real terminal (tmux) whose locale is German or Polish: yes and no in the
/// language's words, points of impact by their names in it, each kept and shown back in the language.
@Suite("Statement answers in the terminal's language (tmux)", .serialized, .ownThreads)
struct StatementLanguageTerminalTests {
    static let tmuxPath = Tmux.path

    /// The number the statement's page asks a field by.
    private static func number(_ field: VehicleField) -> Int { VehicleField.allCases.firstIndex(of: field)! + 1 }

    @Test(
        .enabled(if: tmuxPath != nil, "tmux is not installed (make deps installs it)"),
        arguments: [("de_DE", "de", "ja", "hinten", ImpactZone.rear), ("pl_PL", "pl", "tak", "przód", .front)]
    )
    func yesNoAndImpactPointsInTheLanguage(_ locale: String, _ language: String, _ yes: String, _ typedZone: String, _ zone: ImpactZone) throws {
        let words = Languages.shipped.words(language)
        let statement = StatementWords(words)
        let folder = TemporaryDirectory("statement-language")
        let tmux = try Tmux.startApp(in: folder, environment: "LANG=\(locale).UTF-8 LC_ALL= LC_MESSAGES= TZ=Europe/Berlin")
        defer { tmux.stop() }
        func wait(_ text: String) throws -> String { try tmux.wait(for: text, scrollBack: 80) }

        _ = try wait(words("Quit"))
        try tmux.type("1")
        _ = try wait(words("Press Enter to continue."))
        try tmux.type("")
        _ = try wait(ScreenWords(words).category(.accidentStatement))
        try tmux.type("4")
        _ = try wait("1-5")
        try tmux.type("1")
        _ = try wait(statement.field(.ownDamageCovered))
        // Vehicle A: whether its own damage is covered, and its point of impact, typed in the language.
        try tmux.type("\(Self.number(.ownDamageCovered)) \(Self.number(.impactPoint))")
        _ = try wait(words("{hint}. Enter keeps the value, - clears it, . stops asking.", [
            "hint": YesNoHint.text(words),
        ]))
        try tmux.type(yes)
        _ = try wait(statement.typedZone(.frontLeft))
        try tmux.type(typedZone)
        // The rows of the page, not the prompts (which end in ">"): both answers kept, shown in the language.
        let shown = try wait("\(Self.number(.impactPoint))  \(statement.field(.impactPoint)): \(statement.zone(zone))")
        #expect(shown.contains("\(Self.number(.ownDamageCovered))  \(statement.field(.ownDamageCovered)): \(statement.yesNo(true))"), "\(shown)")
    }
}

/// The yes/no hint as the page shows it.
private enum YesNoHint {
    static func text(_ words: Words) -> String {
        words("{yes} or {no} (y or n)", [
            "yes": words("yes", context: "the answer to a yes/no question"), "no": words("no", context: "the answer to a yes/no question"),
        ])
    }
}
