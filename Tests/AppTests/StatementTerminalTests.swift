import Foundation
import Testing
import TestSupport

/// The accident statement typed in a real terminal (tmux): the driver's details once, both vehicles field by field
/// with a refusal on the way, the circumstances, a witness, the police; kept as a draft, resumed, created; its PDF's
/// statement page holds every field.
@Suite("The accident statement in a real terminal (tmux)", .serialized, .ownThreads)
struct StatementTerminalTests {
    static let tmuxPath = Tmux.path

    private func wait(_ socket: String, for text: String) throws -> String {
        try Tmux(socket: socket).wait(for: text, scrollBack: 60)
    }

    private func type(_ socket: String, _ line: String) throws {
        try Tmux(socket: socket).type(line)
    }

    /// Vehicle B's 23 fields and its remarks, as the other driver dictates them; a first plate is refused.
    static let vehicleB: [String] = [
        // The country of registration is asked before the phone.
        "Hans Müller", "Hauptstraße 5, München", "de", "0049 151 2345 6789", "hans@example.de", "VW Golf",
        "M", "m-ab 1234", "", "", "Allianz", "AZ-55-1", "D/9/87", "1.3.2026", "28.2.2027", "n",
        "Greta Müller", "12.6.1990", "Hauptstraße 5", "B072RRE2I55", "B, BE", "1.1.2033", "rear left", "Dented boot lid",
        "I did not see it",
    ]

