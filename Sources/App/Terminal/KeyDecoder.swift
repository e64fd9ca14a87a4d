/// A key as the line editor acts on it.
enum EditKey: Sendable, Hashable {
    /// Text to insert at the cursor (one or more characters, never a control character).
    case text(String)
    case enter
    case backspace
    /// Delete the character under the cursor.
    case delete
    case left
    case right
    case wordLeft
    case wordRight
    case home
    case end
    /// The previous line in the history.
    case up
    /// The next line in the history.
    case down
    /// Ctrl-U: delete from the start of the line to the cursor.
    case deleteToStart
    /// Ctrl-K: delete from the cursor to the end of the line.
    case deleteToEnd
    /// Ctrl-W: delete the word before the cursor.
    case deleteWordBack
    /// Ctrl-D: the end of input on an empty line, else `delete`.
    case endOfInput
    /// Ctrl-L: draw the line again.
    case redraw
}

/// Turns the bytes a terminal sends into keys: UTF-8 text, control keys, and the escape sequences of arrows, Home,
/// End and Delete (both the `ESC [` and `ESC O` forms, and xterm's modifier forms). Anything else a terminal sends —
/// function keys, a lone Escape, Tab, other control characters — is dropped, so no control character ever reaches the
/// text. Fed one byte at a time; keeps a partial character or sequence between calls.
struct KeyDecoder: Sendable {
    private enum State: Sendable {
        case ground
        /// After ESC.
        case escape
        /// After `ESC [`, collecting parameter and intermediate bytes.
        case controlSequence([UInt8])
        /// After `ESC O`.
        case singleShift
        /// Inside a multi-byte UTF-8 character: the bytes so far and how many it needs.
        case utf8([UInt8], needed: Int)
    }

    private var state = State.ground

    /// The key `byte` completes, if any.
    mutating func feed(_ byte: UInt8) -> EditKey? {
        switch state {
        case .ground:
            return ground(byte)
        case .escape:
            switch byte {
            case UInt8(ascii: "["): state = .controlSequence([]); return nil
            case UInt8(ascii: "O"): state = .singleShift; return nil
            case UInt8(ascii: "b"): state = .ground; return .wordLeft
            case UInt8(ascii: "f"): state = .ground; return .wordRight
            case 0x1B: state = .escape; return nil
            default:
                // Alt with another key, or a lone Escape followed by typing: the Escape is dropped, the key kept.
                state = .ground
                return ground(byte)
            }
        case let .controlSequence(collected):
            if (0x20...0x3F).contains(byte) {
                // Parameters and intermediates; a sequence far longer than any key's is not a key.
                state = collected.count < 16 ? .controlSequence(collected + [byte]) : .ground
                return nil
            }
            state = .ground
            guard (0x40...0x7E).contains(byte) else { return ground(byte) }
            return Self.controlSequenceKey(parameters: String(decoding: collected, as: UTF8.self), final: byte)
        case .singleShift:
            state = .ground
            switch byte {
            case UInt8(ascii: "A"): return .up
            case UInt8(ascii: "B"): return .down
            case UInt8(ascii: "C"): return .right
            case UInt8(ascii: "D"): return .left
            case UInt8(ascii: "H"): return .home
            case UInt8(ascii: "F"): return .end
            default: return nil
            }
        case let .utf8(collected, needed):
            guard byte & 0xC0 == 0x80 else {
                // A broken character: dropped, and this byte read afresh.
                state = .ground
                return ground(byte)
            }
            let bytes = collected + [byte]
            guard bytes.count == needed else {
                state = .utf8(bytes, needed: needed)
                return nil
            }
            state = .ground
            return Self.text(bytes)
        }
    }

    private mutating func ground(_ byte: UInt8) -> EditKey? {
        switch byte {
        case 0x0D, 0x0A: return .enter
        case 0x7F, 0x08: return .backspace
        case 0x01: return .home
        case 0x05: return .end
        case 0x02: return .left
        case 0x06: return .right
        case 0x10: return .up
        case 0x0E: return .down
        case 0x15: return .deleteToStart
        case 0x0B: return .deleteToEnd
        case 0x17: return .deleteWordBack
        case 0x04: return .endOfInput
        case 0x0C: return .redraw
        case 0x1B: state = .escape; return nil
        case 0x00...0x1F: return nil
        case 0x20...0x7E: return .text(String(UnicodeScalar(byte)))
        case 0xC2...0xDF: state = .utf8([byte], needed: 2); return nil
        case 0xE0...0xEF: state = .utf8([byte], needed: 3); return nil
        case 0xF0...0xF4: state = .utf8([byte], needed: 4); return nil
        default: return nil
        }
    }

    /// Text from a whole UTF-8 character, unless it is not valid or not plain text (a C1 control, a reordering mark).
    private static func text(_ bytes: [UInt8]) -> EditKey? {
        guard let text = String(validating: bytes, as: UTF8.self), !text.isEmpty,
              text.unicodeScalars.allSatisfy(isTypeable) else { return nil }
        return .text(text)
    }

    private static func isTypeable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x80...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: false
        default: true
        }
    }

    /// `ESC [ <parameters> <final>`: arrows (with xterm's `1;5` for Ctrl), Home and End, and the `~` keys.
    private static func controlSequenceKey(parameters: String, final: UInt8) -> EditKey? {
        let modifier = parameters.split(separator: ";").dropFirst().first.flatMap { Int($0) } ?? 1
        // Ctrl (5), Alt (3) or both (7) with an arrow moves by words.
        let byWord = [3, 5, 7].contains(modifier)
        switch final {
        case UInt8(ascii: "A"): return .up
        case UInt8(ascii: "B"): return .down
        case UInt8(ascii: "C"): return byWord ? .wordRight : .right
        case UInt8(ascii: "D"): return byWord ? .wordLeft : .left
        case UInt8(ascii: "H"): return .home
        case UInt8(ascii: "F"): return .end
        case UInt8(ascii: "~"):
            switch parameters.split(separator: ";").first {
            case "1", "7": return .home
            case "4", "8": return .end
            case "3": return .delete
            default: return nil
            }
        default:
            return nil
        }
    }
}
