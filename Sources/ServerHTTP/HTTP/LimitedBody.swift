import NIOCore
import ServerCore

/// A request body that ends in ``BodyTooLarge`` as soon as more than `limit` bytes arrived, for bodies whose
/// length is not said up front (chunked): nothing beyond the limit is ever held.
package struct LimitedBody<Base: AsyncSequence & Sendable>: AsyncSequence, Sendable where Base.Element == ByteBuffer {
    package typealias Element = ByteBuffer

    package let base: Base
    package let limit: Int

    package struct AsyncIterator: AsyncIteratorProtocol {
        package var base: Base.AsyncIterator
        package let limit: Int
        package var received = 0

        package mutating func next() async throws -> ByteBuffer? {
            guard let buffer = try await base.next() else { return nil }
            received += buffer.readableBytes
            guard received <= limit else { throw BodyTooLarge(limit: limit) }
            return buffer
        }
    }

    package func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: base.makeAsyncIterator(), limit: limit)
    }
}
