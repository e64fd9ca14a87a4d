import Domain
import Foundation

/// The one-time links a driver gives another driver to fill in column B of one of a report's accident statements (B's,
/// or the one with another motor vehicle), found by the SHA-256 of the link's token (the token itself is never kept).
package protocol StatementLinkStore: Sendable {
    /// Keeps a new link and ends the older ones to the same statement that are not decided (they expire, replaced, at
    /// the new link's `createdAt`; a decided one keeps its copy), and forgets the statement's oldest links beyond the
    /// newest `keeping`. Links to the report's other statements are left as they are.
    func addStatementLink(_ link: StatementLink, keeping: Int) async throws

    /// The link whose token has this digest, used or not, expired or not (the page says which).
    func statementLink(_ digest: TokenDigest) async throws -> StatementLink?

    /// Marks the link used at `date` if it is not yet: of two submissions at once, one gets it.
    /// - Returns: whether this call marked it.
    func useStatementLink(_ digest: TokenDigest, at date: Date) async throws -> Bool

    /// Makes a link unused again, after a submission that marked it could not be stored.
    func releaseStatementLink(_ digest: TokenDigest) async throws

    /// Keeps a new one-time code for the link, replacing an earlier one (its tries start again), with the SMS that
    /// carries it (named by the code, ``StatementCode/sms``) and the job that sends it, all in one transaction — when
    /// every ceiling allows another code in the hour before `date`: for the link, for the number the SMS goes to
    /// (whatever report or link asks), for the link's statement (whatever link to it asks). Send times older than an
    /// hour are forgotten meanwhile.
    func issueStatementCode(_ link: TokenDigest, code: StatementCode, sms: SMSMessage, ceilings: StatementCodeCeilings, at date: Date) async throws -> StatementCodeIssue

    /// Counts one try of the code whose digest is `digest` against the link's code, in one transaction: a right code
    /// within its time and tries, for the version and number it was sent for (`binding`), is used up (a second try
    /// of it is ``StatementCodeCheck/none``); a code sent for another version or number ends.
    func tryStatementCode(_ link: TokenDigest, digest: TokenDigest, binding: TokenDigest, at date: Date, maximumTries: Int) async throws -> StatementCodeCheck

    /// Records that the other driver signed or declined through the link at `date`, and keeps the link (for the copy)
    /// until `keepUntil`.
    func decideStatementLink(_ digest: TokenDigest, at date: Date, keepUntil: Date) async throws

    /// The link's copy of the statement in `language` (its PDF, a document blob), when one was drawn.
    func statementCopy(_ link: TokenDigest, language: String) async throws -> ContentHash?

    /// Keeps `copy` as the link's copy of the statement in `language`, unless the link has one in it already: of two
    /// downloads at once, one copy is kept.
    /// - Returns: the copy the link keeps (`copy`, or the one it had); `nil` when there is no such link.
    func keepStatementCopy(_ link: TokenDigest, language: String, copy: ContentHash) async throws -> ContentHash?

    /// Forgets the links that expired before `date`.
    /// - Returns: how many, and the copies they kept (to remove from storage when nothing else names them).
    @discardableResult
    func forgetStatementLinks(expiredBefore date: Date) async throws -> ForgottenStatementLinks
}

/// What forgetting expired links let go of.
package struct ForgottenStatementLinks: Sendable, Hashable {
    package let count: Int
    package let copies: [ContentHash]

    package init(count: Int, copies: [ContentHash]) {
        self.count = count
        self.copies = copies
    }
}

