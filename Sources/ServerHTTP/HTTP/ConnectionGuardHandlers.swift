import Foundation
import HTTPTypes
import NIOCore
import NIOHTTPTypes
import WireAPI

/// Closes a connection that has not sent a whole request head within ``ConnectionLimits/headTimeout`` of opening, or
/// of the end of the last answer on it: a slow client trickling header bytes cannot keep a socket for ever.
package final class RequestHeadTimeoutHandler: ChannelDuplexHandler, RemovableChannelHandler {
    package typealias InboundIn = HTTPRequestPart
    package typealias InboundOut = HTTPRequestPart
    package typealias OutboundIn = HTTPResponsePart
    package typealias OutboundOut = HTTPResponsePart

    private let timeout: TimeAmount
    private var pending: Scheduled<Void>?

    package init(timeout: Duration) {
        self.timeout = .init(timeout)
    }

    package func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { arm(context) }
    }

    package func channelActive(context: ChannelHandlerContext) {
        arm(context)
        context.fireChannelActive()
    }

    package func handlerRemoved(context: ChannelHandlerContext) {
        disarm()
    }

    package func channelInactive(context: ChannelHandlerContext) {
        disarm()
        context.fireChannelInactive()
    }

    package func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head = unwrapInboundIn(data) { disarm() }
        context.fireChannelRead(data)
    }

    package func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) { arm(context) }
        context.write(data, promise: promise)
    }

    private func arm(_ context: ChannelHandlerContext) {
        disarm()
        let channel = context.channel
        pending = context.eventLoop.scheduleTask(in: timeout) { channel.close(promise: nil) }
    }

    private func disarm() {
        pending?.cancel()
        pending = nil
    }
}

/// Counts the connection among those open (``ConnectionCounter``), in all and for its client, and closes it at once
/// when there are too many: the excess is refused quickly rather than left to wait.
///
/// A connection from a trusted proxy carries many clients, one request at a time: each request is counted for the
/// client its `X-Forwarded-For` names until it is answered, and one past the client's bound is answered
/// `429 rate-limited` at once without reading its body, and the connection closed after it (the proxy opens another
/// for its other clients).
package final class ConnectionCountHandler: ChannelDuplexHandler, RemovableChannelHandler {
    package typealias InboundIn = HTTPRequestPart
    package typealias InboundOut = HTTPRequestPart
    package typealias OutboundIn = HTTPResponsePart
    package typealias OutboundOut = HTTPResponsePart

    private let counter: ConnectionCounter
    private var admitted = false
    private var client: ClientKey?
    private var throughProxy = false
    /// The client the request under way through a proxy is counted for.
    private var forwarded: ClientKey?
    /// The request under way is refused: its parts go no further.
    private var refusing = false

    package init(counter: ConnectionCounter) {
        self.counter = counter
    }

    package func handlerAdded(context: ChannelHandlerContext) {
        let remote = context.channel.remoteAddress
        (admitted, client) = counter.admit(from: remote)
        throughProxy = admitted && counter.isTrusted(remote)
        if !admitted { context.close(promise: nil) }
    }

    package func handlerRemoved(context: ChannelHandlerContext) {
        if admitted {
            admitted = false
            counter.release(client)
        }
        releaseForwarded()
    }

    package func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard admitted, !refusing else { return }
        if throughProxy, case let .head(head) = unwrapInboundIn(data) {
            releaseForwarded()
            if let key = counter.forwardedClient(head.headerFields[Self.forwardedFor]) {
                guard counter.admitForwarded(key) else {
                    refuse(context)
                    return
                }
                forwarded = key
            }
        }
        context.fireChannelRead(data)
    }

    package func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) { releaseForwarded() }
        context.write(data, promise: promise)
    }

    private func releaseForwarded() {
        if let forwarded {
            counter.releaseForwarded(forwarded)
            self.forwarded = nil
        }
    }

    /// Answers 429 for a client past its bound, reading nothing more, and closes the connection once it is written.
    private func refuse(_ context: ChannelHandlerContext) {
        refusing = true
        let body = Self.refusal
        var head = HTTPResponse(status: .tooManyRequests)
        head.headerFields[.contentType] = "application/problem+json"
        head.headerFields[.contentLength] = String(body.count)
        head.headerFields[.connection] = "close"
        head.headerFields[.retryAfter] = "5"
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(context.channel.allocator.buffer(bytes: body))), promise: nil)
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in channel.close(promise: nil) }
    }

    private static let forwardedFor = HTTPField.Name("X-Forwarded-For")!

    /// The problem a client past its bound is answered with.
    private static let refusal: Data = {
        let problem = APIProblem(
            .rateLimited, "Too many requests from your address are under way at once. Try again when one of them has finished."
        )
        return (try? WireCoding.encoder().encode(problem.wire)) ?? Data()
    }()
}

