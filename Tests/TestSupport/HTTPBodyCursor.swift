import Foundation

/// Walks one message body as it arrives, by its framing, and hands out its bytes as they were sent (chunk sizes and
/// trailers included), so the `FaultProxy` passes it on unchanged and knows where it ends.
struct HTTPBodyCursor {
    private enum State {
        case data(remaining: Int)
        case chunkSize
        case chunkData(remaining: Int)
        case chunkEnd
        case trailer
        case untilClose
        case done
    }

    private var state: State

    init(_ framing: HTTPMessageHead.Framing) {
        switch framing {
        case .none: state = .done
        case let .length(length): state = length > 0 ? .data(remaining: length) : .done
        case .chunked: state = .chunkSize
        case .untilClose: state = .untilClose
        }
    }

    /// Whether the whole body went by.
    var isDone: Bool {
        if case .done = state { return true }
        return false
    }

    /// Whether the body ends only when the connection closes.
    var endsAtClose: Bool {
        if case .untilClose = state { return true }
        return false
    }

    /// Takes the next piece of the body from `socket`'s bytes read so far; nil when it needs more bytes first.
    mutating func next(from socket: ProxySocket) throws -> ArraySlice<UInt8>? {
        let bytes = socket.available
        switch state {
        case .done:
            return nil
        case let .data(remaining):
            guard !bytes.isEmpty else { return nil }
            let piece = bytes.prefix(remaining)
            state = remaining == piece.count ? .done : .data(remaining: remaining - piece.count)
            return take(piece, from: socket)
        case .untilClose:
            guard !bytes.isEmpty else { return nil }
            return take(bytes, from: socket)
        case .chunkSize:
            guard let line = Self.line(in: bytes) else { return try tooLong(bytes) }
            let text = String(decoding: line.dropLast(2), as: UTF8.self).split(separator: ";").first ?? ""
            guard let size = Int(text.trimmingCharacters(in: .whitespaces), radix: 16), size >= 0 else {
                throw ProxyFailure(description: "a bad chunk size line: \(text)")
            }
            state = size == 0 ? .trailer : .chunkData(remaining: size)
            return take(line, from: socket)
        case let .chunkData(remaining):
            guard !bytes.isEmpty else { return nil }
            let piece = bytes.prefix(remaining)
            state = remaining == piece.count ? .chunkEnd : .chunkData(remaining: remaining - piece.count)
            return take(piece, from: socket)
        case .chunkEnd:
            guard bytes.count >= 2 else { return nil }
            state = .chunkSize
            return take(bytes.prefix(2), from: socket)
        case .trailer:
            guard let line = Self.line(in: bytes) else { return try tooLong(bytes) }
            if line.count == 2 { state = .done }
            return take(line, from: socket)
        }
    }

    /// Marks the body as ended by the connection's close (for `untilClose`).
    mutating func closed() {
        state = .done
    }

    private func take(_ piece: ArraySlice<UInt8>, from socket: ProxySocket) -> ArraySlice<UInt8> {
        let copy = piece
        socket.consume(piece.count)
        return copy
    }

    private func tooLong(_ bytes: ArraySlice<UInt8>) throws -> ArraySlice<UInt8>? {
        guard bytes.count < 16 * 1024 else { throw ProxyFailure(description: "a chunk line longer than 16 KiB") }
        return nil
    }

    /// The bytes through the first CRLF, or nil when there is none yet.
    private static func line(in bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        var index = bytes.startIndex
        while index + 1 < bytes.endIndex {
            if bytes[index] == 13, bytes[index + 1] == 10 { return bytes[bytes.startIndex...(index + 1)] }
            index += 1
        }
        return nil
    }
}
