import Domain
import ServerCore

// The pages' paths, in one table: the routes register these, and the templates and the links the API gives are made
// from them.

/// The handlers' pages' paths, in one place.
package enum HandlerPaths {
    package static let root = "/handler"
    package static let signIn = "/handler/sign-in"
    package static let signOut = "/handler/sign-out"
    package static let claims = "/handler/claims"
    package static let styleSheet = "/handler/style.css"
    package static let claimParameter = "claimID"
    package static let photoParameter = "sha256"
    package static let claimPattern = "/handler/claims/:claimID"
    package static let acknowledgePattern = "/handler/claims/:claimID/acknowledge"
    package static let statusPattern = "/handler/claims/:claimID/status"
    package static let documentPattern = "/handler/claims/:claimID/report.pdf"
    package static let photoPattern = "/handler/claims/:claimID/photos/:sha256"

    package static func claim(_ id: ClaimID) -> String { "\(claims)/\(id)" }
    package static func acknowledge(_ id: ClaimID) -> String { "\(claims)/\(id)/acknowledge" }
    package static func status(_ id: ClaimID) -> String { "\(claims)/\(id)/status" }
    package static func document(_ id: ClaimID) -> String { "\(claims)/\(id)/report.pdf" }
    package static func photo(_ id: ClaimID, _ hash: ContentHash) -> String { "\(claims)/\(id)/photos/\(hash.hex)" }
}

/// The other driver's pages' paths, in one place.
package enum StatementPaths {
    package static let prefix = "/s/"
    package static let tokenParameter = "token"
    package static let pattern = "/s/:token"
    package static let styleSheet = "/s/style.css"
    /// Asking for a code, signing, declining, and the copy, under the link.
    package static let codePattern = "/s/:token/code"
    package static let signPattern = "/s/:token/sign"
    package static let declinePattern = "/s/:token/decline"
    package static let copyPattern = "/s/:token/statement.pdf"

    package static func page(_ token: String) -> String { prefix + token }
    package static func code(_ token: String) -> String { prefix + token + "/code" }
    package static func sign(_ token: String) -> String { prefix + token + "/sign" }
    package static func decline(_ token: String) -> String { prefix + token + "/decline" }
    package static func copy(_ token: String) -> String { prefix + token + "/statement.pdf" }
}
