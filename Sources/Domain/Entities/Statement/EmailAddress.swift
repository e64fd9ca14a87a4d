/// An e-mail address as a person types it: one `@`, something before it, a domain with a dot after it, no spaces;
/// the domain lowercased. Whether mail reaches it is not for a form to know.
public struct EmailAddress: Sendable, Hashable, CustomStringConvertible {
    public let text: String

    /// The longest address mail systems carry, in bytes.
    public static let maximumBytes = 254

    public init(parsing raw: String) throws(EmailAddressError) {
        let text = raw.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { throw .empty }
        guard text.utf8.count <= Self.maximumBytes else { throw .tooLong(bytes: text.utf8.count) }
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, let local = parts.first, let domain = parts.last, !local.isEmpty, local.utf8.count <= 64 else {
            throw .notAnAddress
        }
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, labels.allSatisfy({ !$0.isEmpty && !$0.hasPrefix("-") && !$0.hasSuffix("-") }) else {
            throw .notAnAddress
        }
        let forbidden: Set<Character> = [" ", "\t", "<", ">", "(", ")", "[", "]", ",", ";", ":", "\\", "\""]
        guard !text.contains(where: { forbidden.contains($0) || $0.unicodeScalars.contains { $0.properties.generalCategory == .control } }),
              domain.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." }) else {
            throw .notAnAddress
        }
        self.text = "\(local)@\(domain.lowercased())"
    }

    public var description: String { text }
}

/// Why typed text is not an e-mail address.
public enum EmailAddressError: Error, Sendable, Hashable {
    case empty
    case tooLong(bytes: Int)
    case notAnAddress
}
