
/// The API takes `null` only where its schema says so (``nullable(onPath:)``): elsewhere a field is given or left out.
/// Decoding would read a `null` as a field left out, so a body holding one elsewhere is refused with 400 naming where it
/// is, as the schema says.
///
/// The body is scanned once, byte by byte, keeping only the path to where the scan is (the keys and indices of the
/// objects and arrays it is inside): no second object tree is built beside the one the decoder builds. Malformed JSON
/// is left to the decoder to refuse.
package enum JSONNulls {
    package static func isJSON(_ contentType: String) -> Bool {
        let type = ContentType.essence(of: contentType)
        return type == "application/json" || type.hasSuffix("+json")
    }

    /// The fields a route's body may hold as `null`, as `openapi.yaml` declares them: a crash event's measurements a
    /// detector cannot know (`CrashEvent.airbagsDeployed`, `.rollover`).
    package static func nullable(onPath path: String) -> Set<String> {
        path == "/v1/crash-events" ? ["airbagsDeployed", "rollover"] : []
    }

    /// - Throws: 400 naming the first field that is `null` and not one of `allowed`.
    package static func refuse(in bytes: some Collection<UInt8>, allowing allowed: Set<String> = []) throws(APIProblem) {
        guard let path = firstNull(in: bytes, allowing: allowed) else { return }
        let field = path.isEmpty ? "body" : path
        throw .badParameter(field, "\(field) is null; leave a field out instead of sending null.")
    }

    /// Where the body's first `null` value outside `allowed` is (`photos[2].takenAt`; "" for the whole body), or `nil`
    /// when it has none.
    package static func firstNull(in bytes: some Collection<UInt8>, allowing allowed: Set<String> = []) -> String? {
        var scanner = Scanner()
        for byte in bytes {
            if let found = scanner.take(byte), !allowed.contains(found) { return found }
        }
        return scanner.endWord().flatMap { allowed.contains($0) ? nil : $0 }
    }

    /// One step of the scan per byte.
    private struct Scanner {
        /// Where the scan is: in an object (the current key, once read) or an array (the current index).
        enum Level {
            case object(key: String?)
            case array(index: Int)
        }

        var levels: [Level] = []
        var inString = false
        var escaped = false
        /// The bytes of the string being read, when it is an object's key.
        var key: [UInt8]?
        /// Whether the next string in the current object is a key (after `{` or `,`).
        var expectingKey = false
        /// The letters of a bare word being read (`null`, `true`, a number).
        var word: [UInt8] = []

        mutating func take(_ byte: UInt8) -> String? {
            if inString {
                if escaped {
                    escaped = false
                    key?.append(byte)
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                    key?.append(byte)
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                    if let read = key, case .object = levels.last {
                        levels[levels.count - 1] = .object(key: String(decoding: read, as: UTF8.self))
                    }
                    key = nil
                } else {
                    key?.append(byte)
                }
                return nil
            }
            switch byte {
            case UInt8(ascii: "\""):
                if let found = endWord() { return found }
                inString = true
                key = expectingKey ? [] : nil
                expectingKey = false
            case UInt8(ascii: "{"):
                levels.append(.object(key: nil))
                expectingKey = true
            case UInt8(ascii: "["):
                levels.append(.array(index: 0))
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if let found = endWord() { return found }
                if !levels.isEmpty { levels.removeLast() }
            case UInt8(ascii: ","):
                if let found = endWord() { return found }
                switch levels.last {
                case .object?:
                    levels[levels.count - 1] = .object(key: nil)
                    expectingKey = true
                case let .array(index)?:
                    levels[levels.count - 1] = .array(index: index + 1)
                case nil:
                    break
                }
            case UInt8(ascii: ":"), UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
                if let found = endWord() { return found }
            default:
                if word.count < 5 { word.append(byte) }
            }
            return nil
        }

        /// Ends a bare word; a `null` names where it stands.
        mutating func endWord() -> String? {
            defer { word.removeAll(keepingCapacity: true) }
            guard word == Array("null".utf8) else { return nil }
            return path
        }

        var path: String {
            var text = ""
            for level in levels {
                switch level {
                case let .object(key?): text += text.isEmpty ? key : ".\(key)"
                case .object(nil): break
                case let .array(index): text += "[\(index)]"
                }
            }
            return text
        }
    }
}
