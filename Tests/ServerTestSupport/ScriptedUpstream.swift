import Foundation
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A stand-in server on 127.0.0.1 for answers the real one never gives (chunked, 204, 304, a body until the close):
/// it takes one connection, answers its requests with the given bytes in order, and closes it after the last.
package final class ScriptedUpstream: Sendable {
    package let port: Int
    /// The request lines received, in order.
    package let requestLines = Shared<[String]>([])
    private let listener: Int32
    private let finished = DispatchSemaphore(value: 0)

    package init(answers: [String]) throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in.loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ready = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, length) == 0 && getsockname(listener, $0, &length) == 0 && listen(listener, 4) == 0
            }
        }
        guard listener >= 0, ready else {
            close(listener)
            throw LoopbackConnection.Failure(description: "the scripted server cannot listen")
        }
        self.listener = listener
        port = Int(UInt16(bigEndian: address.sin_port))
        Thread { [requestLines, finished] in
            defer { finished.signal() }
            let connection = accept(listener, nil, nil)
            if connection >= 0 {
                Self.answer(answers, on: connection, recording: requestLines)
                close(connection)
            }
        }.start()
    }

    /// Reads each request's head and sends the next scripted answer, until the answers run out or the client leaves.
    private static func answer(_ answers: [String], on connection: Int32, recording requestLines: Shared<[String]>) {
        for answer in answers {
            var head = [UInt8]()
            var byte: UInt8 = 0
            while !head.suffix(4).elementsEqual([13, 10, 13, 10]) {
                if recv(connection, &byte, 1, 0) != 1 { return }
                head.append(byte)
            }
            let line = String(decoding: head, as: UTF8.self).components(separatedBy: "\r\n")[0]
            requestLines.value.withLock { $0.append(line) }
            let bytes = Array(answer.utf8)
            if bytes.withUnsafeBytes({ send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) != bytes.count { return }
        }
    }

    /// Stops listening and waits for the connection to be over.
    package func finish() {
        shutdown(listener, Int32(SHUT_RDWR))
        _ = finished.wait(timeout: .now() + 10)
        close(listener)
    }
}
