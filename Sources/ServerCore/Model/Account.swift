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

    package init(id: AccountID, name: String, kind: Kind, createdAt: Date, phone: PhoneNumber? = nil, language: LanguageTag? = nil) {
        self.id = id
        self.name = name
        self.kind = kind
        self.createdAt = createdAt
        self.phone = phone
        self.language = language
    }
}
