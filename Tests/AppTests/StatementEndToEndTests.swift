import Foundation
import Testing
import TestSupport

/// The accident statement typed over a pipe: what a refusal says back, how the report shows both vehicles, and what
/// is kept when input ends halfway through a witness.
@Suite("The accident statement driven through standard input", .ownThreads)
struct StatementEndToEndTests {
    @Test("A refused value is said back whole; a long one shortened in the middle, both its ends shown")
    func aRefusedValueIsEchoedWholeOrShortenedInTheMiddle() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let pasted = "This is a very long text that somebody pasted instead of a country code for the plate"
        let run = try AppProcess.run(["1", "", "4", "2", "7", "Deutschland", pasted, ".", "15", "vielleicht", "."], in: folder.url)
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.contains("! Not kept: “Deutschland” is not a country: write its two-letter code"), "\(run.output)")
        #expect(run.output.contains("! Not kept: “This is a very long text that … a country code for the plate” is not a country"))
        #expect(run.output.contains("! Not kept: “vielleicht” is neither yes nor no: type y or n."))
        #expect(!run.output.contains("DEUTSCHL"))
    }

    @Test("The report's statement keeps vehicle A's and B's columns apart: a long address is broken, a wide name aligned")
    func theViewedStatementKeepsTheColumnsApart() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let run = try AppProcess.run([
            "1", "", "4",
            "1", "4 16", "Peter.Kovacs@example.hu", "山田太郎", "d",
            "2", "4 16", "juergen.mueller@web.de", "Jürgen Müller", "d",
            "d", "c", "y", "v", "b", "q",
        ], in: folder.url)
        #expect(run.status == 0, "\(run.errors)")
        let lines = run.output.split(separator: "\n").map(String.init)
        #expect(lines.contains("    Policyholder's e-mail         Peter.Kovacs@example.  juergen.mueller@web."), "\(run.output)")
        #expect(lines.contains("                                  hu                     de"))
        #expect(lines.contains("    Driver's name                 山田太郎" + String(repeating: " ", count: 15) + "Jürgen Müller"))
        #expect(!run.output.contains("example.hujuergen"))
    }

    @Test("A witness whose name was typed when input ended is kept in the draft with it")
    func aHalfTypedWitnessIsKeptWhenInputEnds() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let run = try AppProcess.run(["1", "", "4", "4", "add", "Joe Witness"], in: folder.url)
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.contains("The witness being added was kept with what was typed so far: Joe Witness."), "\(run.output)")
        #expect(run.output.contains("Input ended: draft CR-"))

        let list = try AppProcess.run([], arguments: ["reports", "--json"], in: folder.url)
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(list.output.utf8)) as? [[String: Any]])
        #expect(rows.first?["statementParts"] as? Int == 1)
        // Opened again where it was left: the witness is listed.
        let resumed = try AppProcess.run(["2", "1", "4", "d", "d", "x", "s", "q"], in: folder.url)
        #expect(resumed.output.contains("4  Witnesses — 1 witness"), "\(resumed.output)")
        #expect(resumed.output.contains("  1  Joe Witness\n"))
    }

    @Test("A witness with only an address typed when input ends cannot be kept, and the app says so")
    func aWitnessWithoutNameOrPhoneIsSaidToBeDropped() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let run = try AppProcess.run(["1", "", "4", "4", "add", "", "1 High St"], in: folder.url)
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.contains("! The witness being added had neither a name nor a phone number yet, so it was not kept."), "\(run.output)")
    }

    @Test("The police half answered when input ends are kept with what was typed")
    func halfAnsweredPoliceAreKept() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let run = try AppProcess.run(["1", "", "4", "5", "p", "y", "2026/123"], in: folder.url)
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.contains("The police details being entered were kept with what was typed so far: came, report 2026/123."), "\(run.output)")
        let resumed = try AppProcess.run(["2", "1", "5", "d", "d", "x", "s", "q"], in: folder.url)
        #expect(resumed.output.contains("Police — came, report 2026/123"), "\(resumed.output)")
    }
}
