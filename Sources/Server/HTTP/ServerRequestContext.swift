import Hummingbird

/// The context of one request: Hummingbird's core, with the server's body limit.
struct ServerRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
    }

    /// Hummingbird's own collecting of bodies stops at the server's limit too.
    var maxUploadSize: Int { ServerLimits.maximumBodyBytes }
}
