import Foundation
import Testing
import TestSupport

/// A statement both drivers signed on this device, in a real terminal (tmux): its parts offer no edit, a field number
/// typed is refused at once with the reason, and the overview offers no Close that would then refuse to discard.
@Suite("A signed statement in the terminal (tmux)", .serialized, .ownThreads)
struct SignedStatementTerminalTests {
    static let tmuxPath = Tmux.path

    @Test(.enabled(if: tmuxPath != nil, "tmux is not installed (make deps installs it)"))
    func aSignedStatementOffersNoEdit() throws {
        let folder = TemporaryDirectory("signed-terminal")
        let tmux = try Tmux.startApp(in: folder, environment: "TZ=UTC")
        defer { tmux.stop() }
        func wait(_ text: String) throws -> String { try tmux.wait(for: text, scrollBack: 80) }

        try tmux.openNewStatement()
        for line in ["1", "6 16", "ABC 123", "Anna Driver", "d", "2", "16", "Bea Other", "d"] { try tmux.type(line) }
        _ = try wait("The other driver signs here")
        for line in ["g", "", "o", ""] { try tmux.type(line) }
        let signed = try wait("it can no longer change")
        #expect(!signed.components(separatedBy: "it can no longer change").last!.contains("x  Close"), "\(signed)")
        try tmux.type("1")
        let part = try wait("16  Driver's name: Anna Driver")
        let keys = part.components(separatedBy: "Driver's name: Anna Driver").last ?? ""
        #expect(!keys.contains("Enter every field in turn") && !keys.contains("Enter those fields"), "\(part)")
        try tmux.type("6")
        let refused = try wait("Both drivers signed the accident statement")
        // Refused at once: no question was asked.
        #expect(!refused.contains("A: Registration plate >"), "\(refused)")
    }
}
