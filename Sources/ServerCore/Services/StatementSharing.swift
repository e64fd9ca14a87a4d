import Domain
import Foundation
import Wording

/// The other driver's part of an accident statement, from a link the driver gives them: a random token (its SHA-256
/// only is kept), valid for ``lifetime``. A link reaches one statement of the report (``StatementLink/pair``): B's,
/// or the one with another motor vehicle, and never shows another. Through it the other driver fills in column B
/// once (it becomes column B of that statement, marked as entered by them, at the report's next revision), then
/// reviews that statement's whole front side and signs it with a one-time code texted to the mobile number in their
/// column, or declines it with a reason. After that the link offers a copy of the statement for ``copyLifetime``.
package struct StatementSharing: Sendable {
    package let links: any StatementLinkStore
    package let reports: any ServerReportStore
    package let clock: any Clock
    /// Nudged when a code's SMS is queued, so it goes at once.
    package let worker: JobWorker?

    /// How long a link may be used to send a part and sign: a day.
    package static let lifetime: TimeInterval = 24 * 3_600
    /// How long the copy stays on the link after the other driver signed or declined: a week.
    package static let copyLifetime: TimeInterval = 7 * 24 * 3_600
    /// The most links a statement keeps: making another ends its older ones not yet decided, and forgets the oldest.
    /// With at most 8 statements to a report, a report keeps at most 40.
    package static let linksPerReport = 5
    /// A code is valid for 10 minutes and five tries.
    package static let codeLifetime: TimeInterval = 600
    package static let codeTries = 5
    /// Codes texted in an hour: three for one link, three to one number (whichever reports and links ask), five for
    /// one statement (whichever of its links ask).
    package static let codeCeilings = StatementCodeCeilings(perLink: 3, perPhone: 3, perStatement: 5)

    package init(links: any StatementLinkStore, reports: any ServerReportStore, clock: any Clock, worker: JobWorker? = nil) {
        self.links = links
        self.reports = reports
        self.clock = clock
        self.worker = worker
    }

    /// What a link leads to now.
    package enum Opened: Sendable {
        /// The form may be filled in: the report's draft (for its scene and the link's column B so far).
        case open(StatementLink, CrashReport)
        /// The part was sent: the whole front side to review, then sign or decline.
        case review(StatementLink, CrashReport)
        /// The other driver signed or declined: the copy of the statement, and the statement's signing record.
        case decided(StatementLink, CrashReport, record: [SigningEntry])
        case expired
        /// The driver made a newer link for the report, which ended this one before its time.
        case replaced
        /// The driver completed the report before the other driver sent their part, or signed.
        case completed
        /// The driver took the vehicle the link reaches off the report (or made it another kind of party), so its
        /// statement is gone.
        case withdrawn
        /// No link has this token, or its report is gone.
        case unknown
    }

    /// The outcome of a submission.
    package enum Submitted: Sendable {
        case stored(CrashReport)
        case refused(Opened)
    }

    /// The outcome of asking for a code.
    package enum CodeSent: Sendable {
        /// Texted to this number (queued for the gateway); valid until `expiresAt`.
        case sent(to: PhoneNumber, expiresAt: Date)
        /// An hourly ceiling (``codeCeilings``) was reached: `limit` codes for the link, to the number or for the
        /// report; the next may be asked for at `nextAt`.
        case tooMany(nextAt: Date, ceiling: StatementCodeCeiling, limit: Int)
        /// Column B has no phone number to text.
        case noPhone
        /// The number in column B takes no text messages (a landline, as libphonenumber judges it).
        case notMobile(PhoneNumber)
        case refused(Opened)
    }

    /// The outcome of signing or declining.
    package enum Decided: Sendable {
        case signed(CrashReport)
        case declined(CrashReport)
        /// The code was not taken (wrong, expired, used up, none sent).
        case code(StatementCodeCheck)
        /// The front side changed since the version the other driver reviewed: shown again, nothing recorded.
        case changed(CrashReport)
        /// The name or the reason breaks a rule; nothing recorded and no try counted.
        case invalid(StatementFieldError)
        case refused(Opened)
    }

    /// A new link to column B of one statement of the owner's draft (`pair`).
    /// - Returns: the link's token (the page's address is the edge's to make) and when it expires.
    /// - Throws: `ReportError/notFound(_:)`, ``ServerRefusal/linkToCompletedReport(_:)``,
    ///   ``ServerRefusal/noStatementWith(_:_:)`` for a party the report does not hold as a motor vehicle.
    package func create(for id: ReportID, pair: StatementPair = .b, owner: AccountID) async throws -> (token: String, expiresAt: Date) {
        guard let report = try await reports.report(id, owner: owner) else { throw ReportError.notFound(id) }
        guard !report.isCompleted else { throw ServerRefusal.linkToCompletedReport(report.crashID) }
        if case let .vehicle(party) = pair, report.statement(pair) == nil { throw ServerRefusal.noStatementWith(party, report.crashID) }
        let token = Self.newToken()
        let now = clock.now()
        let expiresAt = now.addingTimeInterval(Self.lifetime)
        try await links.addStatementLink(
            StatementLink(
                digest: TokenDigest(token: token), report: id, pair: pair, owner: owner, createdAt: now, expiresAt: expiresAt, usedAt: nil
            ),
            keeping: Self.linksPerReport
        )
        return (token, expiresAt)
    }

    /// What the link with this token leads to.
    package func open(_ token: String) async throws -> Opened {
        guard Self.isWellFormed(token), let link = try await links.statementLink(TokenDigest(token: token)) else { return .unknown }
        guard link.expiresAt > clock.now() else { return link.replacedAt == nil ? .expired : .replaced }
        guard let report = try await reports.report(link.report, owner: link.owner) else { return .unknown }
        guard report.statement(link.pair) != nil else { return .withdrawn }
        if link.decidedAt != nil {
            // The statement's own acts only: the record of another pair is not this driver's to read.
            let record = try await reports.signingRecord(of: link.report, owner: link.owner).filter { $0.pair == link.pair }
            return .decided(link, report, record: record)
        }
        guard !report.isCompleted, !report.isStatementSigned(link.pair) else { return .completed }
        return link.usedAt == nil ? .open(link, report) : .review(link, report)
    }

    /// Texts a new code to the mobile number in the link's column B, for the link under review.
    /// - Parameter words: the language the other driver reads the page in, and so the text.
    package func sendCode(_ token: String, words: Words = .english) async throws -> CodeSent {
        let opened = try await open(token)
        guard case let .review(link, report) = opened else { return .refused(opened) }
        guard let phone = Self.phone(of: report, link.pair), let version = report.statementVersion(link.pair) else { return .noPhone }
        guard phone.takesTextMessages else { return .notMobile(phone) }
        let code = String(format: "%06d", Int.random(in: 0..<1_000_000))
        let now = clock.now()
        let expiresAt = now.addingTimeInterval(Self.codeLifetime)
        let sms = SMSMessage.queued(
            crashID: report.crashID, owner: link.owner, recipient: phone,
            text: SMSText.statementCode(code, crashID: report.crashID, minutes: Int(Self.codeLifetime / 60), words: words), at: now
        )
        // Bound to what it is sent for: this link, the version the other driver reviews, this number.
        let kept = StatementCode(
            digest: StatementCode.digest(code: code, linkToken: token), expiresAt: expiresAt, tries: 0,
            binding: StatementCode.binding(version: version, phone: phone)
        )
        switch try await links.issueStatementCode(link.digest, code: kept, sms: sms, ceilings: Self.codeCeilings, at: now) {
        case .issued:
            worker?.nudge()
            return .sent(to: phone, expiresAt: expiresAt)
        case let .tooMany(nextAt, ceiling, limit):
            return .tooMany(nextAt: nextAt, ceiling: ceiling, limit: limit)
        case .gone:
            return .refused(.unknown)
        }
    }

    /// Signs side B of the link's statement, as the version the other driver reviewed, with the code texted to them.
    /// - Parameter version: the version of the front side their review showed (hex).
    package func sign(_ token: String, name: String, code: String, version: String) async throws -> Decided {
        let opened = try await open(token)
        guard case let .review(link, report) = opened else { return .refused(opened) }
        guard report.statementVersion(link.pair)?.hex == version else { return .changed(report) }
        // The name is checked before a try is counted.
        var probe = report
        do {
            try probe.signStatement(.b, in: link.pair, name: name, verification: .sameDevice, at: clock.now())
        } catch let error as StatementFieldError {
            return .invalid(error)
        }
        guard let phone = Self.phone(of: report, link.pair), let current = report.statementVersion(link.pair) else { return .code(.none) }
        let digits = code.filter { !$0.isWhitespace }
        // The code signs the version it was sent for, while vehicle B holds the number it went to.
        let check = try await links.tryStatementCode(
            link.digest, digest: StatementCode.digest(code: digits, linkToken: token),
            binding: StatementCode.binding(version: current, phone: phone), at: clock.now(), maximumTries: Self.codeTries
        )
        guard case let .accepted(sms) = check else { return .code(check) }
        return try await record(link, version: version, codeSMS: sms) { report, now in
            try report.signStatement(.b, in: link.pair, name: name, verification: .smsCode(phone), at: now)
            return .signed(report)
        }
    }

    /// Records that the other driver does not agree to the version they reviewed, and why.
    package func decline(_ token: String, reason: String, version: String) async throws -> Decided {
        let opened = try await open(token)
        guard case let .review(link, report) = opened else { return .refused(opened) }
        guard report.statementVersion(link.pair)?.hex == version else { return .changed(report) }
        var probe = report
        do {
            try probe.declineStatement(in: link.pair, reason: reason, at: clock.now())
        } catch let error as StatementFieldError {
            return .invalid(error)
        }
        return try await record(link, version: version, codeSMS: nil) { report, now in
            try report.declineStatement(in: link.pair, reason: reason, at: now)
            return .declined(report)
        }
    }

    /// Changes the report as `change` says, on its latest revision (the driver's device may save in between), unless
    /// the front side moved on from `version`; then keeps the link for the copy. The store appends the act to the
    /// report's signing record with the report, naming `codeSMS`, the message that carried the code it was signed with.
    private func record(
        _ link: StatementLink, version: String, codeSMS: SMSMessageID?, _ change: @Sendable (inout CrashReport, Date) throws -> Decided
    ) async throws -> Decided {
        let outcome: Decided
        do {
            outcome = try await ConflictRetry.run {
                guard var report = try await reports.report(link.report, owner: link.owner) else { return .refused(.unknown) }
                guard !report.isCompleted else { return .refused(.completed) }
                guard report.statement(link.pair) != nil else { return .refused(.withdrawn) }
                guard report.statementVersion(link.pair)?.hex == version else { return .changed(report) }
                let now = clock.now()
                let decided = try change(&report, now)
                let saved = try await reports.save(report, owner: link.owner, queueing: nil, within: nil, codeSMS: codeSMS)
                return switch decided {
                case .signed: .signed(saved)
                case .declined: .declined(saved)
                default: decided
                }
            }
        } catch let error as ReportError where error.isConflict {
            throw ServerRefusal.keptChanging(link.report)
        }
        switch outcome {
        case .signed, .declined:
            let now = clock.now()
            try await links.decideStatementLink(link.digest, at: now, keepUntil: now.addingTimeInterval(Self.copyLifetime))
        default:
            break
        }
        return outcome
    }

    /// The mobile number in column B of a statement, where the code is texted.
    package static func phone(of report: CrashReport, _ pair: StatementPair = .b) -> PhoneNumber? {
        report.statement(pair)?.vehicleB[.policyholderPhone].flatMap { try? PhoneNumber(kept: $0) }
    }

    /// Takes the other driver's column as column B of the link's statement, once.
    package func submit(_ token: String, vehicle: StatementVehicle) async throws -> Submitted {
        let opened = try await open(token)
        guard case let .open(link, _) = opened else { return .refused(opened) }
        // Another submission took it in between: say what the link leads to now.
        guard try await links.useStatementLink(link.digest, at: clock.now()) else { return .refused(try await open(token)) }
        do {
            // The driver's device may save in between: take its version and put vehicle B on it again.
            return try await ConflictRetry.run {
                guard var report = try await reports.report(link.report, owner: link.owner) else {
                    try await links.releaseStatementLink(link.digest)
                    return .refused(.unknown)
                }
                guard !report.isCompleted else {
                    try await links.releaseStatementLink(link.digest)
                    return .refused(.completed)
                }
                guard var statement = report.statement(link.pair) else {
                    try await links.releaseStatementLink(link.digest)
                    return .refused(.withdrawn)
                }
                var column = vehicle
                column.markEnteredByOtherDriver(at: clock.now())
                statement.vehicleB = column
                try report.setStatement(statement, for: link.pair)
                return .stored(try await reports.save(report, owner: link.owner))
            }
        } catch let error as ReportError where error.isConflict {
            try? await links.releaseStatementLink(link.digest)
            throw ServerRefusal.keptChanging(link.report)
        } catch {
            try? await links.releaseStatementLink(link.digest)
            throw error
        }
    }

    /// 32 random bytes in base64url: 43 characters.
    package static func newToken() -> String {
        String(AccessToken.generate().dropFirst(AccessToken.prefix.count))
    }

    /// Whether `token` could be one this server made (43 base64url characters), before looking it up.
    package static func isWellFormed(_ token: String) -> Bool {
        token.utf8.count == 43 && token.utf8.allSatisfy { ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D || $0 == 0x5F }
    }
}
