import Domain
import Foundation

/// One version of a submitted report's PDF. A PDF the server named — in a notice to the claims system, to a handler —
/// never changes: what changes the report afterwards (the insurer's acknowledgement) draws a new version beside it,
/// sealed on its own, and every version stays retrievable by its SHA-256.
package struct DocumentVersion: Sendable, Hashable {
    /// Why a version was drawn.
    package enum Reason: String, Sendable, Hashable, CaseIterable {
        /// The report was submitted (its first PDF, drawn once its photos were in).
        case submitted
        /// A claims handler acknowledged the report: the PDF names the insurer's claim number.
        case acknowledged
        /// Drawn again for another reason (a PDF lost and drawn from the same report).
        case redrawn
    }

    /// 1 for the first, then each next one.
    package let number: Int
    package let sha256: ContentHash
    /// The revision of the report it was drawn from.
    package let revision: Int
    package let createdAt: Date
    package let reason: Reason

    package init(number: Int, sha256: ContentHash, revision: Int, createdAt: Date, reason: Reason) {
        self.number = number
        self.sha256 = sha256
        self.revision = revision
        self.createdAt = createdAt
        self.reason = reason
    }
}
