import Hummingbird
import ServerCore

/// The context of one request: Hummingbird's core, with the server's body limit.
package struct ServerRequestContext: RequestContext {
    package var coreContext: CoreRequestContextStorage

    package init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
    }

    /// Hummingbird's own collecting of bodies stops at the server's limit too.
    package var maxUploadSize: Int { ServerLimits.maximumBodyBytes }
}
