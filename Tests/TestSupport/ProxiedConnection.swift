/// One client's connection through the `FaultProxy`, served on a thread of its own: requests one after the other,
/// each passed to the server over a connection kept open between requests (opened anew when the server closed it or
/// moved to another port), with the fault the proxy has for it applied.
final class ProxiedConnection {
    /// How forwarding a request body stopped.
    private enum ForwardEnd {
        case complete
        case limitReached
        case clientClosed
        /// The server began answering before the body ended (an early refusal, or `100 Continue`).
        case serverAnswering
    }

    /// How reading an answer stopped.
    private enum ResponseEnd {
        /// An informational answer (`100 Continue`); the real one follows.
        case interim
        case final(status: Int, closes: Bool)
    }

    /// Where a request's body comes from.
    private enum Body {
        /// Passed on from the client as it arrives.
        case stream
        /// Read whole beforehand.
        case buffered([UInt8])
    }

    private let proxy: FaultProxy
    private let client: ProxySocket
    private var upstream: ProxySocket?
    /// How many bytes of the current request's body went to the server.
    private var bodySent = 0

    init(proxy: FaultProxy, client: ProxySocket) {
        self.proxy = proxy
        self.client = client
    }

    /// Serves requests until either side closes, a fault ends the connection, or the proxy goes down or stops.
    /// The caller closes the client's socket.
    func serve() {
        defer { dropUpstream() }
        while let request = try? client.readHead(), exchange(request) {}
    }

    // MARK: - One request

    /// Passes one request and its answer, applying the fault the proxy has for it; returns whether the client's
    /// connection stays open.
    private func exchange(_ request: HTTPMessageHead) -> Bool {
        var logged = false
        func log(_ outcome: ProxyLogEntry.Outcome) {
            // One entry per request: the first outcome told is the one that happened.
            if !logged {
                logged = true
                proxy.record(ProxyLogEntry(method: request.method, path: request.target, outcome: outcome))
            }
        }
        bodySent = 0
        let action = proxy.takeFault(method: request.method, path: request.target)
        if action == .dropRequest {
            log(.droppedRequest)
            return false
        }
        do {
            guard let upstream = try connectUpstream() else {
                log(.unreachable)
                return false
            }
            switch action {
            case nil, .dropRequest:
                let delivery = try deliver(request, body: .stream, to: upstream, relay: true) { log(.passed(status: $0)) }
                return delivery
            case .dropResponse:
                var status = 0
                _ = try deliver(request, body: .stream, to: upstream, relay: false) { status = $0 }
                log(.droppedResponse(status: status))
                return false
            case .duplicate:
                let body = try readWholeBody(of: request)
                var first = 0
                let keptOpen = try deliver(request, body: .buffered(body), to: upstream, relay: false) { first = $0 }
                if !keptOpen { dropUpstream() }
                guard let again = try connectUpstream() else {
                    log(.unreachable)
                    return false
                }
                return try deliver(request, body: .buffered(body), to: again, relay: true) {
                    log(.duplicated(firstStatus: first, secondStatus: $0))
                }
            case let .cutUpload(fraction):
                try cut(request, at: fraction, to: upstream)
                log(.cutUpload(sentBytes: bodySent, ofBytes: request.declaredLength))
                return false
            case let .stallUpload(fraction):
                try cut(request, at: fraction, to: upstream, waitingForServer: true)
                log(.cutUpload(sentBytes: bodySent, ofBytes: request.declaredLength))
                return false
            }
        } catch {
            log(.failed(proxy.isInterrupted ? "the proxy went down or stopped" : "\(error)"))
            return false
        }
    }

    /// Sends the request to the server and reads its answer, passing it to the client when `relay`; `onEnd` gets the
    /// answer's status just before the client can see the answer end. Returns whether both connections stay open.
    private func deliver(_ request: HTTPMessageHead, body: Body, to upstream: ProxySocket, relay: Bool, onEnd: (Int) -> Void) throws -> Bool {
        try upstream.write(request.raw)
        switch body {
        case let .buffered(bytes):
            try upstream.write(bytes)
        case .stream:
            var cursor = HTTPBodyCursor(request.requestFraming)
            forwarding: while true {
                switch try forwardBody(&cursor, to: upstream, limit: nil) {
                case .complete, .limitReached:
                    break forwarding
                case .clientClosed:
                    throw ProxyFailure(description: "the client closed its connection in the middle of the request")
                case .serverAnswering:
                    switch try readResponse(from: upstream, method: request.method, relay: relay, stopAtInterim: true, onEnd: onEnd) {
                    case .interim: continue forwarding
                    // The server answered before the body ended: neither connection can carry another request.
                    case .final: return false
                    }
                }
            }
        }
        switch try readResponse(from: upstream, method: request.method, relay: relay, stopAtInterim: false, onEnd: onEnd) {
        case .interim: return false
        case let .final(_, closes): return !closes && !request.closesConnection
        }
    }

