import Domain
import Wording
import Foundation

/// What a crash report says, in order: the one place its wording is written. The text shown by
/// "View crash report" (``TextReportRenderer``) and the PDF (``PDFReportRenderer``) both draw this outline.
///
/// The order is the one an insurer reads: title and crash ID, status, when and where (saying where they came from
/// when a photo supplied them), who was injured, the other driver's photos and note, the driver's own photos,
/// and the line saying when the report was generated. To add a part, add blocks here; both renderers draw it.
public struct ReportOutline: Sendable, Equatable {
    /// The blocks in reading order.
    public let blocks: [ReportBlock]
    /// The document's name (PDF metadata): "Crash report CR-…".
    public let documentTitle: String
    /// The line at the foot of every PDF page, beside "Page n of m": the closing line, which the text ends with.
    public let footer: String
    /// When the report counts as generated: when it was completed, or for a draft when it last changed.
    public let generatedAt: Date

    /// - Parameters:
    ///   - report: the report to describe.
    ///   - dates: how dates and times are written when the scene's offset from UTC is not known (else in it).
    ///   - seal: what the document says of its seal under the statement's signatures (a PDF says; a screen does not).
    public init(_ report: CrashReport, dates: DateText, seal: DocumentSealNote = .unstated) {
        // Every time in the report as it was at the crash scene, wherever it is read.
        let dates = dates.at(report.scene)
        let generatedAt = report.completedAt ?? report.updatedAt
        let closing = report.isCompleted
            ? "Crash report \(report.crashID), generated \(dates.dateTime(generatedAt)) by Crash Assistant."
            : "Preview of draft \(report.crashID); create the crash report to complete it."
        blocks = Writer(report: report, dates: dates, seal: seal).blocks() + [.closing(closing)]
        documentTitle = "Crash report \(report.crashID)"
        footer = closing
        self.generatedAt = generatedAt
    }

    /// The accident statement alone — its front side, the signatures and whether the file is sealed — for the other
    /// driver's review and their copy: nothing else of the driver's report (no photos, no note, no detection).
    public init(statementOf report: CrashReport, dates: DateText, seal: DocumentSealNote = .unstated) {
        let dates = dates.at(report.scene)
        let writer = Writer(report: report, dates: dates, seal: seal)
        let asOf = report.statement.signatures.map(\.signedAt).max() ?? report.updatedAt
        let closing = "Accident statement of crash \(report.crashID), as it stood on \(dates.dateTime(asOf)); copied by Crash Assistant."
        // The statement's own pages without the page breaks around them (the heading is the title here).
        var statement = Array(writer.statement().drop { if case .pageBreak = $0 { true } else if case .heading = $0 { true } else { false } })
        while let last = statement.last, case .pageBreak = last { statement.removeLast() }
        blocks = [.title("European Accident Statement", identifier: ReportField(label: "Crash ID", value: report.crashID.rawValue))]
            + statement + [.closing(closing)]
        documentTitle = "Accident statement \(report.crashID)"
        footer = closing
        generatedAt = asOf
    }

    // MARK: - Writing

    private struct Writer {
        let report: CrashReport
        let dates: DateText
        let seal: DocumentSealNote

        func blocks() -> [ReportBlock] {
            let remarks = report.photoRemarks
            var blocks: [ReportBlock] = [.title("Crash report", identifier: ReportField(label: "Crash ID", value: crashID))]
            if let note = crashIDNote { blocks.append(.paragraph(note)) }
            blocks += [.fields([status] + claim), .rule]
            blocks += whenAndWhere()
            blocks += detection()
            blocks += injuries()
            blocks += statement()

            blocks.append(.heading(InfoCategory.otherDriver.displayName))
            for section in InfoCategory.otherDriver.photoSections {
                blocks += photos(in: section, remarks: remarks)
            }
            blocks.append(.subheading("Additional note"))
            blocks.append(.paragraph(report.hasNote ? report.otherDriverNote : "None"))

            blocks.append(.heading(InfoCategory.yourInfo.displayName))
            for section in InfoCategory.yourInfo.photoSections {
                blocks += photos(in: section, remarks: remarks)
            }

            blocks.append(.rule)
            return blocks
        }

