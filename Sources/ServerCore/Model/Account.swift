import Domain
import Foundation

/// Who may call the server: a user (a driver, who owns reports and photos), a detector (the crash-detection
/// side, which posts crash events for users) or a claims handler (the insurer's, who reads submitted reports). Known by the SHA-256 of its token; the token itself is never kept.
package struct Account: Sendable, Hashable {
    package enum Kind: String, Sendable, Hashable, CaseIterable {
        case user
        case detector
        /// A claims handler at the insurer: reads every driver's submitted reports and acknowledges them.
        case handler
    }

    package let id: AccountID
    package let name: String
    package let kind: Kind
    package let createdAt: Date
    /// The number a user's crash SMS goes to (users only; none until given).
    package var phone: PhoneNumber? = nil
    /// The language a user's crash SMS and documents are written in, when the report does not say (none: English).
    package var language: LanguageTag? = nil
    /// The insurer's own references for a user: its customer number (one user each) and the policy (shared by
    /// everyone it covers). A crash event may address its driver by either; the notice of loss carries both.
    package var references = InsurerReferences()

    package init(
        id: AccountID, name: String, kind: Kind, createdAt: Date, phone: PhoneNumber? = nil, language: LanguageTag? = nil,
        references: InsurerReferences = InsurerReferences()
    ) {
        self.id = id
        self.name = name
        self.kind = kind
        self.createdAt = createdAt
        self.phone = phone
        self.language = language
        self.references = references
    }
}

/// How a crash event names its driver by the insurer's reference.
package enum DriverReference: Sendable, Hashable {
    case customer(String)
    case policy(String)

    package var text: String {
        switch self {
        case let .customer(text), let .policy(text): text
        }
    }

    /// The crash event's field that gave it.
    package var field: String {
        switch self {
        case .customer: "customerReference"
        case .policy: "policyReference"
        }
    }
}

/// Whom a crash event is for: the user by name, or by the insurer's reference.
package enum CrashDriver: Sendable, Hashable {
    case named(String)
    case referenced(DriverReference)
}

/// The insurer's references for a user, as its own systems write them (`CUS-000123`, `POL/2026/881`).
package struct InsurerReferences: Sendable, Hashable {
    /// The customer's number at the insurer: names one user.
    package var customer: String?
    /// The policy's number: may cover several users (a family's car).
    package var policy: String?

    /// The most characters a reference holds.
    package static let maximumLength = 64

    package init(customer: String? = nil, policy: String? = nil) {
        self.customer = customer
        self.policy = policy
    }

    /// `text` trimmed as a reference: 1 to ``maximumLength`` characters of letters, digits, spaces and `-_./:#`.
    /// - Returns: the reference, or why it is not one.
    package static func checked(_ text: String) -> Result<String, ReferenceProblem> {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return .failure(.empty) }
        guard trimmed.count <= maximumLength else { return .failure(.tooLong) }
        let allowed = trimmed.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || " -_./:#".unicodeScalars.contains(scalar))
        }
        return allowed ? .success(trimmed) : .failure(.character)
    }

    package enum ReferenceProblem: Error, Sendable, Hashable {
        case empty, tooLong, character
    }
}
