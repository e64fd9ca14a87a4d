import NIOCore
import NIOHTTPTypes

/// Closes a connection that has not sent a whole request head within ``ConnectionLimits/headTimeout`` of opening, or
/// of the end of the last answer on it: a slow client trickling header bytes cannot keep a socket for ever.
final class RequestHeadTimeoutHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let timeout: TimeAmount
    private var pending: Scheduled<Void>?

    init(timeout: Duration) {
        self.timeout = .init(timeout)
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { arm(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        arm(context)
        context.fireChannelActive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        disarm()
    }

    func channelInactive(context: ChannelHandlerContext) {
        disarm()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head = unwrapInboundIn(data) { disarm() }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
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

/// Counts the connection among those open (``ConnectionCounter``) and closes it at once when there are too many:
/// the excess is refused quickly rather than left to wait.
final class ConnectionCountHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart

    private let counter: ConnectionCounter
    private var admitted = false

    init(counter: ConnectionCounter) {
        self.counter = counter
    }

    func handlerAdded(context: ChannelHandlerContext) {
        admitted = counter.admit()
        if !admitted { context.close(promise: nil) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        if admitted {
            admitted = false
            counter.release()
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard admitted else { return }
        context.fireChannelRead(data)
    }
}
