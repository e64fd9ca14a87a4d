/// What "Share crash report" is waiting for the driver to answer.
public enum SharePrompt: Sendable, Hashable {
    /// Where to write the report; Enter takes `defaultPath`.
    case destination(defaultPath: String)
    /// `path` exists: replace it (y) or not (n)?
    case replace(path: String)

    /// The question, as printed before the answer.
    public var question: String {
        switch self {
        case let .destination(defaultPath): "Save the crash report to [\(defaultPath)]: "
        case let .replace(path): "\(path) already exists. Replace it? (y/n): "
        }
    }
}
