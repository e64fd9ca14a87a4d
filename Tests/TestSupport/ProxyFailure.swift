/// Why the `FaultProxy` could not listen, or why an exchange through it broke off (the text goes into its log).
public struct ProxyFailure: Error, CustomStringConvertible {
    public let description: String
}