        // MARK: - Parts

        /// The crash ID, and the one it was known by before.
        private var crashID: String {
            if let provisional = report.provisionalCrashID { return "\(report.crashID) (first given as \(provisional))" }
            return report.crashID.isLocal ? "\(report.crashID) (provisional)" : report.crashID.rawValue
        }

        /// What a reader holding another crash ID for this crash should know.
        private var crashIDNote: String? {
            if let provisional = report.provisionalCrashID {
                return "The driver's device gave this report the provisional crash ID \(provisional) before the crash-report "
                    + "server issued \(report.crashID); both name this report."
            }
            guard report.crashID.isLocal else { return nil }
            return "The crash ID is provisional: the driver's device gave it without reaching the crash-report server. When "
                + "the report reaches the server, the server issues the crash ID, and this one stays recorded with the report."
        }

        /// The insurer's claim number and message, once a claims handler acknowledged the report.
        private var claim: [ReportField] {
            guard let acknowledgement = report.acknowledgement else { return [] }
            var fields = [ReportField(
                label: "Insurer's claim", value: "\(acknowledgement.claimNumber), received \(dates.dateTime(acknowledgement.acknowledgedAt))"
            )]
            if !acknowledgement.message.isEmpty { fields.append(ReportField(label: "Insurer's message", value: acknowledgement.message)) }
            return fields
        }

        private var status: ReportField {
            if report.isCompleted, let completedAt = report.completedAt {
                return ReportField(label: "Status", value: "Completed, created \(dates.dateTime(completedAt))")
            }
            return ReportField(label: "Status", value: "Draft (not yet created), last changed \(dates.dateTime(report.updatedAt))")
        }

        private func whenAndWhere() -> [ReportBlock] {
            let effective = report.effectiveScene
            return [
                .heading("When and where"),
                .fields([
                    ReportField(label: "When", value: FactText.when(effective, dates: dates)),
                    ReportField(label: "Where", value: FactText.place(effective) ?? "not given"),
                ]),
            ]
        }

        /// What the crash detection measured, when the server made the report for a detected crash.
        private func detection() -> [ReportBlock] {
            guard let detection = report.detection else { return [] }
            var position = detection.position.description
            if let accuracy = detection.accuracyMeters { position += ", within \(Self.number(accuracy)) m" }
            position += detection.positionTrusted ? "" : " (the detector does not trust this position)"
            var fields = [
                ReportField(label: "Detected", value: dates.dateTime(detection.detectedAt)),
                ReportField(label: "Position", value: position),
            ]
            if let speed = detection.speedKmh { fields.append(ReportField(label: "Speed", value: "\(Self.number(speed)) km/h")) }
            if let deltaV = detection.deltaVKmh { fields.append(ReportField(label: "Change of speed (delta-V)", value: "\(Self.number(deltaV)) km/h")) }
            if let heading = detection.headingDegrees { fields.append(ReportField(label: "Heading", value: "\(Self.number(heading))° from north")) }
            fields.append(ReportField(label: "Airbags", value: detection.airbagsDeployed ? "deployed" : "not deployed"))
            fields.append(ReportField(label: "Rollover", value: detection.rollover ? "yes" : "no"))
            var blocks: [ReportBlock] = [.heading("Detected by the vehicle"), .fields(fields)]
            if detection.isTest { blocks.append(.paragraph("The detector marked this as a test call.")) }
            return blocks
        }

        private func injuries() -> [ReportBlock] {
            let injuries: ReportBlock = report.injuries.isEmpty
                ? .paragraph("Not answered")
                : .list(report.injuries.selected.map(\.displayName))
            return [.heading(InfoCategory.injuries.displayName), injuries]
        }