    @Test(.enabled(if: tmuxPath != nil, "tmux is not installed (make deps installs it)"))
    func theWholeStatementTypedKeptResumedAndCreated() throws {
        let folder = TemporaryDirectory("statement-terminal")
        let database = folder.file("reports.sqlite")
        let tmux = try Tmux.startApp(in: folder, environment: "TZ=UTC", width: 120)
        defer { tmux.stop() }
        let socket = tmux.socket

        // Your details, once: they fill vehicle A of the new report.
        _ = try wait(socket, for: "q  Quit")
        try type(socket, "3")
        _ = try wait(socket, for: "Your details")
        try type(socket, "1 5 6 7")
        for answer in ["Jane Doe", "Toyota Corolla", "abc 123", "hu"] { try type(socket, answer) }
        #expect(try wait(socket, for: "Registration plate: ABC 123").contains("Make and model: Toyota Corolla"))
        try type(socket, "d")

        // A new report: vehicle A starts with them.
        try type(socket, "1")
        _ = try wait(socket, for: "Press Enter to continue")
        try type(socket, "")
        _ = try wait(socket, for: "4  [ ] Accident statement")
        try type(socket, "4")
        #expect(try wait(socket, for: "Vehicle A (yours) — Policyholder, Vehicle").contains("1-5  Open a part"))
        try type(socket, "1")
        _ = try wait(socket, for: "Remarks: —")
        try type(socket, "10 11 13 14 16 17 19 21 22 23")
        for answer in ["Generali", "POL-778812", "1.1.2026", "31.12.2026", "Jane Doe", "1.4.1980", "HU-12345678", "2020-01-01", "front", "Scratched front bumper"] {
            try type(socket, answer)
        }
        try type(socket, "r")
        try type(socket, "The other car reversed into me")
        #expect(try wait(socket, for: "Remarks: The other car reversed into me").contains("the driving licence ran out on 1 Jan 2020"))
        try type(socket, "d")

        // Vehicle B, every field in turn; a plate of one letter is refused and asked again.
        try type(socket, "2")
        _ = try wait(socket, for: "Vehicle B (the other)")
        try type(socket, "e")
        _ = try wait(socket, for: "(1 of 24) B: Policyholder's name")
        for answer in Self.vehicleB { try type(socket, answer) }
        let b = try wait(socket, for: "Remarks: I did not see it")
        #expect(b.contains("Not kept: A plate has at least 2 letters or digits."))
        #expect(b.contains("Registration plate: M-AB 1234"))
        #expect(b.contains("Policyholder's phone: +4915123456789"))
        #expect(b.contains("Point of initial impact: rear, left corner"))
        try type(socket, "d")

        // The circumstances, a witness, the police and other damage.
        try type(socket, "3")
        _ = try wait(socket, for: "17  [ ]  [ ]  had not observed")
        try type(socket, "a 1 12")
        try type(socket, "b 3,8")  // commas or spaces, as everywhere a list of numbers is typed
        #expect(try wait(socket, for: "A: 2 boxes, B: 2 boxes").contains(" 8  [ ]  [x]  striking the rear"))
        try type(socket, "d")
        try type(socket, "4")
        _ = try wait(socket, for: "no witnesses yet")
        try type(socket, "add")
        for answer in ["Joe Witness", "1 High St", "+44 7400 123456"] { try type(socket, answer) }
        _ = try wait(socket, for: "1  Joe Witness, 1 High St, +447400123456")
        try type(socket, "d")
        try type(socket, "5")
        _ = try wait(socket, for: "Damage to other property")
        try type(socket, "p")
        for answer in ["y", "2026/123", "Budapest XI"] { try type(socket, answer) }
        try type(socket, "o")
        try type(socket, "Lamp post bent")
        _ = try wait(socket, for: "Damage to other property — Lamp post bent")
        try type(socket, "d")
        #expect(try wait(socket, for: "5  Police and other damage — came, report 2026/123, Budapest XI").contains("Accident statement: 12 of 12 parts"))
        try type(socket, "d")
        _ = try wait(socket, for: "4  [✓] Accident statement — 12 of 12 parts")

        // Kept as a draft, resumed, when and where set, created.
        try type(socket, "x")
        _ = try wait(socket, for: "Save as draft")
        try type(socket, "s")
        _ = try wait(socket, for: "saved. Open it again")
        try type(socket, "2")
        _ = try wait(socket, for: "statement 12/12")
        try type(socket, "1")
        _ = try wait(socket, for: "4  [✓] Accident statement — 12 of 12 parts")
        try type(socket, "w 2026-11-20 08:15 47.4979,19.0402 Budapest, Lánchíd")
        _ = try wait(socket, for: "Where: Budapest, Lánchíd")

        // Both drivers sign on this device: the driver with g, the other driver with o; then the front no longer changes.
        try type(socket, "4")
        #expect(try wait(socket, for: "Vehicle A: not signed").contains("Sign vehicle A's side"))
        try type(socket, "g")
        _ = try wait(socket, for: "Your name, to sign vehicle A's side [Jane Doe]")
        try type(socket, "")
        #expect(try wait(socket, for: "Signed for vehicle A as Jane Doe").contains("Vehicle A: signed by Jane Doe, "))
        try type(socket, "o")
        _ = try wait(socket, for: "The other driver's name, to sign vehicle B's side here [Greta Müller]")
        try type(socket, "")
        let signed = try wait(socket, for: "Both drivers signed this version")
        #expect(signed.contains("Vehicle B: signed by Greta Müller, "))
        #expect(signed.contains("on the driver's device at the scene, not verified"))
        try type(socket, "3")
        try type(socket, "a 5")
        _ = try wait(socket, for: "Both drivers signed the accident statement of")
        try type(socket, "d")
        try type(socket, "d")
        _ = try wait(socket, for: "4  [✓] Accident statement — 12 of 12 parts")
        try type(socket, "c")
        let question = try wait(socket, for: "Type y to create it")
        #expect(question.contains("the driving licence ran out on 1 Jan 2020"))
        #expect(question.contains("signed by both drivers"))
        try type(socket, "y")
        let created = try wait(socket, for: "created.")
        try type(socket, "b")
        try type(socket, "q")
        #expect(try wait(socket, for: "exit status").contains("exit status 0"))

        // The PDF's statement page says every field.
        let crashID = try #require(created.firstMatch(of: /Crash report (C[AR]-[0-9A-Z]+) created/).map { String($0.1) })
        let pdf = folder.file("report.pdf")
        let export = try AppProcess.run([], arguments: ["export", crashID, pdf, "--database", database], in: folder.url)
        #expect(export.status == 0, "\(export.errors)")
        let tools = try PDFTools()
        defer { tools.cleanUp() }
        let text = try tools.text(pdf).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(text.contains("Both drivers signed this version of the front side; it can no longer change."))
        #expect(text.contains("Vehicle A: signed by Jane Doe, ") && text.contains(", on the driver's own device"))
        for expected in [
            // The form's boxes: each title over its text.
            "European Accident Statement", "1. Date and time", "4. Damage to other property", "Lamp post bent",
            "5. Witnesses", "Joe Witness, 1 High St, +447400123456", "Police", "came, report 2026/123, Budapest XI",
            "Jane Doe", "Toyota Corolla", "ABC 123", "HU", "Generali", "POL-778812", "1 Jan 2026", "31 Dec 2026", "1 Apr 1980",
            "HU-12345678", "1 Jan 2020", "Scratched front bumper", "The other car reversed into me",
            "Hans Müller", "Hauptstraße 5, München", "+4915123456789", "hans@example.de", "VW Golf", "M-AB 1234", "DE", "Allianz",
            "AZ-55-1", "D/9/87", "1 Mar 2026", "28 Feb 2027", "Greta Müller", "12 Jun 1990", "B072RRE2I55", "B, BE", "1 Jan 2033",
            "rear, left corner", "Dented boot lid", "I did not see it", "10. Point of initial impact", "front",
            "12. Circumstances", "Boxes ticked", "Note: Vehicle A: the driving licence ran out on 1 Jan 2020, before the crash.",
        ] {
            #expect(text.contains(expected), "the PDF lacks “\(expected)”")
        }
        // A person looks at the page: it is drawn to a PNG beside the PDF.
        #expect(try tools.renderPage(pdf, page: 1, to: folder.file("statement-page")) > 0)
    }
}
