import Domain

/// A photo store made for one test, keeping its temporary folder alive as long as it is.
public struct PhotoStoreUnderTest: Sendable {
    public let store: any PhotoStore
    public let directory: TemporaryDirectory?
}