/// Holds a request body to a pace, so a client cannot keep a connection by sending a byte now and then (the idle bound
/// restarts on every byte). Only the time the server is waiting for bytes counts — while it has asked to read and
/// nothing came — never the time it is busy and not reading (a body waits then by design). Once
/// ``ConnectionLimits/bodyRateGrace`` of such waiting has passed, the bytes of the last ten seconds of waiting must come
/// at ``ConnectionLimits/minimumBodyRate`` or better; a body without credentials must be whole within
/// ``ConnectionLimits/anonymousBodyTimeout``. A connection that falls behind is closed: an upload keeps what arrived to
/// resume from.
package final class BodyPaceHandler: ChannelDuplexHandler, RemovableChannelHandler {
    package typealias InboundIn = HTTPRequestPart
    package typealias InboundOut = HTTPRequestPart
    package typealias OutboundIn = HTTPResponsePart
    package typealias OutboundOut = HTTPResponsePart

    /// Seconds of waiting the pace is judged over.
    package static let window = 10

    private let minimumRate: Int
    private let grace: Int64
    private let anonymousTimeout: Int64

    /// A body is being received.
    private var inBody = false
    private var anonymous = false
    private var bodyStarted = NIODeadline.now()
    /// When the server last asked for bytes that have not come yet.
    private var waitingSince: NIODeadline?
    /// This second's waiting (nanoseconds) and bytes; the last ``window`` seconds'.
    private var waiting: Int64 = 0
    private var bytes = 0
    private var recent: [(waiting: Int64, bytes: Int)] = []
    private var waitedInAll: Int64 = 0
    private var ticker: RepeatedTask?

    package init(limits: ConnectionLimits) {
        minimumRate = limits.minimumBodyRate
        grace = Int64(limits.bodyRateGrace.components.seconds) * 1_000_000_000
        anonymousTimeout = Int64(limits.anonymousBodyTimeout.components.seconds) * 1_000_000_000
    }

    package func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case let .head(head):
            let declared = head.headerFields[.contentLength].flatMap(Int.init) ?? 0
            let chunked = head.headerFields[.transferEncoding]?.lowercased().contains("chunked") ?? false
            if declared > 0 || chunked { start(context, anonymous: head.headerFields[.authorization] == nil) }
        case let .body(buffer):
            if inBody { bytes += buffer.readableBytes }
        case .end:
            stop()
        }
        context.fireChannelRead(data)
    }

    package func channelReadComplete(context: ChannelHandlerContext) {
        settleWaiting(now: .now(), stillWaiting: false)
        context.fireChannelReadComplete()
    }

    package func read(context: ChannelHandlerContext) {
        if inBody, waitingSince == nil { waitingSince = .now() }
        context.read()
    }

    package func handlerRemoved(context: ChannelHandlerContext) {
        stop()
    }

    package func channelInactive(context: ChannelHandlerContext) {
        stop()
        context.fireChannelInactive()
    }

    private func start(_ context: ChannelHandlerContext, anonymous: Bool) {
        stop()
        inBody = true
        self.anonymous = anonymous
        bodyStarted = .now()
        // Waiting starts with the next read the server asks for: while it is busy and does not read (the body waits
        // for a handler, or for one ahead of it), nothing counts against the client.
        waitingSince = nil
        let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        ticker = context.eventLoop.scheduleRepeatedTask(initialDelay: .seconds(1), delay: .seconds(1)) { _ in
            let (handler, context) = bound.value
            handler.tick(context)
        }
    }

    private func stop() {
        ticker?.cancel()
        ticker = nil
        inBody = false
        waitingSince = nil
        waiting = 0
        bytes = 0
        recent.removeAll()
        waitedInAll = 0
    }

    private func settleWaiting(now: NIODeadline, stillWaiting: Bool) {
        guard inBody, let since = waitingSince else { return }
        let waited = (now - since).nanoseconds
        waiting += waited
        waitedInAll += waited
        waitingSince = stillWaiting ? now : nil
    }

    private func tick(_ context: ChannelHandlerContext) {
        guard inBody else { return }
        let now = NIODeadline.now()
        settleWaiting(now: now, stillWaiting: true)
        recent.append((waiting, bytes))
        if recent.count > Self.window { recent.removeFirst(recent.count - Self.window) }
        waiting = 0
        bytes = 0
        if anonymous, (now - bodyStarted).nanoseconds > anonymousTimeout {
            close(context)
            return
        }
        guard waitedInAll >= grace else { return }
        let waited = recent.reduce(Int64(0)) { $0 + $1.waiting }
        let received = recent.reduce(0) { $0 + $1.bytes }
        // Judged once a few seconds of the window were spent waiting.
        if waited >= 3_000_000_000, Double(received) < Double(minimumRate) * Double(waited) / 1e9 {
            close(context)
        }
    }

    private func close(_ context: ChannelHandlerContext) {
        stop()
        context.close(promise: nil)
    }
}
