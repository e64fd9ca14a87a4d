import Domain
import Foundation
import Testing
import TestSupport
import Wording

/// The Other parties page in a real terminal (tmux), in German: a cyclist who was hurt and a lamp post are added kind
/// first, listed with what is known, and the created report's PDF lists both, numbered, in German.
@Suite("Other parties in the terminal (tmux)", .serialized, .ownThreads)
struct PartiesTerminalTests {
    static let tmuxPath = Tmux.path

    /// The path of the PDF the app wrote when the report was created (in `documents` of the folder it ran in).
    static func createdPDF(in folder: TemporaryDirectory) throws -> String {
        let documents = folder.url.appendingPathComponent("documents")
        let pdf = try #require(try FileManager.default.contentsOfDirectory(atPath: documents.path).first { $0.hasSuffix(".pdf") })
        return documents.appendingPathComponent(pdf).path
    }

    @Test(.enabled(if: tmuxPath != nil, "tmux is not installed (make deps installs it)"))
    func aCyclistAndALampPostInGerman() throws {
        let de = Languages.shipped.words("de")
        let parties = PartyWords(de)
        let folder = TemporaryDirectory("parties-terminal")
        let tmux = try Tmux.startApp(in: folder, environment: "LANG=de_DE.UTF-8 LC_ALL= LC_MESSAGES= TZ=Europe/Berlin")
        defer { tmux.stop() }
        func wait(_ text: String) throws -> String { try tmux.wait(for: text, scrollBack: 120) }

        _ = try wait("q  " + de("Quit"))
        try tmux.type("1")
        _ = try wait(de("Press Enter to continue."))
        try tmux.type("")
        _ = try wait("5  [ ] " + ScreenWords(de).category(.otherParties))
        try tmux.type("5")
        _ = try wait(de("No other party: your car alone, or only the other vehicle of the accident statement. That is reported all the same."))
        try tmux.type("add")
        _ = try wait(de("What kind of party?"))
        try tmux.type("1")
        _ = try wait(parties.field(.name) + " >")
        try tmux.type("Eva Kovács")
        _ = try wait(parties.field(.phone) + " >")
        try tmux.type("0151 23456789")
        // A number without + is refused as it is said, and asked again.
        _ = try wait(de("Not kept: {reason}", ["reason": ""]))
        try tmux.type("+49 151 23456789")
        _ = try wait(parties.field(.address) + " >")
        try tmux.type("")
        _ = try wait(parties.field(.insurer) + " >")
        try tmux.type("HUK-Coburg")
        _ = try wait(parties.field(.injured) + " >")
        try tmux.type("ja")
        _ = try wait(de("Kept: {role}, {party}.", ["role": parties.role(.cyclist), "party": "Eva Kovács"]).components(separatedBy: "Eva Kovács")[0])
        try tmux.type("add")
        _ = try wait("4 " + parties.role(.leftTheScene))
        try tmux.type("3")
        _ = try wait(parties.field(.what) + " >")
        try tmux.type("Laterne")
        _ = try wait(parties.field(.owner) + " >")
        try tmux.type("Stadt München")
        _ = try wait(parties.field(.address) + " >")
        try tmux.type("Leopoldstraße 1")
        let list = try wait("2  " + parties.role(.property) + " — Laterne")
        #expect(list.contains("1  " + parties.role(.cyclist) + " — Eva Kovács, +4915123456789, " + de("insured with {insurer}", ["insurer": "HUK-Coburg"]) + ", " + parties.injured(true)), "\(list)")
        #expect(list.contains(de("owner {owner}", ["owner": "Stadt München"])), "\(list)")

        try tmux.type("d")
        _ = try wait("5  [✓] " + ScreenWords(de).category(.otherParties) + " — " + parties.role(.cyclist) + ", " + parties.role(.property))
        // The cyclist said to be hurt is a person chosen on Who was injured?, numbered after the six.
        let cyclist = de("{role}: {name}", context: "a person of a crash who may be hurt", ["role": parties.role(.cyclist), "name": "Eva Kovács"])
        _ = try wait("1  [✓] " + ScreenWords(de).category(.injuries) + " — " + cyclist)
        try tmux.type("1")
        _ = try wait("7  [x] " + cyclist)
        try tmux.type("d")
        _ = try wait("5  [✓] " + ScreenWords(de).category(.otherParties))
        try tmux.type("c")
        // Read with the terminal's line breaks as spaces: the question wraps.
        let question = try wait("y/n").split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(question.contains(de.plural("{count} other party ({parties})", "{count} other parties ({parties})", count: 2, [
            "parties": parties.role(.cyclist) + ", " + parties.role(.property),
        ])), "\(question)")
        try tmux.type("y")
        _ = try wait(".pdf")

        let tools = try PDFTools()
        defer { tools.cleanUp() }
        let text = try tools.text(try Self.createdPDF(in: folder)).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let numbered = { (number: Int, role: Party.Role) in de("{number}. {title}", context: "a numbered party of a crash", ["number": "\(number)", "title": parties.role(role)]) }
        for phrase in [cyclist, StatementWords(de).category(.otherParties), numbered(1, .cyclist), "Eva Kovács", "HUK-Coburg", numbered(2, .property), "Laterne", "Stadt München"] {
            #expect(text.contains(phrase), "\(phrase): \(text)")
        }
    }

