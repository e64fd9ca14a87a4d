import Domain
import Foundation
import ReportDocuments
import ServerCore
import ServerHTTP
import Wording

/// What the other driver's templates show. Mustache sees stored properties only.
package enum StatementViews {
    package static let utc = DateText(timeZone: TimeZone(identifier: "UTC") ?? .current)

    package struct Closed {
        /// The page's language and the switch; `page.t` translates the template's sentences.
        package let page: PageLanguage
        /// The paths the template links to.
        package let paths = PageLinks()
        package let title: String
        package let heading: String
        package let detail: String
        package let crash: String?
    }

    package struct Form {
        /// The page's language and the switch; `page.t` translates the template's sentences.
        package let page: PageLanguage
        /// The paths the template links to.
        package let paths = PageLinks()
        package let title: String
        package let crash: String
        package let action: String
        package let csrf: String
        package let notice: String?
        package let errorCount: String?
        package let sections: [Section]
        package let impact: Choice
        package let boxes: [Box]
        package let remarks: Field
    }

    /// The whole front side to review, and the forms to ask for a code, sign and decline.
    package struct Review {
        /// The page's language and the switch; `page.t` translates the template's sentences.
        package let page: PageLanguage
        package let paths = PageLinks()
        package let title: String
        package let crash: String
        package let notice: String?
        package let error: String?
        /// Who asks the other driver to sign: the driver as column A names them, their plate, their insurer.
        package let asksHeading: String
        package let asks: [HandlerViews.Field]
        /// Whether `asks` names anyone (the template reads stored values only).
        package let asksSomeone: Bool
        /// What asking for a code came to, said where the code is typed.
        package let codeNotice: String?
        package let codeRefusal: String?
        package let blocks: [HandlerViews.Block]
        package let version: String
        package let versionShort: String
        package let csrf: String
        package let codeAction: String
        package let signAction: String
        package let declineAction: String
        /// The number a code goes to, partly hidden; `nil` when vehicle B has none.
        package let phone: String?
        package let noPhone: String
        package let name: String
        package let nameError: String?
        package let codeError: String?
        package let reason: String
        package let reasonError: String?
    }

    /// What the link shows once the other driver signed or declined: what was recorded, and the copy.
    package struct Decided {
        /// The page's language and the switch; `page.t` translates the template's sentences.
        package let page: PageLanguage
        package let paths = PageLinks()
        package let title: String
        package let heading: String
        package let crash: String
        package let detail: String
        package let warning: String?
        package let copy: String
        package let copyNote: String
        /// Every signature and decline of the statement as the server took it.
        package let record: SigningRecordView?
    }

    /// What a review page says beyond the statement: a notice, an error, and what was typed.
    package struct ReviewState {
        package var notice: String?
        package var error: String?
        /// What asking for a code came to: shown at the top of the signing section, which the page opens at.
        package var codeNotice: String?
        package var codeRefusal: String?
        package var name: String?
        package var nameError: String?
        package var codeError: String?
        package var reason = ""
        package var reasonError: String?

        package init(notice: String? = nil, error: String? = nil) {
            self.notice = notice
            self.error = error
        }
    }

    /// The review of one statement's front side (`pair`, the one the link reaches): nothing of the report's others.
    package static func review(
        report: CrashReport, pair: StatementPair, token: String, csrf: String, state: ReviewState, page: PageLanguage
    ) -> Review {
        let words = page.words
        let statement = report.statement(pair) ?? .empty
        let version = StatementFront(report, pair).version.hex  // the pair's own, never B's
        let column = statement.vehicleB
        let driver = statement.vehicleA
        let vocabulary = StatementWords(words)
        let asks = [
            (VehicleField.policyholderName, driver[.policyholderName] ?? driver[.driverName]), (.plate, driver[.plate]), (.insurer, driver[.insurer]),
        ].compactMap { field, value in value.map { HandlerViews.Field(label: vocabulary.field(field), value: $0) } }
        return Review(
            page: page, title: words("Review and sign the accident statement"), crash: crashLine(report, words), notice: state.notice, error: state.error,
            asksHeading: words("Who asks you to sign"), asks: asks, asksSomeone: !asks.isEmpty, codeNotice: state.codeNotice, codeRefusal: state.codeRefusal,
            blocks: HandlerViews.blocks(ReportOutline(statementOf: report, pair: pair, dates: utc, words: words)) { _ in nil },
            version: version, versionShort: String(version.prefix(12)), csrf: csrf,
            codeAction: StatementPaths.code(token), signAction: StatementPaths.sign(token), declineAction: StatementPaths.decline(token),
            phone: StatementSharing.phone(of: report, pair)?.masked,
            noPhone: words("Your part has no mobile number, so no code can be texted to you. Ask the other driver to add your mobile number to vehicle B in their app; this page shows it once their app has sent it. You can still decline below."),
            name: state.name ?? column[.driverName] ?? column[.policyholderName] ?? "", nameError: state.nameError,
            codeError: state.codeError, reason: state.reason, reasonError: state.reasonError
        )
    }

    /// What was decided on one statement (`pair`), with its own signing record (`record` holds only its acts).
    package static func decided(
        report: CrashReport, pair: StatementPair, record: [SigningEntry], token: String, keptUntil: Date, page: PageLanguage
    ) -> Decided {
        let words = page.words
        let dates = words.dates(utc.at(report.scene))
        let until = ["time": dates.dateTime(keptUntil)]
        let statement = report.statement(pair) ?? .empty
        let copyNote = report.isStatementSigned(pair)
            ? words("Both drivers signed the same version: the copy is sealed by the insurer's server, so any change to it shows. It stays here until {time}; after that this link no longer works.", until)
            : statement.decline != nil
                ? words("The copy shows the statement as it stands now, with your reason. It stays here until {time}; after that this link no longer works.", until)
                : words("The copy shows the statement as it stands now; once the other driver signs your version too, it is sealed by the insurer's server. It stays here until {time}; after that this link no longer works.", until)
        let heading: String, detail: String
        var warning: String?
        if let decline = statement.decline {
            heading = words("You declined the accident statement")
            detail = words(
                "Recorded: the other driver did not agree — “{reason}” ({time}). The other driver is told at their app's next sync, and the insurers read it in the statement.",
                ["reason": decline.reason, "time": dates.dateTime(decline.declinedAt)]
            )
        } else {
            heading = words("You signed the accident statement")
            switch report.signatureState(of: .b, in: pair) {
            case let .holds(signature):
                let values = ["name": signature.name, "time": dates.dateTime(signature.signedAt)]
                detail = if let phone = StatementSharing.phone(of: report, pair)?.masked {
                    words(
                        "Your signature as {name}, {time}, verified with the code texted to {phone}, is recorded with the version you reviewed. The other driver is told at their app's next sync.",
                        values.merging(["phone": phone]) { $1 }
                    )
                } else {
                    words("Your signature as {name}, {time}, is recorded with the version you reviewed. The other driver is told at their app's next sync.", values)
                }
            case let .void(signature):
                detail = words("You signed as {name}, {time}.", ["name": signature.name, "time": dates.dateTime(signature.signedAt)])
                warning = words("The statement changed after you signed it, so your signature no longer counts. If you do not agree with the change, tell the other driver or the insurer.")
            case .unsigned:
                detail = words("Your signature is no longer on the statement.")
            }
        }
        return Decided(
            page: page, title: heading, heading: heading, crash: crashLine(report, words), detail: detail, warning: warning,
            copy: StatementPaths.copy(token), copyNote: copyNote,
            record: SigningRecordView(
                record, of: pair, current: StatementFront(report, pair).version, words: words, dates: dates, showsAccount: false
            )
        )
    }

    package struct Section {
        package let legend: String
        package let fields: [Field]
    }

    package struct Field {
        package let name: String
        package let label: String
        package let value: String
        package let type: String
        package let autocomplete: String?
        package let inputmode: String?
        package let hint: String?
        package let error: String?
        package let isTextArea: Bool
        package let isYesNo: Bool
        package let yes: Bool
        package let no: Bool
    }

    package struct Choice {
        package let legend: String
        package let name: String
        package let error: String?
        package let options: [Option]
    }

    package struct Option {
        package let value: String
        package let label: String
        package let id: String
        package let checked: Bool
    }

    package struct Box {
        package let name: String
        package let number: Int
        package let wording: String
        package let checked: Bool
    }

    /// "Crash on 20 Nov 2026, 08:15 (UTC+01:00), at Budapest, Lánchíd": all the page says of the driver's report.
    package static func crashLine(_ report: CrashReport, _ words: Words) -> String {
        let effective = report.effectiveScene
        let time = words.dates(utc.at(effective.scene)).dateTime(effective.scene.occurredAt)
        guard let place = FactText(words).location(effective.scene) else { return words("Crash on {time}, at a place not given.", ["time": time]) }
        return words("Crash on {time}, at {place}.", ["time": time, "place": place])
    }

    /// The form for column B of one statement (`pair`, the one the link reaches).
    package static func form(
        report: CrashReport, pair: StatementPair, action: String, csrf: String, typed: StatementForm?, errors: [String: String], notice: String?,
        page: PageLanguage
    ) -> Form {
        let words = page.words
        let vocabulary = StatementWords(words)
        // What the form shows: what was typed when it is shown again, else what column B holds when it was typed on
        // the driver's device. A column an earlier other driver sent is theirs: a new link's form does not show it.
        let held = report.statement(pair)?.vehicleB ?? StatementVehicle()
        let column = held.enteredByOtherDriverAt == nil ? held : StatementVehicle()
        func value(_ name: String, stored: String?) -> String {
            if let typed { return typed[name] ?? "" }
            return stored ?? ""
        }
        let sectionTitles: [(VehiclePart, String)] = [
            (.policyholder, words("Policyholder (the insured)")), (.vehicle, words("Vehicle")), (.insurance, words("Insurance")),
            (.driver, words("Driver")),
        ]
        let sections = sectionTitles.map { part, legend in
            Section(legend: legend, fields: part.fields.map { field in
                let current = value(field.rawValue, stored: column[field])
                return Field(
                    name: field.rawValue, label: vocabulary.field(field), value: current, type: inputType(field.kind),
                    autocomplete: autocomplete(field), inputmode: nil, hint: hint(field.kind, words), error: errors[field.rawValue],
                    isTextArea: false, isYesNo: field.kind == .yesNo, yes: current == "yes", no: current == "no"
                )
            })
        }
        let damage = Field(
            name: VehicleField.visibleDamage.rawValue, label: vocabulary.field(.visibleDamage),
            value: value(VehicleField.visibleDamage.rawValue, stored: column[.visibleDamage]), type: "text", autocomplete: nil, inputmode: nil,
            hint: nil, error: errors[VehicleField.visibleDamage.rawValue], isTextArea: true, isYesNo: false, yes: false, no: false
        )
        let zone = value(VehicleField.impactPoint.rawValue, stored: column[.impactPoint])
        let impact = Choice(
            legend: words("Point of initial impact on your vehicle"), name: VehicleField.impactPoint.rawValue,
            error: errors[VehicleField.impactPoint.rawValue],
            options: ImpactZone.allCases.map { Option(value: $0.rawValue, label: vocabulary.zone($0), id: "impact-\($0.rawValue)", checked: zone == $0.rawValue) }
        )
        let boxes = Circumstance.allCases.map { box in
            Box(
                name: "c\(box.number)", number: box.number, wording: vocabulary.circumstance(box),
                checked: typed.map { $0.boxes.contains(box.number) } ?? column.circumstances.contains(box)
            )
        }
        let remarks = Field(
            name: "remarks", label: words("Your remarks"), value: value("remarks", stored: column.remarks), type: "text", autocomplete: nil,
            inputmode: nil, hint: words("What you want the insurers to know."), error: errors["remarks"], isTextArea: true, isYesNo: false,
            yes: false, no: false
        )
        var allSections = sections
        allSections.append(Section(legend: words("Damage"), fields: [damage]))
        return Form(
            page: page, title: words("Your part of the accident statement"), crash: crashLine(report, words), action: action, csrf: csrf,
            notice: notice,
            errorCount: errors.isEmpty ? nil : words.plural(
                "{count} answer needs changing; it is marked below.", "{count} answers need changing; they are marked below.", count: errors.count
            ),
            sections: allSections, impact: impact, boxes: boxes, remarks: remarks
        )
    }

    package static func inputType(_ kind: StatementFieldKind) -> String {
        switch kind {
        case .phone: "tel"
        case .email: "email"
        case .day: "date"
        default: "text"
        }
    }

    package static func hint(_ kind: StatementFieldKind, _ words: Words) -> String? {
        switch kind {
        case .phone: words("With + and the country code, e.g. +49 151 2345 6789, or as written at home once the country of registration is filled in below.")
        case .plate: words("As on the plate.")
        case .country: words("The code or the sign on the plate, e.g. DE or D, FR or F, HU or H.")
        default: nil
        }
    }

    package static func autocomplete(_ field: VehicleField) -> String? {
        switch field {
        case .policyholderName, .driverName: "name"
        // One line of text: `street-address` belongs on a text area only.
        case .policyholderAddress, .driverAddress: "address-line1"
        case .policyholderPhone: "tel"
        case .policyholderEmail: "email"
        case .driverDateOfBirth: "bday"
        default: "off"
        }
    }
}
