import Foundation

/// The insurer's answer to a submitted report: the claim number it opened, a short message to the driver, when, and
/// the claims handler who gave it. Only the server records one (a handler acknowledging the report); the driver's
/// device receives it with the report and shows it.
public struct ClaimAcknowledgement: Sendable, Hashable {
    /// The insurer's claim number, as the insurer writes it (`2026-04417`, `CLM/88 1203`).
    public let claimNumber: String
    /// A short message to the driver; empty when none.
    public let message: String
    public let acknowledgedAt: Date
    /// The name of the handler's account.
    public let handler: String

    /// - Throws: ``InvalidReportData`` naming the field: a claim number that is empty, longer than
    ///   ``claimNumberLimit``, or holding anything but letters, digits, spaces and `- / . _ #`, or with spaces around
    ///   it; a message over ``TextLimit/claimMessage``; a handler name over ``TextLimit/accountName``.
    public init(claimNumber: String, message: String, acknowledgedAt: Date, handler: String) throws(InvalidReportData) {
        if let problem = Self.problem(withClaimNumber: claimNumber) {
            throw InvalidReportData(field: "acknowledgement.claimNumber", problem: problem)
        }
        try TextLimit.claimMessage.check(message, field: "acknowledgement.message")
        try TextLimit.accountName.check(handler, field: "acknowledgement.handler")
        self.claimNumber = claimNumber
        self.message = message
        self.acknowledgedAt = acknowledgedAt
        self.handler = handler
    }

    /// Whether this says what `other` says (the same claim number and message), whoever gave it and when: the same
    /// answer again changes nothing.
    public func says(_ claimNumber: String, _ message: String) -> Bool {
        self.claimNumber == claimNumber && self.message == message
    }

    /// The most characters a claim number has.
    public static let claimNumberLimit = 40

    /// What is wrong with a claim number, or `nil` when it is one.
    public static func problem(withClaimNumber text: String) -> InvalidReportData.Problem? {
        guard !text.isEmpty else { return .missing }
        guard text.utf8.count <= claimNumberLimit * 4 else { return .tooLarge(bytes: text.utf8.count, limit: claimNumberLimit * 4) }
        let count = text.count
        guard count <= claimNumberLimit else { return .tooLong(count: count, limit: claimNumberLimit) }
        guard text.trimmingCharacters(in: .whitespaces) == text else { return .spacesAround }
        let allowed: Set<Unicode.Scalar> = [" ", "-", "/", ".", "_", "#"]
        if let bad = text.unicodeScalars.first(where: { !($0.properties.isAlphabetic || $0.properties.numericType != nil || allowed.contains($0)) }) {
            return .characterNotAllowed(bad.value)
        }
        return nil
    }
}
