import Domain
import Foundation
import ReportDocuments
import ServerCore
import ServerHTTP
import Wording

/// What the handlers' templates show, built from claims: plain values only, escaped by the templates. Every page is
/// in the handler's language (``PageLanguage``): its view carries it as `page`, the templates' sentences are looked up
/// with `page.t`, and what is said here is said with `page.words`.
package enum HandlerViews {
    /// Every page's frame: the title and, when signed in, who and the sign-out form's CSRF value.
    package struct Frame {
        /// The page's language and the switch; `page.t` translates the template's sentences.
        package let page: PageLanguage
        /// The paths the template links to.
        package let paths = PageLinks()
        package let title: String
        package let handler: String?
        package let csrf: String
    }

    package struct SignIn {
        /// The page's language and the switch; `page.t` translates the template's sentences.
        package let page: PageLanguage
        /// The paths the template links to.
        package let paths = PageLinks()
        package let title: String
        package let handler: String? = nil
        package let csrf: String
        package let error: String?
        /// The command that gives a handler a token, named in the page's sentence.
        package let command = "crash-assistant-server handler add NAME"

        package init(page: PageLanguage, csrf: String, error: String?) {
            self.page = page
            title = page.words("Sign in")
            self.csrf = csrf
            self.error = error
        }
    }

    package struct Filter {
        package let name: String
        package let href: String
        package let current: Bool
    }

    package struct Row {
        package let href: String
        package let crashID: String
        package let when: String
        package let place: String
        package let injured: Bool
        package let injuries: String
        package let driver: String
        package let submitted: String
        /// How many photos are still on their way, said; `nil` once every one is in.
        package let arriving: String?
        package let claimNumber: String?
    }

    package struct ClaimList {
        /// The page's language and the switch; `page.t` translates the template's sentences.
        package let page: PageLanguage
        /// The paths the template links to.
        package let paths = PageLinks()
        package let title: String
        package let handler: String
        package let csrf: String
        package let filters: [Filter]
        package let caption: String
        package let rows: [Row]
        /// Stored, not computed: the templates read values by reflection, which sees stored properties only.
        package let hasRows: Bool
        package let next: String?
        /// Drivers who asked for help by SMS lately, the newest first.
        package let helpCalls: [HelpCall]
        package let hasHelpCalls: Bool

        package init(
            page: PageLanguage, handler: String, csrf: String, filters: [Filter], caption: String, rows: [Row], next: String?, helpCalls: [HelpCall] = []
        ) {
            self.helpCalls = helpCalls
            hasHelpCalls = !helpCalls.isEmpty
            self.page = page
            title = page.words("Submitted reports")
            self.handler = handler
            self.csrf = csrf
            self.filters = filters
            self.caption = caption
            self.rows = rows
            hasRows = !rows.isEmpty
            self.next = next
        }
    }

    package struct MapLink {
        package let href: String
        package let label: String
    }

    package struct Field {
        package let label: String
        package let value: String
        /// A digest's first twelve digits, shown in place of the 64 (the whole one behind a details element); `nil`
        /// for any other value.
        package let short: String?

        package init(label: String, value: String) {
            self.label = label
            self.value = value
            let isDigest = value.utf8.count == 64 && value.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
            short = isDigest ? String(value.prefix(12)) : nil
        }
    }

    package struct FieldList {
        package let fields: [Field]
    }

    package struct ItemList {
        package let items: [String]
    }

    package struct PhotoView {
        package let src: String
        package let label: String
        package let caption: String
        package let width: Int
        package let height: Int
        /// Said in the photo's place while the driver's phone is still sending it; `nil` once it is here. (A name of
        /// its own: a value the template does not find here is looked for in the page around it.)
        package var photoOnItsWay: String? = nil
    }

    /// One block of the report's outline (``ReportOutline``), the third drawing of it beside the text and the PDF.
    package struct Block {
        package var heading: String?
        package var subheading: String?
        package var paragraph: String?
        package var fieldList: FieldList?
        package var itemList: ItemList?
        package var photo: PhotoView?
        package var rule = false
        package var closing: String?
        package var table: TableView?
    }

    /// A table of the outline (the statement's vehicles side by side): the first header cell heads the labels.
    package struct TableView {
        /// The first header cell; `nil` when it is empty (an empty cell, not an empty header, is drawn).
        package let label: String?
        package let columns: [String]
        package let rows: [TableRow]
    }

    package struct TableRow {
        package let label: String
        package let values: [TableCell]
    }

    /// A cell with the heading of its column, which a narrow screen shows beside it (the table stacked).
    package struct TableCell {
        package let column: String
        package let value: String
    }

    package struct ClaimPage {
        /// The page's language and the switch; `page.t` translates the template's sentences.
        package let page: PageLanguage
        /// The paths the template links to.
        package let paths = PageLinks()
        package let title: String
        package let handler: String
        package let csrf: String
        package let crashID: String
        package let notice: String?
        package let driver: String
        package let submitted: String
        package let injured: Bool
        package let injuries: String
        package let map: MapLink?
        package let pdf: String
        /// How many photos are still on their way, said (the PDF is drawn once they are in); `nil` once every one is.
        package let arriving: String?
        package let acknowledged: Bool
        package let claimNumber: String?
        package let acknowledgedAt: String?
        package let acknowledgedBy: String?
        package let error: String?
        package let action: String
        package let claimNumberField: String
        package let messageField: String
        /// Every signature and decline of the statement with B as the server took it.
        package let record: SigningRecordView?
        /// Each other motor vehicle's statement's acts, under its own heading.
        package let pairRecords: [PairRecord]
        /// The claim's steps after it was submitted, the first recorded first, and the form that records the next.
        package let timeline: [StepView]
        package let hasTimeline: Bool
        package let statusAction: String
        package let statusError: String?
        package let statusKinds: [KindOption]
        package let statusFields: StatusForm
        /// The crash scene's offset from UTC, in which an inspection's time is typed (`UTC+01:00`).
        package let statusOffset: String
        /// Where each of the claim's events to the claims system stands, the first queued first.
        package let deliveries: [DeliveryView]
        /// Whether the claim has any (the template reads stored values only).
        package let hasDeliveries: Bool
        /// The driver's SMS replies to the crash's SMS, the first first.
        package let replies: [ReplyView]
        package let hasReplies: Bool
        /// Said at the top when the driver asked for help by SMS.
        package let urgent: String?
        package let blocks: [Block]
    }

    /// A driver who asked for help by SMS after a detected crash, as the list of claims shows it first.
    package struct HelpCall {
        package let crashID: String
        /// The claim's page, once the crash's report is one.
        package let href: String?
        package let received: String
        package let driver: String
        package let phone: String
        package let text: String
        /// Said when the driver later answered the crash a false alarm.
        package let later: String?
    }

    /// One SMS reply of the driver's, as the claim's page lists it.
    package struct ReplyView {
        package let received: String
        package let keyword: String
        package let text: String
        package let urgent: Bool
    }

    /// One step of the claim's timeline.
    package struct StepView {
        package let says: String
        package let note: String?
        package let recorded: String
    }

    /// A choice of the status form's list.
    package struct KindOption {
        package let value: String
        package let label: String
        package let selected: Bool
    }

    /// One event for the claims system on a claim's page.
    package struct DeliveryView {
        package let event: String
        package let webhookID: String
        package let state: String
        /// `delivered`, `waiting`, `retrying` or `given-up`, for its style.
        package let status: String
        /// Why its last try failed, while it is not delivered.
        package let error: String?
    }

    /// One other vehicle's statement's signing record (the `signing-record` partial reads `record`).
    package struct PairRecord {
        package let record: SigningRecordView
    }

    package struct Problem {
        /// The page's language and the switch; `page.t` translates the template's sentences.
        package let page: PageLanguage
        /// The paths the template links to (back to the list).
        package let paths = PageLinks()
        package let title: String
        package let handler: String?
        package let csrf: String
        package let detail: String
    }

    // MARK: - Building

    /// Times as the handler reads them: the crash's in the scene's offset from UTC, the server's in UTC.
    package static let utc = DateText(timeZone: .gmt)

    /// "3 of 10 photos still arriving", or `nil` when none is.
    package static func arriving(_ pending: [ContentHash], of report: CrashReport, words: Words) -> String? {
        guard !pending.isEmpty else { return nil }
        let total = Set(report.allPhotos.map(\.contentHash)).count
        // The form follows the total: "1 of 2 photos", "1 of 1 photo".
        return words.plural(
            "{count} of {total} photo still arriving", "{count} of {total} photos still arriving", count: total,
            ["count": words.number(pending.count), "total": words.number(total)]
        )
    }

    package static func row(_ claim: Claim, driver: Account?, pending: [ContentHash], words: Words) -> Row {
        let report = claim.report
        let scene = report.effectiveScene.scene
        return Row(
            href: HandlerPaths.claim(claim.id), crashID: report.crashID.rawValue,
            when: words.dates(utc.at(scene)).dateTime(scene.occurredAt),
            place: scene.address ?? scene.coordinate.map(StatementWords(words).coordinate) ?? words("Not given"),
            injured: injured(report), injuries: injuries(report, words: words), driver: driverText(driver, words: words),
            submitted: words.dates(utc).dateTime(claim.submittedAt), arriving: arriving(pending, of: report, words: words),
            claimNumber: report.acknowledgement?.claimNumber
        )
    }

    package static func claimPage(
        _ claim: Claim, driver: Account?, pending: [ContentHash], record: [SigningEntry] = [], deliveries: [WebhookDelivery] = [],
        replies: [SMSReply] = [], handler: Account,
        csrf: String, notice: String?,
        error: String?,
        claimNumberField: String?, messageField: String?, statusError: String? = nil, statusForm: StatusForm? = nil, page: PageLanguage
    ) -> ClaimPage {
        let words = page.words
        let dates = words.dates(utc)
        let report = claim.report
        let acknowledgement = report.acknowledgement
        let coordinate = report.effectiveScene.scene.coordinate
        return ClaimPage(
            page: page, title: words("Crash {crashID}", ["crashID": report.crashID.rawValue]), handler: handler.name, csrf: csrf,
            crashID: report.crashID.rawValue, notice: notice, driver: driverText(driver, words: words),
            submitted: dates.dateTime(claim.submittedAt), injured: injured(report), injuries: injuries(report, words: words),
            map: coordinate.map { mapLink($0, words: words) },
            pdf: HandlerPaths.document(claim.id), arriving: arriving(pending, of: report, words: words),
            acknowledged: acknowledgement != nil, claimNumber: acknowledgement?.claimNumber,
            acknowledgedAt: acknowledgement.map { dates.dateTime($0.acknowledgedAt) }, acknowledgedBy: acknowledgement?.handler,
            error: error, action: HandlerPaths.acknowledge(claim.id),
            claimNumberField: claimNumberField ?? acknowledgement?.claimNumber ?? "",
            messageField: messageField ?? acknowledgement?.message ?? "",
            record: SigningRecordView(record, current: report.statementVersion, words: words, dates: dates, showsAccount: true),
            pairRecords: report.parties.motorVehicles.compactMap { party in
                let pair = StatementPair.vehicle(party.id)
                guard let version = report.statementVersion(pair) else { return nil }
                return SigningRecordView(
                    record, of: pair, party: report.parties.number(of: party.id), current: version, words: words, dates: dates, showsAccount: true
                ).map(PairRecord.init)
            },
            timeline: report.claimTimeline.map { step in
                StepView(
                    says: ClaimStatusWords(words).says(step.status, dates: utc.at(report.effectiveScene.scene)),
                    note: step.note.isEmpty ? nil : step.note,
                    recorded: words("{time} by {handler}", ["time": dates.dateTime(step.recordedAt), "handler": step.handler])
                )
            },
            hasTimeline: !report.claimTimeline.isEmpty, statusAction: HandlerPaths.status(claim.id), statusError: statusError,
            statusKinds: ClaimStatus.Kind.allCases.map { kind in
                KindOption(value: kind.rawValue, label: ClaimStatusWords(words).kind(kind), selected: statusForm?.status == kind.rawValue)
            },
            statusFields: statusForm ?? StatusForm(),
            statusOffset: utc.at(report.effectiveScene.scene).offset(report.effectiveScene.scene.occurredAt),
            deliveries: deliveries.map { delivery(claim.id, $0, words: words, dates: dates) }, hasDeliveries: !deliveries.isEmpty,
            replies: replies.map { reply($0, words: words, dates: dates) }, hasReplies: !replies.isEmpty,
            urgent: replies.last { $0.keyword == .help }.map { help in
                words("The driver asked for help by SMS at {time}: “{text}”. Call them at {phone}.", [
                    "time": dates.dateTime(help.receivedAt), "text": String(help.text.prefix(300)), "phone": help.sender.e164,
                ])
            },
            blocks: blocks(of: report, claim: claim.id, pending: Set(pending), words: words)
        )
    }

    /// What a reply's keyword asked for, as the desk says it.
    package static func keyword(_ keyword: ReplyKeyword?, words: Words) -> String {
        switch keyword {
        case .ok: words("OK: the driver is all right")
        case .help: words("HELP: the driver asks for help")
        case .falseAlarm: words("FALSE ALARM: there was no crash")
        case .stop: words("STOP: no more SMS to this number")
        case .start: words("START: SMS to this number again")
        case nil: words("A message", context: "an SMS reply")
        }
    }

    package static func reply(_ reply: SMSReply, words: Words, dates: DateText) -> ReplyView {
        ReplyView(
            received: dates.dateTime(reply.receivedAt),
            keyword: keyword(reply.keyword, words: words) + (reply.removedDraft ? " — " + words("its untouched draft was removed") : ""),
            text: reply.text, urgent: reply.keyword == .help
        )
    }

    /// A driver's call for help as the list of claims shows it.
    package static func helpCall(_ call: SMSReplies.HelpCall, words: Words) -> HelpCall {
        let dates = words.dates(utc)
        let reply = call.reply
        return HelpCall(
            crashID: reply.crash.crashID.rawValue, href: call.claim.map(HandlerPaths.claim), received: dates.dateTime(reply.receivedAt),
            driver: driverText(call.driver, showingPhone: false, words: words), phone: reply.sender.e164, text: String(reply.text.prefix(300)),
            later: reply.crash.falseAlarmAt.map { words("Answered a false alarm at {time}", ["time": dates.dateTime($0)]) }
        )
    }

    /// A delivery as the claim's page says it: which event, its `webhook-id`, and where it stands.
    package static func delivery(_ claim: ClaimID, _ delivery: WebhookDelivery, words: Words, dates: DateText) -> DeliveryView {
        let tries = words.plural("{count} try", "{count} tries", count: delivery.attempts, ["count": words.number(delivery.attempts)])
        let event: String = switch delivery.event {
        case .firstNoticeOfLoss: words("First notice of loss")
        case .documentsComplete: words("Every document in")
        case .documentVersionAdded: words("New version {number} of the PDF", ["number": words.number(delivery.version ?? 0)])
        case .acknowledged: words("Acknowledged with claim {claimNumber}", ["claimNumber": delivery.acknowledgement?.claimNumber ?? ""])
        case .statusChanged: words("Status step {number}", ["number": words.number(delivery.job?.webhookNumber ?? 0)])
        case .crashReply: words("The driver's SMS reply")
        case nil: words("An event this server cannot read")
        }
        let finished = delivery.finishedAt.map(dates.dateTime) ?? ""
        let state: String = switch delivery.state {
        case .delivered:
            delivery.replayedAt == nil
                ? words("Delivered {time}", ["time": finished]) : words("Delivered {time}, sent again at an operator's request", ["time": finished])
        case .waiting: words("Waiting to be sent")
        case .retrying: words("Not taken yet ({tries}); tried again after a pause", ["tries": tries])
        case .givenUp:
            words("Given up {time} after {tries}. An operator sends it again with: webhook replay {id}", [
                "time": finished, "tries": tries, "id": String(delivery.id),
            ])
        }
        return DeliveryView(
            event: event, webhookID: delivery.webhookID(claim: claim) ?? "-", state: state,
            status: delivery.state.rawValue, error: delivery.state == .delivered ? nil : delivery.lastError.map { String($0.prefix(300)) }
        )
    }

    /// The scene on OpenStreetMap: the link, and its label with the position in the language's decimals
    /// (`47.497900, 19.040200`; `47,497900 ; 19,040200` where a comma is the decimal separator).
    package static func mapLink(_ coordinate: Coordinate, words: Words) -> MapLink {
        let latitude = String(format: "%.6f", coordinate.latitude), longitude = String(format: "%.6f", coordinate.longitude)
        let separator = words.code == "en" ? "." : words.locale.decimalSeparator ?? "."
        let position = separator == "."
            ? "\(latitude), \(longitude)"
            : [latitude, longitude].map { $0.replacingOccurrences(of: ".", with: separator) }.joined(separator: separator == "," ? " ; " : ", ")
        return MapLink(
            href: "https://www.openstreetmap.org/?mlat=\(latitude)&mlon=\(longitude)#map=17/\(latitude)/\(longitude)",
            label: words("The scene on OpenStreetMap ({position})", ["position": position])
        )
    }

    /// The report's outline as blocks of the page, in the handler's language; photos shown from this server.
    /// - Parameter pending: the photos still on their way, shown as a sentence in their place.
    package static func blocks(of report: CrashReport, claim: ClaimID, pending: Set<ContentHash> = [], words: Words = .english) -> [Block] {
        blocks(ReportOutline(report, dates: utc, words: words)) { entry in
            PhotoView(
                src: HandlerPaths.photo(claim, entry.photo.contentHash), label: entry.label, caption: entry.caption,
                width: entry.photo.pixelSize.width, height: entry.photo.pixelSize.height,
                photoOnItsWay: pending.contains(entry.photo.contentHash)
                    ? words("Still arriving from the driver's phone; shown here once it is in.") : nil
            )
        }
    }

    /// An outline as blocks of a page (the `outline-blocks` partial draws them); `photo` shows a photo, or leaves it out.
    package static func blocks(_ outline: ReportOutline, photo: (ReportPhotoEntry) -> PhotoView?) -> [Block] {
        outline.linearBlocks.compactMap { block -> Block? in
            switch block {
            case let .title(_, identifier): Block(fieldList: FieldList(fields: [Field(label: identifier.label, value: identifier.value)]))
            case let .fields(fields): Block(fieldList: FieldList(fields: fields.map { Field(label: $0.label, value: $0.value) }))
            case let .heading(text): Block(heading: text)
            case let .subheading(text): Block(subheading: text)
            case let .paragraph(text): Block(paragraph: text)
            case let .list(items): Block(itemList: ItemList(items: items))
            case let .photo(entry):
                photo(entry).map { Block(photo: $0) }
            case .rule: Block(rule: true)
            case let .closing(text): Block(closing: text)
            case let .table(table):
                Block(table: TableView(
                    label: table.header.first.flatMap { $0.isEmpty ? nil : $0 }, columns: Array(table.header.dropFirst()),
                    rows: table.rows.map { row in
                        TableRow(label: row.first ?? "", values: zip(table.header.dropFirst(), row.dropFirst()).map { column, value in
                            TableCell(column: column, value: value.isEmpty ? "—" : value)
                        })
                    }
                ))
            case .impactDrawing, .pageBreak, .statementForm: nil
            }
        }
    }

    package static func injured(_ report: CrashReport) -> Bool {
        report.someoneHurt
    }

    /// Who was injured, as the report says it to a reader (`the driver, the other driver`), not as the driver answered.
    package static func injuries(_ report: CrashReport, words: Words = .english) -> String {
        let selected = StatementWords(words).injuries(of: report)
        guard !selected.isEmpty else { return words("Not said") }
        return selected.joined(separator: words(", ", context: "between the items of a list"))
    }

    /// The driver whose report it is: their account's name and phone number.
    /// With the insurer's references, when the account has them: `ann, +36301234567, customer CUS-000123, policy POL/9`.
    /// - Parameter showingPhone: whether the account's number is said (not where the page links a number of its own).
    package static func driverText(_ account: Account?, showingPhone: Bool = true, words: Words = .english) -> String {
        guard let account else { return words("(account removed)") }
        let parts = [account.name, showingPhone ? account.phone?.e164 : nil,
                     account.references.customer.map { words("customer {reference}", ["reference": $0]) },
                     account.references.policy.map { words("policy {reference}", ["reference": $0]) }]
        return parts.compactMap { $0 }.joined(separator: words(", ", context: "between the items of a list"))
    }
}