    /// Passes the head and `fraction` of the body to the server, then closes the connection to it (after the server
    /// read everything sent) — or, `waitingForServer`, leaves it open until the server closes it (it was killed).
    private func cut(_ request: HTTPMessageHead, at fraction: Double, to upstream: ProxySocket, waitingForServer: Bool = false) throws {
        let share = min(max(fraction, 0), 1)
        if case .chunked = request.requestFraming {
            let body = try readWholeBody(of: request)
            let sent = Int(Double(body.count) * share)
            try upstream.write(request.raw)
            try upstream.write(body[..<sent])
            bodySent = sent
        } else {
            let limit = Int(Double(request.declaredLength ?? 0) * share)
            var cursor = HTTPBodyCursor(request.requestFraming)
            try upstream.write(request.raw)
            _ = try forwardBody(&cursor, to: upstream, limit: limit)
        }
        if waitingForServer {
            upstream.drainUntilClosed(seconds: 60)
        } else {
            upstream.finishWriting()
            upstream.drainUntilClosed(seconds: 5)
        }
        dropUpstream()
    }

    // MARK: - Bodies and answers

    /// Passes the client's body bytes on as they arrive, at most `limit` of them; stops early when the server begins
    /// to answer.
    private func forwardBody(_ cursor: inout HTTPBodyCursor, to upstream: ProxySocket, limit: Int?) throws -> ForwardEnd {
        while !cursor.isDone {
            if let limit, bodySent >= limit { return .limitReached }
            if var piece = try cursor.next(from: client) {
                if let limit { piece = piece.prefix(limit - bodySent) }
                try upstream.write(piece)
                bodySent += piece.count
                continue
            }
            if client.waitReadable(orOther: upstream.descriptor).other { return .serverAnswering }
            guard try client.fill() else { return .clientClosed }
        }
        return .complete
    }

    /// Reads the client's whole request body, as sent.
    private func readWholeBody(of request: HTTPMessageHead) throws -> [UInt8] {
        var body: [UInt8] = []
        var cursor = HTTPBodyCursor(request.requestFraming)
        while !cursor.isDone {
            if let piece = try cursor.next(from: client) {
                body.append(contentsOf: piece)
            } else if try !client.fill() {
                throw ProxyFailure(description: "the client closed its connection in the middle of the request")
            }
        }
        return body
    }

    /// Reads an answer from the server (informational ones first), passing it to the client when `relay`.
    private func readResponse(
        from upstream: ProxySocket, method: String, relay: Bool, stopAtInterim: Bool, onEnd: (Int) -> Void
    ) throws -> ResponseEnd {
        while true {
            guard let head = try upstream.readHead() else {
                throw ProxyFailure(description: "the server closed the connection without answering")
            }
            if head.isInterim {
                if relay { try client.write(head.raw) }
                if stopAtInterim { return .interim }
                continue
            }
            let status = head.status
            var cursor = HTTPBodyCursor(head.responseFraming(requestMethod: method))
            if cursor.isDone { onEnd(status) }
            if relay { try client.write(head.raw) }
            while !cursor.isDone {
                if let piece = try cursor.next(from: upstream) {
                    if cursor.isDone { onEnd(status) }
                    if relay { try client.write(piece) }
                } else if try !upstream.fill() {
                    guard cursor.endsAtClose else { throw ProxyFailure(description: "the server closed the connection in the middle of its answer") }
                    cursor.closed()
                    onEnd(status)
                    return .final(status: status, closes: true)
                }
            }
            return .final(status: status, closes: head.closesConnection)
        }
    }

    // MARK: - The connection to the server

    /// The open connection to the server, or a new one when there is none, the server closed it, or the server moved
    /// to another port; nil when the server cannot be connected to.
    private func connectUpstream() throws -> ProxySocket? {
        let port = proxy.upstreamPort
        if let upstream, upstream.port == port, !upstream.isStale { return upstream }
        dropUpstream()
        guard let descriptor = ProxySocket.connect(port: port) else { return nil }
        guard proxy.admit(descriptor, side: .server) == .admitted else {
            proxy.release(descriptor)
            throw ProxyFailure(description: "the proxy went down or stopped")
        }
        let socket = ProxySocket(descriptor: descriptor, port: port)
        upstream = socket
        return socket
    }

    private func dropUpstream() {
        if let upstream { proxy.release(upstream.descriptor) }
        upstream = nil
    }
}
