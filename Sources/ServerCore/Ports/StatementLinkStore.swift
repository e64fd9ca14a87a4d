import Domain
import Foundation

/// The one-time links a driver gives the other driver to fill in vehicle B of a report's accident statement, found
/// by the SHA-256 of the link's token (the token itself is never kept).
package protocol StatementLinkStore: Sendable {
    /// Keeps a new link, and forgets the report's oldest links beyond the newest `keeping` (used or not).
    func addStatementLink(_ link: StatementLink, keeping: Int) async throws

    /// The link whose token has this digest, used or not, expired or not (the page says which).
    func statementLink(_ digest: TokenDigest) async throws -> StatementLink?

    /// Marks the link used at `date` if it is not yet: of two submissions at once, one gets it.
    /// - Returns: whether this call marked it.
    func useStatementLink(_ digest: TokenDigest, at date: Date) async throws -> Bool

    /// Makes a link unused again, after a submission that marked it could not be stored.
    func releaseStatementLink(_ digest: TokenDigest) async throws

    /// Keeps a new one-time code for the link, replacing an earlier one (its tries start again), with the SMS that
    /// carries it and the job that sends it, all in one transaction — when fewer than `perHour` codes were sent for the
    /// link in the hour before `date`.
    func issueStatementCode(_ link: TokenDigest, code: StatementCode, sms: SMSMessage, perHour: Int, at date: Date) async throws -> StatementCodeIssue

    /// Counts one try of the code whose digest is `digest` against the link's code, in one transaction: a right code
    /// within its time and tries is used up (a second try of it is ``StatementCodeCheck/none``).
    func tryStatementCode(_ link: TokenDigest, digest: TokenDigest, at date: Date, maximumTries: Int) async throws -> StatementCodeCheck

    /// Records that the other driver signed or declined through the link at `date`, and keeps the link (for the copy)
    /// until `keepUntil`.
    func decideStatementLink(_ digest: TokenDigest, at date: Date, keepUntil: Date) async throws

    /// Forgets the links that expired before `date`.
    /// - Returns: how many.
    @discardableResult
    func forgetStatementLinks(expiredBefore date: Date) async throws -> Int
}

/// One link to one report's vehicle B.
package struct StatementLink: Sendable, Hashable {
    /// The SHA-256 of the link's token.
    package let digest: TokenDigest
    package let report: ReportID
    package let owner: AccountID
    package let createdAt: Date
    package let expiresAt: Date
    /// When the other driver's part was taken through it; `nil` while unused.
    package let usedAt: Date?
    /// When the other driver signed or declined through it; `nil` before.
    package let decidedAt: Date?
    /// The code to sign with sent last, while it is not used up.
    package let code: StatementCode?
    /// When codes were sent, within the last hour (for the hourly bound).
    package let codesSent: [Date]

    package init(
        digest: TokenDigest, report: ReportID, owner: AccountID, createdAt: Date, expiresAt: Date, usedAt: Date?,
        decidedAt: Date? = nil, code: StatementCode? = nil, codesSent: [Date] = []
    ) {
        self.digest = digest
        self.report = report
        self.owner = owner
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.usedAt = usedAt
        self.decidedAt = decidedAt
        self.code = code
        self.codesSent = codesSent
    }

    /// The send times as one column's text (space-separated seconds), and back.
    package static func sendTimesText(_ dates: [Date]) -> String {
        dates.map { String($0.timeIntervalSinceReferenceDate) }.joined(separator: " ")
    }

    package static func sendTimes(fromText text: String) -> [Date] {
        text.split(separator: " ").compactMap { Double($0) }.map(Date.init(timeIntervalSinceReferenceDate:))
    }
}

/// A one-time code the other driver signs with: only its digest is kept (of the code and the link's token, which the
/// store never holds, so a copy of the database cannot try the million codes offline).
package struct StatementCode: Sendable, Hashable {
    package let digest: TokenDigest
    package let expiresAt: Date
    /// Wrong tries so far.
    package let tries: Int

    package init(digest: TokenDigest, expiresAt: Date, tries: Int) {
        self.digest = digest
        self.expiresAt = expiresAt
        self.tries = tries
    }

    /// The digest a code is kept and checked as.
    package static func digest(code: String, linkToken: String) -> TokenDigest {
        TokenDigest(token: linkToken + ":" + code)
    }
}

/// What asking for a code came to.
package enum StatementCodeIssue: Sendable, Hashable {
    case issued
    /// `perHour` codes were sent in the last hour; another may be sent at `nextAt`.
    case tooMany(nextAt: Date)
    /// No such link.
    case gone
}

/// What a try of a code came to.
package enum StatementCodeCheck: Sendable, Hashable {
    /// The right code, in time: used up now.
    case accepted
    /// Not the code; `triesLeft` more tries before a new code is needed.
    case wrong(triesLeft: Int)
    /// The code's time ran out.
    case expired
    /// Every try was used: a new code is needed.
    case exhausted
    /// No code was sent (or it was used).
    case none
}

/// The code rules, the same for every store: a store reads the link in its transaction, asks these, and writes back
/// what they give.
extension StatementLink {
    /// The codes sent within the hour before `date`, and whether another may be sent: the send times to keep after
    /// sending one now, or when the next may be sent.
    package func codeSending(at date: Date, perHour: Int) -> Result<[Date], StatementCodeRefusal> {
        let recent = codesSent.filter { $0 > date.addingTimeInterval(-3_600) }.sorted()
        guard recent.count < perHour else {
            return .failure(StatementCodeRefusal(nextAt: recent[recent.count - perHour].addingTimeInterval(3_600)))
        }
        return .success(recent + [date])
    }

    /// What a try of the code with `digest` comes to, and the link's code after it (`nil`: used up or none).
    package func codeTry(_ digest: TokenDigest, at date: Date, maximumTries: Int) -> (StatementCodeCheck, StatementCode?) {
        guard let code else { return (.none, nil) }
        guard code.tries < maximumTries else { return (.exhausted, code) }
        guard code.expiresAt > date else { return (.expired, code) }
        guard code.digest == digest else {
            let tries = code.tries + 1
            let after = StatementCode(digest: code.digest, expiresAt: code.expiresAt, tries: tries)
            return tries >= maximumTries ? (.exhausted, after) : (.wrong(triesLeft: maximumTries - tries), after)
        }
        return (.accepted, nil)
    }
}

/// Why no code may be sent now: the hourly bound; the next may be sent at `nextAt`.
package struct StatementCodeRefusal: Error, Sendable, Hashable {
    package let nextAt: Date
}
