import HTTPTypes
import NIOCore
import NIOHTTPTypes
import ServerCore

/// Answers `Expect: 100-continue` with `100 Continue` as soon as the request's head arrives, so a client that asks
/// before sending a body (curl does for bodies over 1 MiB) sends it at once instead of waiting a second. A body
/// declared larger than the limit gets no such answer: the 413 follows instead.
package final class ExpectContinueHandler: ChannelInboundHandler, RemovableChannelHandler {
    package typealias InboundIn = HTTPRequestPart
    package typealias InboundOut = HTTPRequestPart
    package typealias OutboundOut = HTTPResponsePart

    package func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case let .head(request) = unwrapInboundIn(data),
           request.headerFields[.expect]?.lowercased() == "100-continue",
           (request.headerFields[.contentLength].flatMap(Int.init) ?? 0) <= ServerLimits.maximumBodyBytes {
            context.writeAndFlush(wrapOutboundOut(.head(HTTPResponse(status: .continue))), promise: nil)
        }
        context.fireChannelRead(data)
    }
}
