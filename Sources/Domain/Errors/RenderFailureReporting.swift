/// A renderer's error that states its facts as a ``RenderFailure``.
public protocol RenderFailureReporting: Error {
    var renderFailure: RenderFailure { get }
}

extension RenderFailure: RenderFailureReporting {
    public var renderFailure: RenderFailure { self }
}