/// One link to column B of one statement of a report.
package struct StatementLink: Sendable, Hashable {
    /// The SHA-256 of the link's token.
    package let digest: TokenDigest
    package let report: ReportID
    /// The statement it reaches: B's, or the one with another motor vehicle. It never reaches another.
    package let pair: StatementPair
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
    /// When a newer link of the report ended this one (before it was decided); `nil` while it was not.
    package let replacedAt: Date?

    package init(
        digest: TokenDigest, report: ReportID, pair: StatementPair = .b, owner: AccountID, createdAt: Date, expiresAt: Date, usedAt: Date?,
        decidedAt: Date? = nil, code: StatementCode? = nil, codesSent: [Date] = [], replacedAt: Date? = nil
    ) {
        self.digest = digest
        self.report = report
        self.pair = pair
        self.owner = owner
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.usedAt = usedAt
        self.decidedAt = decidedAt
        self.code = code
        self.codesSent = codesSent
        self.replacedAt = replacedAt
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
///
/// A code is bound to what it was sent for: the link (in its digest), the version of the front side the other driver
/// reviewed and the number it was texted to (``binding``). It signs that version only, and only while vehicle B holds
/// that number.
package struct StatementCode: Sendable, Hashable {
    package let digest: TokenDigest
    package let expiresAt: Date
    /// Wrong tries so far.
    package let tries: Int
    /// What it was sent for: the digest of the version and the number (``binding(version:phone:)``).
    package let binding: TokenDigest
    /// The text message that carries it (the store keeps the one it queued with the code), for the signing record.
    package let sms: SMSMessageID?

    package init(digest: TokenDigest, expiresAt: Date, tries: Int, binding: TokenDigest, sms: SMSMessageID? = nil) {
        self.digest = digest
        self.expiresAt = expiresAt
        self.tries = tries
        self.binding = binding
        self.sms = sms
    }

    /// The digest a code is kept and checked as.
    package static func digest(code: String, linkToken: String) -> TokenDigest {
        TokenDigest(token: linkToken + ":" + code)
    }

    /// The digest of what a code is sent for: a version of the front side and the number it goes to.
    package static func binding(version: StatementVersion, phone: PhoneNumber) -> TokenDigest {
        TokenDigest(token: version.hex + ":" + phone.e164)
    }

    /// The digest a number is counted under for the ceiling per number (the number itself is not kept there).
    package static func recipientDigest(_ phone: PhoneNumber) -> TokenDigest {
        TokenDigest(token: "statement-code-recipient:" + phone.e164)
    }
}

/// How many codes may be texted in an hour: for one link, to one number (whatever report or link asks), for one
/// statement of a report (whatever link to it asks). Making a new link does not start any of them again.
package struct StatementCodeCeilings: Sendable, Hashable {
    package let perLink: Int
    package let perPhone: Int
    package let perStatement: Int

    package init(perLink: Int, perPhone: Int, perStatement: Int) {
        self.perLink = perLink
        self.perPhone = perPhone
        self.perStatement = perStatement
    }

    /// Which ceiling, if any, refuses a code at `date`, given the send times (any age) for the link, the number and
    /// the statement; the first to be reached is named, with when the next code may be sent.
    package func refusal(link: [Date], phone: [Date], statement: [Date], at date: Date) -> StatementCodeIssue? {
        let checks: [(StatementCodeCeiling, [Date], Int)] = [
            (.phone, phone, perPhone), (.statement, statement, perStatement), (.link, link, perLink),
        ]
        for (ceiling, times, limit) in checks {
            if let nextAt = Self.nextAllowed(times, limit: limit, at: date) { return .tooMany(nextAt: nextAt, ceiling: ceiling, limit: limit) }
        }
        return nil
    }

    /// When another may be sent, when `limit` were sent in the hour before `date`; `nil` when one may be sent now.
    package static func nextAllowed(_ times: [Date], limit: Int, at date: Date) -> Date? {
        let recent = times.filter { $0 > date.addingTimeInterval(-3_600) }.sorted()
        guard recent.count >= limit else { return nil }
        return recent[recent.count - limit].addingTimeInterval(3_600)
    }
}

/// Which of the ``StatementCodeCeilings`` was reached.
package enum StatementCodeCeiling: Sendable, Hashable {
    case link
    case phone
    case statement
}

/// What asking for a code came to.
package enum StatementCodeIssue: Sendable, Hashable {
    case issued
    /// `limit` codes were sent in the last hour for the link, to the number or for the statement (`ceiling`); another
    /// may be sent at `nextAt`.
    case tooMany(nextAt: Date, ceiling: StatementCodeCeiling, limit: Int)
    /// No such link.
    case gone
}

/// What a try of a code came to.
package enum StatementCodeCheck: Sendable, Hashable {
    /// The right code, in time: used up now. `sms` is the message that carried it.
    case accepted(sms: SMSMessageID?)
    /// Not the code; `triesLeft` more tries before a new code is needed.
    case wrong(triesLeft: Int)
    /// The code's time ran out.
    case expired
    /// Every try was used: a new code is needed.
    case exhausted
    /// The code was sent for another version of the front side or another number than vehicle B holds now: it ended,
    /// a new code is needed.
    case superseded
    /// No code was sent (or it was used).
    case none
}

/// The code rules, the same for every store: a store reads the link in its transaction, asks these, and writes back
/// what they give.
extension StatementLink {
    /// The link's send times to keep after sending a code at `date`: those within the hour before it, and `date`.
    package func codeSendTimes(after date: Date) -> [Date] {
        codesSent.filter { $0 > date.addingTimeInterval(-3_600) }.sorted() + [date]
    }

    /// What a try of the code with `digest`, for what `binding` names, comes to, and the link's code after it (`nil`:
    /// used up, ended or none).
    package func codeTry(_ digest: TokenDigest, binding: TokenDigest, at date: Date, maximumTries: Int) -> (StatementCodeCheck, StatementCode?) {
        guard let code else { return (.none, nil) }
        guard code.binding == binding else { return (.superseded, nil) }
        guard code.tries < maximumTries else { return (.exhausted, code) }
        guard code.expiresAt > date else { return (.expired, code) }
        guard code.digest == digest else {
            let tries = code.tries + 1
            let after = StatementCode(digest: code.digest, expiresAt: code.expiresAt, tries: tries, binding: code.binding, sms: code.sms)
            return tries >= maximumTries ? (.exhausted, after) : (.wrong(triesLeft: maximumTries - tries), after)
        }
        return (.accepted(sms: code.sms), nil)
    }
}
