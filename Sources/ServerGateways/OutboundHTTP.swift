import AsyncHTTPClient
import NIOPosix

/// The HTTP client of what the server's jobs call out to (the SMS gateway, the claims system's webhook): one that is
/// down is found out within seconds (the job tries again later), not after a long wait holding the worker. It keeps
/// up to ``connectionsPerHost`` connections to each, enough for the most jobs a worker runs at once
/// (`--sms-concurrency`, `--webhook-concurrency`); more requests wait for one.
package enum OutboundHTTP {
    package static let connectionsPerHost = 256

    /// Made at first use and never shut down (like `HTTPClient.shared`), so no request can outlive it.
    package static let client = HTTPClient(
        eventLoopGroup: MultiThreadedEventLoopGroup.singleton,
        configuration: HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: HTTPClient.Configuration.Timeout(connect: .seconds(3), read: .seconds(10), write: .seconds(10)),
            connectionPool: HTTPClient.Configuration.ConnectionPool(idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: connectionsPerHost)
        )
    )
}