    @Test("A pile-up in the terminal: B on the statement, C added as another motor vehicle whose statement opens, filled and signed there; the PDF has both forms", .enabled(if: tmuxPath != nil, "tmux is not installed (make deps installs it)"))
    func aThirdVehicleWithItsOwnStatement() throws {
        let folder = TemporaryDirectory("pile-up-terminal")
        let tmux = try Tmux.startApp(in: folder, environment: "LANG=en_US.UTF-8 LC_ALL= LC_MESSAGES= TZ=UTC")
        defer { tmux.stop() }
        func wait(_ text: String) throws -> String { try tmux.wait(for: text, scrollBack: 120) }

        _ = try wait("q  Quit")
        try tmux.type("1")
        _ = try wait("Press Enter to continue.")
        try tmux.type("")
        _ = try wait("4  [ ] Accident statement")
        try tmux.type("4")
        _ = try wait("2  Vehicle B (the other)")
        for line in ["2", "6", "BXY-123", "d", "d"] { try tmux.type(line); Thread.sleep(forTimeInterval: 0.3) }
        _ = try wait("5  [ ] Other parties")
        try tmux.type("5")
        _ = try wait("Add a party: a cyclist, a pedestrian")
        try tmux.type("add")
        _ = try wait("5 Another motor vehicle")
        try tmux.type("5")
        _ = try wait("Accident statement with party 1")
        for line in ["2", "6", "C-DE 345", "d"] { try tmux.type(line); Thread.sleep(forTimeInterval: 0.3) }
        _ = try wait("g    Sign vehicle A's side")
        try tmux.type("g")
        _ = try wait("Your name, to sign vehicle A's side >")
        try tmux.type("Anna Driver")
        _ = try wait("Signed for vehicle A as Anna Driver")
        try tmux.type("d")
        let list = try wait("1  Another motor vehicle — C-DE 345")
        #expect(list.contains("Other parties"), "\(list)")
        // Its statement opens again from the list.
        try tmux.type("change 1")
        _ = try wait("Vehicle A: signed by Anna Driver")
        try tmux.type("d")
        _ = try wait("1  Another motor vehicle — C-DE 345")
        try tmux.type("d")
        _ = try wait("5  [✓] Other parties")
        try tmux.type("c")
        _ = try wait("y/n")
        try tmux.type("y")
        _ = try wait(".pdf")

        let path = try Self.createdPDF(in: folder)
        let tools = try PDFTools()
        defer { tools.cleanUp() }
        func page(_ number: Int) throws -> String {
            try tools.text(path, page: number).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }
        let first = try page(1), second = try page(2)
        #expect(first.hasPrefix("European Accident Statement ") && first.contains("BXY-123") && !first.contains("C-DE 345"), "\(first)")
        #expect(second.hasPrefix("European Accident Statement with party 1") && second.contains("C-DE 345"), "\(second)")
        let text = try tools.text(path).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(text.contains("Vehicle A: signed by Anna Driver"), "\(text)")
    }
}
