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
    package static let documentPattern = "/handler/claims/:claimID/report.pdf"
    package static let photoPattern = "/handler/claims/:claimID/photos/:sha256"

    package static func claim(_ id: ClaimID) -> String { "\(claims)/\(id)" }
    package static func acknowledge(_ id: ClaimID) -> String { "\(claims)/\(id)/acknowledge" }
    package static func document(_ id: ClaimID) -> String { "\(claims)/\(id)/report.pdf" }
    package static func photo(_ id: ClaimID, _ hash: ContentHash) -> String { "\(claims)/\(id)/photos/\(hash.hex)" }

    /// Whether `path` is one of the pages (which sign in with a cookie, not a bearer token).
    package static func isPage(_ path: String) -> Bool { path == root || path.hasPrefix(root + "/") }
}

/// The other driver's pages' paths, in one place.
package enum StatementPaths {
    package static let prefix = "/s/"
    package static let tokenParameter = "token"
    package static let pattern = "/s/:token"
    package static let styleSheet = "/s/style.css"

    package static func isPage(_ path: String) -> Bool { path.hasPrefix(prefix) }
}
