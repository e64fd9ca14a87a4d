import Wording

/// What "Share crash report" is waiting for the driver to answer.
public enum SharePrompt: Sendable, Hashable {
    /// Where to write the report; Enter takes `defaultPath`.
    case destination(defaultPath: String)
    /// `path` exists: replace it (y) or not (n)?
    case replace(path: String)

    /// The question, as printed before the answer.
    public func question(words: Words) -> String {
        switch self {
        case let .destination(defaultPath): words("Save the crash report to [{path}]:", ["path": defaultPath]) + " "
        case let .replace(path): words("{path} already exists. Replace it? (y/n):", ["path": path]) + " "
        }
    }
}
