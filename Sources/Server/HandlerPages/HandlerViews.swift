import Data
import Domain
import Foundation

/// What the handlers' templates show, built from claims: plain values only, escaped by the templates.
enum HandlerViews {
    /// Every page's frame: the title and, when signed in, who and the sign-out form's CSRF value.
    struct Frame {
        let title: String
        let handler: String?
        let csrf: String
    }

    struct SignIn {
        let title = "Sign in"
        let handler: String? = nil
        let csrf: String
        let error: String?
    }

    struct Filter {
        let name: String
        let href: String
        let current: Bool
    }

    struct Row {
        let href: String
        let crashID: String
        let when: String
        let place: String
        let injured: Bool
        let injuries: String
        let driver: String
        let submitted: String
        let claimNumber: String?
    }

    struct ClaimList {
        let title = "Submitted reports"
        let handler: String
        let csrf: String
        let filters: [Filter]
        let caption: String
        let rows: [Row]
        /// Stored, not computed: the templates read values by reflection, which sees stored properties only.
        let hasRows: Bool
        let next: String?

        init(handler: String, csrf: String, filters: [Filter], caption: String, rows: [Row], next: String?) {
            self.handler = handler
            self.csrf = csrf
            self.filters = filters
            self.caption = caption
            self.rows = rows
            hasRows = !rows.isEmpty
            self.next = next
        }
    }

    struct MapLink {
        let href: String
        let label: String
    }

    struct Field {
        let label: String
        let value: String
    }

    struct FieldList {
        let fields: [Field]
    }

    struct ItemList {
        let items: [String]
    }

    struct PhotoView {
        let src: String
        let label: String
        let caption: String
        let width: Int
        let height: Int
    }

    /// One block of the report's outline (``ReportOutline``), the third drawing of it beside the text and the PDF.
    struct Block {
        var heading: String?
        var subheading: String?
        var paragraph: String?
        var fieldList: FieldList?
        var itemList: ItemList?
        var photo: PhotoView?
        var rule = false
        var closing: String?
        var table: TableView?
    }

    /// A table of the outline (the statement's vehicles side by side): the first header cell heads the labels.
    struct TableView {
        let label: String
        let columns: [String]
        let rows: [TableRow]
    }

    struct TableRow {
        let label: String
        let values: [String]
    }

    struct ClaimPage {
        let title: String
        let handler: String
        let csrf: String
        let crashID: String
        let notice: String?
        let driver: String
        let submitted: String
        let injured: Bool
        let injuries: String
        let map: MapLink?
        let pdf: String
        let acknowledged: Bool
        let claimNumber: String?
        let acknowledgedAt: String?
        let acknowledgedBy: String?
        let error: String?
        let action: String
        let claimNumberField: String
        let messageField: String
        let blocks: [Block]
    }

    struct Problem {
        let title: String
        let handler: String?
        let csrf: String
        let detail: String
        let back: String
        let backLabel: String
    }

    // MARK: - Building

    /// Times as the handler reads them: the crash's in the scene's offset from UTC, the server's in UTC.
    static let utc = DateText(timeZone: .gmt)

    static func row(_ claim: Claim, driver: Account?) -> Row {
        let report = claim.report
        let scene = report.effectiveScene.scene
        return Row(
            href: HandlerPaths.claim(claim.id), crashID: report.crashID.rawValue,
            when: utc.at(scene).dateTime(scene.occurredAt), place: scene.address ?? scene.coordinate?.description ?? "Not given",
            injured: injured(report), injuries: injuries(report), driver: driverText(driver),
            submitted: utc.dateTime(claim.submittedAt), claimNumber: report.acknowledgement?.claimNumber
        )
    }

