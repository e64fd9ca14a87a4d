/// The line being edited: its characters (as a reader counts them, so Backspace removes a whole `é` or `🚗`), the
/// cursor, and the lines typed before (the history, this run only: it holds what a driver typed about a crash, so it
/// is never written to disk).
struct LineBuffer: Sendable {
    /// What a key did.
    enum Outcome: Sendable, Hashable {
        /// The line or cursor changed (or nothing did): draw it again.
        case edited
        /// Enter: the line is done.
        case submitted(String)
        /// Ctrl-D on an empty line.
        case endOfInput
    }

    /// The most lines the history keeps.
    static let historyLimit = 200

    private(set) var characters: [Character] = []
    /// Where the cursor is: before `characters[cursor]` (at the end when equal to their count).
    private(set) var cursor = 0
    private(set) var history: [String] = []
    /// Which history line is shown (`nil`: the line being typed).
    private var browsing: Int?
    /// The line being typed, kept while the history is browsed.
    private var typed: [Character] = []

    var text: String { String(characters) }

    mutating func apply(_ key: EditKey) -> Outcome {
        switch key {
        case let .text(text):
            leaveHistory()
            // Counted again as a reader would: a combining accent or a joined emoji typed after its base is one
            // character with it.
            let before = String(characters[..<cursor]) + text
            characters = Array(before + String(characters[cursor...]))
            cursor = min(before.count, characters.count)
        case .enter:
            let line = self.text
            if !line.trimmingCharacters(in: .whitespaces).isEmpty, history.last != line {
                history.append(line)
                if history.count > Self.historyLimit { history.removeFirst(history.count - Self.historyLimit) }
            }
            characters = []
            cursor = 0
            browsing = nil
            typed = []
            return .submitted(line)
        case .backspace:
            guard cursor > 0 else { break }
            leaveHistory()
            characters.remove(at: cursor - 1)
            cursor -= 1
        case .delete:
            guard cursor < characters.count else { break }
            leaveHistory()
            characters.remove(at: cursor)
        case .endOfInput:
            if characters.isEmpty { return .endOfInput }
            return apply(.delete)
        case .left:
            cursor = max(0, cursor - 1)
        case .right:
            cursor = min(characters.count, cursor + 1)
        case .home:
            cursor = 0
        case .end:
            cursor = characters.count
        case .wordLeft:
            cursor = wordStart(before: cursor)
        case .wordRight:
            var index = cursor
            while index < characters.count, characters[index].isWhitespace { index += 1 }
            while index < characters.count, !characters[index].isWhitespace { index += 1 }
            cursor = index
        case .deleteToStart:
            leaveHistory()
            characters.removeSubrange(0..<cursor)
            cursor = 0
        case .deleteToEnd:
            leaveHistory()
            characters.removeSubrange(cursor...)
        case .deleteWordBack:
            leaveHistory()
            let start = wordStart(before: cursor)
            characters.removeSubrange(start..<cursor)
            cursor = start
        case .up:
            guard !history.isEmpty else { break }
            let index = browsing.map { max(0, $0 - 1) } ?? history.count - 1
            if browsing == nil { typed = characters }
            show(history: index)
        case .down:
            guard let index = browsing else { break }
            if index + 1 < history.count {
                show(history: index + 1)
            } else {
                browsing = nil
                characters = typed
                cursor = characters.count
            }
        case .redraw:
            break
        }
        return .edited
    }

    private mutating func show(history index: Int) {
        browsing = index
        characters = Array(history[index])
        cursor = characters.count
    }

    /// Editing a history line makes it the line being typed (the history itself is not changed).
    private mutating func leaveHistory() {
        browsing = nil
    }

    /// The start of the word before `index` (spaces before it skipped).
    private func wordStart(before index: Int) -> Int {
        var start = index
        while start > 0, characters[start - 1].isWhitespace { start -= 1 }
        while start > 0, !characters[start - 1].isWhitespace { start -= 1 }
        return start
    }
}
