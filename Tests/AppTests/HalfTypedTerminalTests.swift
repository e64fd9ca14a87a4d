import Domain
import Foundation
import Testing
import TestSupport

/// Ctrl-C in a real terminal (tmux) while a vehicle field is half typed: what is on the line is kept in the draft as
/// if Enter had been pressed, and the app says so. Walking every field asks the country before the phone, so a number
/// typed as it is said at home (`0151 …`) is read in that country.
@Suite("Typed text kept when the app is stopped (tmux)", .serialized, .ownThreads)
struct HalfTypedTerminalTests {
    static let tmuxPath = Tmux.path

    private static func number(_ field: VehicleField) -> Int { VehicleField.allCases.firstIndex(of: field)! + 1 }

    @Test(.enabled(if: tmuxPath != nil, "tmux is not installed (make deps installs it)"))
    func ctrlCKeepsTheFieldBeingTyped() throws {
        let folder = TemporaryDirectory("half-typed")
        var tmux = try Tmux.startApp(in: folder, environment: "TZ=UTC")
        defer { tmux.stop() }
        func wait(_ text: String) throws -> String { try tmux.wait(for: text, scrollBack: 80) }

        try tmux.openNewStatement()
        try tmux.type("2")
        _ = try wait("Enter every field in turn")
        try tmux.type("e")
        _ = try wait("B: Policyholder's name >")
        try tmux.type("Bea Other")
        _ = try wait("B: Policyholder's address >")
        try tmux.type("Main St 1")
        // The country comes before the phone, and the phone typed as said in Germany is read there.
        _ = try wait("B: Country of registration >")
        try tmux.type("D")
        _ = try wait("B: Policyholder's phone >")
        try tmux.type("0151 23456789")
        _ = try wait("B: Policyholder's e-mail >")
        try tmux.type(".")
        try tmux.type(String(Self.number(.visibleDamage)))
        _ = try wait("B: Visible damage >")
        // Typed, not entered, then Ctrl-C.
        try tmux.run(["send-keys", "-t", "app", "-l", "Bumper cracked"])
        _ = try wait("Bumper cracked")
        try tmux.run(["send-keys", "-t", "app", "C-c"])
        let stopped = try wait("exit status")
        #expect(stopped.contains("What was being typed for B: Visible damage was kept: “Bumper cracked”."), "\(stopped)")
        #expect(stopped.contains("Interrupted: draft"), "\(stopped)")
        tmux.stop()

        // The draft, opened again, holds it.
        tmux = try Tmux.startApp(in: folder, environment: "TZ=UTC")
        _ = try wait("q  Quit")
        try tmux.type("2")
        _ = try wait("1. CR-")
        // The draft opens where it was left: the statement.
        try tmux.type("1")
        _ = try wait("Open a part")
        try tmux.type("2")
        let part = try wait("Visible damage: Bumper cracked")
        #expect(part.contains("Policyholder's phone: +49"), "\(part)")
        #expect(part.contains("Country of registration: DE"), "\(part)")
    }
}