        /// The European Accident Statement on a page of its own, in the form's numbered sections, A and B side by side.
        func statement() -> [ReportBlock] {
            let statement = report.statement
            guard !statement.isEmpty else { return [] }
            let effective = report.effectiveScene
            var blocks: [ReportBlock] = [.pageBreak, .heading("European Accident Statement")]
            var general = [
                ReportField(label: "1. Date and time", value: FactText.when(effective, dates: dates)),
                ReportField(label: "2. Location", value: FactText.place(effective) ?? "not given"),
                ReportField(label: "3. Injured", value: report.injuries.isEmpty ? "not answered" : report.injuries.selected.map(\.displayName).joined(separator: ", ")),
                ReportField(label: "4. Damage to other property", value: statement.otherPropertyDamage.isEmpty ? "none given" : statement.otherPropertyDamage),
            ]
            let witnesses = statement.witnesses.map(\.description)
            general.append(ReportField(label: "5. Witnesses", value: witnesses.isEmpty ? "none given" : witnesses.joined(separator: "; ")))
            general.append(ReportField(label: "Police", value: statement.police?.description ?? "not answered"))
            blocks.append(.fields(general))
            for flag in report.statementFlags { blocks.append(.paragraph("Note: \(FactText.line(for: flag)).")) }
            for side in VehicleSide.allCases {
                if let credit = FactText.creditLine(statement[side], side: side, dates: dates) { blocks.append(.paragraph(credit + ".")) }
            }
            let header = ["", "Vehicle A", "Vehicle B"]
            let sections: [(String, [VehicleField])] = [
                ("6. Policyholder", VehiclePart.policyholder.fields),
                ("7. Vehicle", VehiclePart.vehicle.fields),
                ("8. Insurance", VehiclePart.insurance.fields),
                ("9. Driver", VehiclePart.driver.fields),
                ("10. Point of initial impact and 11. visible damage", VehiclePart.impact.fields),
            ]
            for (title, fields) in sections {
                blocks.append(.subheading(title))
                blocks.append(.table(ReportTable(header: header, rows: fields.map { field in
                    [field.label, value(of: field, statement.vehicleA), value(of: field, statement.vehicleB)]
                })))
            }
            blocks.append(.impactDrawing(a: statement.vehicleA.impactPoint, b: statement.vehicleB.impactPoint))
            blocks.append(.subheading("12. Circumstances"))
            var rows = Circumstance.allCases.map { box in
                ["\(box.number). \(box.wording)",
                 statement.vehicleA.circumstances.contains(box) ? "☒" : "☐",
                 statement.vehicleB.circumstances.contains(box) ? "☒" : "☐"]
            }
            rows.append(["Boxes ticked", String(statement.vehicleA.circumstances.count), String(statement.vehicleB.circumstances.count)])
            blocks.append(.table(ReportTable(header: header, rows: rows)))
            blocks.append(.subheading("14. Remarks"))
            blocks.append(.table(ReportTable(header: header, rows: [["Remarks", statement.vehicleA.remarks, statement.vehicleB.remarks]])))
            // The signatures on a page of their own: who signed which version, how each was known, and the seal.
            blocks.append(.pageBreak)
            blocks.append(.subheading("15. Signatures"))
            var signatures = VehicleSide.allCases.map { side in
                ReportField(label: "Vehicle \(side.letter)", value: FactText.signature(report.signatureState(of: side), dates: dates))
            }
            if let decline = statement.decline { signatures.append(ReportField(label: "Declined", value: FactText.declineLine(decline, dates: dates))) }
            signatures.append(ReportField(label: "Version", value: report.statementVersion.hex))
            blocks.append(.fields(signatures))
            blocks.append(.paragraph(
                report.isStatementSigned
                    ? "Both drivers signed this version of the front side; it can no longer change."
                    : "Not signed by both drivers: this statement is not agreed."
            ))
            if let sealed = sealParagraph { blocks.append(.paragraph(sealed)) }
            blocks.append(.pageBreak)
            return blocks
        }