    static func claimPage(
        _ claim: Claim, driver: Account?, handler: Account, csrf: String, notice: String?, error: String?,
        claimNumberField: String?, messageField: String?
    ) -> ClaimPage {
        let report = claim.report
        let acknowledgement = report.acknowledgement
        let coordinate = report.effectiveScene.scene.coordinate
        return ClaimPage(
            title: "Crash \(report.crashID)", handler: handler.name, csrf: csrf, crashID: report.crashID.rawValue, notice: notice,
            driver: driverText(driver), submitted: utc.dateTime(claim.submittedAt), injured: injured(report), injuries: injuries(report),
            map: coordinate.map { coordinate in
                let latitude = String(format: "%.6f", coordinate.latitude), longitude = String(format: "%.6f", coordinate.longitude)
                return MapLink(
                    href: "https://www.openstreetmap.org/?mlat=\(latitude)&mlon=\(longitude)#map=17/\(latitude)/\(longitude)",
                    label: "\(latitude), \(longitude)"
                )
            },
            pdf: HandlerPaths.document(claim.id),
            acknowledged: acknowledgement != nil, claimNumber: acknowledgement?.claimNumber,
            acknowledgedAt: acknowledgement.map { utc.dateTime($0.acknowledgedAt) }, acknowledgedBy: acknowledgement?.handler,
            error: error, action: HandlerPaths.acknowledge(claim.id),
            claimNumberField: claimNumberField ?? acknowledgement?.claimNumber ?? "",
            messageField: messageField ?? acknowledgement?.message ?? "",
            blocks: blocks(of: report, claim: claim.id)
        )
    }

    /// The report's outline as blocks of the page; photos shown from this server.
    static func blocks(of report: CrashReport, claim: ClaimID) -> [Block] {
        ReportOutline(report, dates: utc).blocks.compactMap { block -> Block? in
            switch block {
            case let .title(_, identifier): Block(fieldList: FieldList(fields: [Field(label: identifier.label, value: identifier.value)]))
            case let .fields(fields): Block(fieldList: FieldList(fields: fields.map { Field(label: $0.label, value: $0.value) }))
            case let .heading(text): Block(heading: text)
            case let .subheading(text): Block(subheading: text)
            case let .paragraph(text): Block(paragraph: text)
            case let .list(items): Block(itemList: ItemList(items: items))
            case let .photo(entry):
                Block(photo: PhotoView(
                    src: HandlerPaths.photo(claim, entry.photo.contentHash), label: entry.label, caption: entry.caption,
                    width: entry.photo.pixelSize.width, height: entry.photo.pixelSize.height
                ))
            case .rule: Block(rule: true)
            case let .closing(text): Block(closing: text)
            case let .table(table):
                Block(table: TableView(
                    label: table.header.first ?? "", columns: Array(table.header.dropFirst()),
                    rows: table.rows.map { TableRow(label: $0.first ?? "", values: $0.dropFirst().map { $0.isEmpty ? "—" : $0 }) }
                ))
            case .impactDrawing, .pageBreak: nil
            }
        }
    }

    static func injured(_ report: CrashReport) -> Bool {
        report.injuries.selected.contains { $0 != .noOne && $0 != .unsure }
    }

    static func injuries(_ report: CrashReport) -> String {
        let selected = report.injuries.selected
        return selected.isEmpty ? "Not said" : selected.map(\.displayName).joined(separator: ", ")
    }

    static func driverText(_ account: Account?) -> String {
        guard let account else { return "(account removed)" }
        return account.phone.map { "\(account.name), \($0.e164)" } ?? account.name
    }
}

/// The handlers' pages' paths, in one place.
enum HandlerPaths {
    static let root = "/handler"
    static let signIn = "/handler/sign-in"
    static let signOut = "/handler/sign-out"
    static let claims = "/handler/claims"
    static let styleSheet = "/handler/style.css"
    static let claimParameter = "claimID"
    static let photoParameter = "sha256"
    static let claimPattern = "/handler/claims/:claimID"
    static let acknowledgePattern = "/handler/claims/:claimID/acknowledge"
    static let documentPattern = "/handler/claims/:claimID/report.pdf"
    static let photoPattern = "/handler/claims/:claimID/photos/:sha256"

    static func claim(_ id: ClaimID) -> String { "\(claims)/\(id)" }
    static func acknowledge(_ id: ClaimID) -> String { "\(claims)/\(id)/acknowledge" }
    static func document(_ id: ClaimID) -> String { "\(claims)/\(id)/report.pdf" }
    static func photo(_ id: ClaimID, _ hash: ContentHash) -> String { "\(claims)/\(id)/photos/\(hash.hex)" }

    /// Whether `path` is one of the pages (which sign in with a cookie, not a bearer token).
    static func isPage(_ path: String) -> Bool { path == root || path.hasPrefix(root + "/") }
}