        /// What the document says of its seal, when it says anything.
        private var sealParagraph: String? {
            switch seal {
            case .unstated:
                return nil
            case .madeOnDevice:
                return "This PDF was made on the driver's device and is not sealed. The insurer's server seals the PDF of a statement both drivers signed."
            case .serverHasNoKey:
                return "This PDF is not sealed: the server that made it has no signing key."
            case let .sealed(signer, fingerprint):
                guard report.isStatementSigned else {
                    return "Not sealed: the server seals the PDF once both drivers signed the same version."
                }
                return "Sealed by \(signer) (certificate SHA-256 \(fingerprint)). A PDF reader's signature panel shows whether anything in this file changed after it was sealed."
            }
        }

        /// A field's value as a reader reads it: a day written out, a zone in words, a dash when not given.
        private func value(of field: VehicleField, _ column: StatementVehicle) -> String {
            guard let value = column[field] else { return "" }
            switch field.kind {
            case .day:
                guard let day = try? CalendarDay(parsing: value) else { return value }
                return "\(day.day) \(Self.months[day.month - 1]) \(day.year)"
            case .zone: return ImpactZone(rawValue: value)?.displayName ?? value
            case .country: return (try? RegistrationCountry(parsing: value))?.displayText ?? value
            default: return value
            }
        }

        private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]


        private func photos(in section: PhotoSection, remarks: [PhotoID: [PhotoRemark]]) -> [ReportBlock] {
            let photos = report.photos(in: section)
            let count = photos.isEmpty ? "no photos" : photos.count == 1 ? "1 photo" : "\(photos.count) photos"
            return [.subheading("\(section.displayName): \(count)")] + photos.enumerated().map { index, photo in
                .photo(ReportPhotoEntry(
                    photo: photo,
                    number: index + 1,
                    label: "\(section.displayName), photo \(index + 1) of \(photos.count)",
                    description: description(of: photo, remarks: remarks[photo.id] ?? [])
                ))
            }
        }

        /// When and where the photo was taken, in words, and what a reader should notice about it.
        private func description(of photo: Photo, remarks: [PhotoRemark]) -> String {
            var text: String
            switch (photo.takenAt, photo.takenWhere) {
            case let (takenAt?, takenWhere?): text = "Taken \(dates.dateTime(takenAt)) at \(takenWhere)"
            case let (takenAt?, nil): text = "Taken \(dates.dateTime(takenAt)); the photo does not say where"
            case let (nil, takenWhere?): text = "Taken at \(takenWhere); the photo does not say when"
            case (nil, nil): text = "The photo does not say when or where it was taken"
            }
            text += "; added to the report \(dates.dateTime(photo.addedAt))."
            let notes = remarks.map(Self.remark)
            if !notes.isEmpty { text += " Note: " + notes.joined(separator: "; ") + "." }
            return text
        }

        private static func remark(_ remark: PhotoRemark) -> String {
            switch remark {
            case let .takenBefore(seconds): "taken \(DurationText.describe(seconds: seconds)) before the crash"
            case let .takenAfter(seconds): "taken \(DurationText.describe(seconds: seconds)) after the crash"
            case let .takenAway(meters): "taken \(distance(meters)) from the crash scene"
            case let .alsoIn(section): "the same photo is also under “\(section.displayName)”"
            }
        }

        /// `850 m`, `12 km`, `1,240 km`.
        private static func distance(_ meters: Double) -> String {
            meters < 1_000 ? "\(Int(meters.rounded())) m" : "\(Int((meters / 1_000).rounded()).formatted()) km"
        }

        /// A measurement without needless decimals: `48`, `22.5`.
        private static func number(_ value: Double) -> String {
            let tenths = (value * 10).rounded() / 10
            return tenths == tenths.rounded() ? String(Int(tenths)) : String(tenths)
        }
    }
}
