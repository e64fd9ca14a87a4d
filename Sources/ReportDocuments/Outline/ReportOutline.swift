import Domain
import Foundation
import Wording

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
    /// The language it is written in (a document's own words, such as "Page 1 of 3", are in it too).
    public let words: Words

    /// The blocks as a renderer that reads top to bottom draws them: the accident statement's form as its
    /// ``StatementForm/linear`` blocks.
    public var linearBlocks: [ReportBlock] {
        blocks.flatMap { block -> [ReportBlock] in
            if case let .statementForm(form) = block { return form.linear }
            return [block]
        }
    }

    /// - Parameters:
    ///   - report: the report to describe.
    ///   - dates: how dates and times are written when the scene's offset from UTC is not known (else in it).
    ///   - seal: what the document says of its seal under the statement's signatures (a PDF says; a screen does not).
    ///   - words: the language it is written in.
    public init(_ report: CrashReport, dates: DateText, seal: DocumentSealNote = .unstated, words: Words = .english) {
        // Every time in the report as it was at the crash scene, wherever it is read.
        let dates = words.dates(dates.at(report.scene))
        let generatedAt = report.completedAt ?? report.updatedAt
        let id = report.crashID.rawValue
        let closing = report.isCompleted
            ? words("Crash report {crashID}, generated {time} by Crash Assistant.", ["crashID": id, "time": dates.dateTime(generatedAt)])
            : words("Preview of draft {crashID}; create the crash report to complete it.", ["crashID": id])
        blocks = Writer(report: report, dates: dates, seal: seal, words: words).blocks() + [.closing(closing)]
        documentTitle = words("Crash report {crashID}", ["crashID": id])
        self.words = words
        footer = closing
        self.generatedAt = generatedAt
    }

    /// One accident statement alone (`pair`'s) — its front side, the signatures and whether the file is sealed — for
    /// the other driver's review and their copy: nothing else of the driver's report (no photos, no note, no
    /// detection, no other statement or party).
    public init(
        statementOf report: CrashReport, pair: StatementPair = .b, dates: DateText, seal: DocumentSealNote = .unstated, words: Words = .english
    ) {
        let dates = words.dates(dates.at(report.scene))
        let writer = Writer(report: report, dates: dates, seal: seal, words: words)
        let asOf = report.statement(pair)?.signatures.map(\.signedAt).max() ?? report.updatedAt
        let closing = words(
            "Accident statement of crash {crashID}, as it stood on {time}; copied by Crash Assistant.",
            ["crashID": report.crashID.rawValue, "time": dates.dateTime(asOf)]
        )
        // The form (the heading is the title here).
        let statement = Array(writer.statement(pair).drop { if case .heading = $0 { true } else { false } })
        blocks = [.title(words("European Accident Statement"), identifier: ReportField(label: words("Crash ID"), value: report.crashID.rawValue))]
            + statement + [.closing(closing)]
        documentTitle = words("Accident statement {crashID}", ["crashID": report.crashID.rawValue])
        self.words = words
        footer = closing
        generatedAt = asOf
    }

    // MARK: - Writing

    private struct Writer {
        let report: CrashReport
        let dates: DateText
        let seal: DocumentSealNote
        let words: Words
        private var facts: FactText { FactText(words) }
        private var vocabulary: StatementWords { StatementWords(words) }

        func blocks() -> [ReportBlock] {
            let remarks = report.photoRemarks
            var blocks: [ReportBlock] = [.title(words("Crash report"), identifier: ReportField(label: words("Crash ID"), value: crashID))]
            if let note = crashIDNote { blocks.append(.paragraph(note)) }
            blocks += [.fields([status] + claim), .rule]
            blocks += whenAndWhere()
            blocks += detection()
            blocks += injuries()
            blocks += parties()
            blocks += statement(.b)
            // Each other motor vehicle's statement with A, each its own form, named by the party's number above.
            for party in report.parties.motorVehicles {
                blocks += statement(.vehicle(party.id), party: report.parties.number(of: party.id))
            }

            blocks.append(.heading(vocabulary.category(.otherDriver)))
            for section in InfoCategory.otherDriver.photoSections {
                blocks += photos(in: section, remarks: remarks)
            }
            blocks.append(.subheading(words("Additional note")))
            blocks.append(.paragraph(report.hasNote ? report.otherDriverNote : words("None", context: "no note")))

            blocks.append(.heading(vocabulary.category(.yourInfo)))
            for section in InfoCategory.yourInfo.photoSections {
                blocks += photos(in: section, remarks: remarks)
            }

            blocks.append(.rule)
            return blocks
        }

        // MARK: - Parts

        /// The crash ID, and the one it was known by before.
        private var crashID: String {
            let id = report.crashID.rawValue
            if let provisional = report.provisionalCrashID {
                return words("{crashID} (first given as {provisional})", ["crashID": id, "provisional": provisional.rawValue])
            }
            return report.crashID.isLocal ? words("{crashID} (provisional)", ["crashID": id]) : id
        }

        /// What a reader holding another crash ID for this crash should know.
        private var crashIDNote: String? {
            if let provisional = report.provisionalCrashID {
                return words(
                    "The driver's device gave this report the provisional crash ID {provisional} before the crash-report server issued {crashID}; both name this report.",
                    ["provisional": provisional.rawValue, "crashID": report.crashID.rawValue]
                )
            }
            guard report.crashID.isLocal else { return nil }
            return words("The crash ID is provisional: the driver's device gave it without reaching the crash-report server. When the report reaches the server, the server issues the crash ID, and this one stays recorded with the report.")
        }

        /// The insurer's claim number and message, once a claims handler acknowledged the report.
        private var claim: [ReportField] {
            guard let acknowledgement = report.acknowledgement else { return [] }
            var fields = [ReportField(
                label: words("Insurer's claim"),
                value: words("{claim}, received {time}", ["claim": acknowledgement.claimNumber, "time": dates.dateTime(acknowledgement.acknowledgedAt)])
            )]
            if !acknowledgement.message.isEmpty { fields.append(ReportField(label: words("Insurer's message"), value: acknowledgement.message)) }
            return fields
        }

        private var status: ReportField {
            if report.isCompleted, let completedAt = report.completedAt {
                return ReportField(label: words("Status"), value: words("Completed, created {time}", ["time": dates.dateTime(completedAt)]))
            }
            return ReportField(label: words("Status"), value: words("Draft (not yet created), last changed {time}", ["time": dates.dateTime(report.updatedAt)]))
        }

        private func whenAndWhere() -> [ReportBlock] {
            let effective = report.effectiveScene
            return [
                .heading(words("When and where")),
                .fields([
                    ReportField(label: words("When"), value: facts.when(effective, dates: dates)),
                    ReportField(label: words("Where"), value: facts.place(effective) ?? words("not given")),
                ]),
            ]
        }

        /// What the crash detection measured, when the server made the report for a detected crash.
        private func detection() -> [ReportBlock] {
            guard let detection = report.detection else { return [] }
            let coordinates = vocabulary.coordinate(detection.position)
            var position = detection.accuracyMeters.map {
                words("{position}, within {meters} m", ["position": coordinates, "meters": words.decimal($0)])
            } ?? coordinates
            if !detection.positionTrusted {
                position = words("{position} (the detector does not trust this position)", ["position": position])
            }
            var fields = [
                ReportField(label: words("Detected"), value: dates.dateTime(detection.detectedAt)),
                ReportField(label: words("Position"), value: position),
            ]
            // A measurement the detector could not know is said as such, never left out or guessed.
            let notKnown = words("not known", context: "a measurement the detector could not know")
            fields.append(ReportField(label: words("Speed"), value: detection.speedKmh.map { words("{speed} km/h", ["speed": words.decimal($0)]) } ?? notKnown))
            fields.append(ReportField(
                label: words("Change of speed (delta-V)"), value: detection.deltaVKmh.map { words("{speed} km/h", ["speed": words.decimal($0)]) } ?? notKnown
            ))
            fields.append(ReportField(
                label: words("Heading"), value: detection.headingDegrees.map { words("{degrees}° from north", ["degrees": words.decimal($0)]) } ?? notKnown
            ))
            fields.append(ReportField(label: words("Airbags"), value: detection.airbagsDeployed.map { $0 ? words("deployed") : words("not deployed") } ?? notKnown))
            fields.append(ReportField(label: words("Rollover"), value: detection.rollover.map(vocabulary.yesNo) ?? notKnown))
            var blocks: [ReportBlock] = [.heading(words("Detected by the vehicle")), .fields(fields)]
            if detection.isTest { blocks.append(.paragraph(words("The detector marked this as a test call."))) }
            return blocks
        }

        private func injuries() -> [ReportBlock] {
            let hurt = vocabulary.injuries(of: report)
            let injuries: ReportBlock = hurt.isEmpty ? .paragraph(words("Not answered")) : .list(hurt)
            return [.heading(vocabulary.category(.injuries)), injuries]
        }

        /// The crash's other parties, each numbered with what it is and what is known of it; nothing when there is none
        /// (the car alone, or only vehicle B of the statement).
        private func parties() -> [ReportBlock] {
            guard !report.parties.isAlone else { return [] }
            var blocks: [ReportBlock] = [.heading(vocabulary.category(.otherParties))]
            let partyWords = PartyWords(words)
            for (index, party) in report.parties.all.enumerated() {
                blocks.append(.subheading(words("{number}. {title}", context: "a numbered party of a crash", [
                    "number": words.number(index + 1), "title": partyWords.role(party.kind.role),
                ])))
                var facts = partyWords.facts(party).map { ReportField(label: $0.label, value: $0.value) }
                let touching = report.parties.touching(.vehicle(party.id))
                if !touching.isEmpty {
                    facts.append(ReportField(label: words("Also touched"), value: partyWords.vehicles(touching, in: report.parties)))
                }
                blocks.append(.fields(facts))
            }
            return blocks
        }

        /// A pair's European Accident Statement: its front side as the printed form (``StatementForm``), which a
        /// renderer draws as the form or reads in order, and the signing record after it. Another motor vehicle's is
        /// headed with its number among the other parties (`party`).
        func statement(_ pair: StatementPair, party: Int? = nil) -> [ReportBlock] {
            guard let statement = report.statement(pair), !statement.isEmpty else { return [] }
            let title = party.map { words("European Accident Statement with party {number}", ["number": words.number($0)]) }
                ?? words("European Accident Statement")
            let effective = report.effectiveScene
            // Each box keeps its number in every language, so a reader finds box 12.8 where it always is.
            func numbered(_ number: String, _ title: String) -> String {
                words("{number}. {title}", context: "a numbered box of the form", ["number": number, "title": title])
            }
            let separator = words(", ", context: "between the items of a list")
            let witnesses = statement.witnesses.map(\.description)
            let top = [
                ReportField(label: numbered("1", words("Date and time")), value: facts.when(effective, dates: dates)),
                ReportField(label: numbered("2", words("Location")), value: facts.place(effective) ?? words("not given")),
                // Everyone said to be hurt, by role only: the other driver reads this statement.
                ReportField(label: numbered("3", words("Injured")), value: {
                    let hurt = vocabulary.boxThree(of: report, pair: pair)
                    return hurt.isEmpty ? words("not answered") : hurt.joined(separator: separator)
                }()),
                ReportField(label: numbered("4", words("Damage to other property")), value: statement.otherPropertyDamage.isEmpty ? words("none given") : statement.otherPropertyDamage),
                ReportField(label: numbered("5", words("Witnesses")), value: witnesses.isEmpty ? words("none given") : witnesses.joined(separator: "; ")),
                ReportField(label: words("Police"), value: statement.police.map(vocabulary.police) ?? words("not answered")),
            ]
            var notes = statement.flags(onCrashDay: report.crashDay).map { words("Note: {flag}.", ["flag": facts.line(for: $0)]) }
            for side in VehicleSide.allCases {
                if let credit = facts.creditLine(statement[side], side: side, dates: dates) {
                    notes.append(words("{sentence}.", context: "a sentence's full stop", ["sentence": credit]))
                }
            }
            let vehicles = [words("Vehicle {side}", ["side": "A"]), words("Vehicle {side}", ["side": "B"])]
            let sides = [statement.vehicleA, statement.vehicleB]
            func section(_ title: String, _ fields: [VehicleField]) -> StatementForm.Section {
                StatementForm.Section(title: title, rows: fields.map { field in
                    StatementForm.Section.Row(label: vocabulary.field(field), values: sides.map { value(of: field, $0) })
                })
            }
            let sections = [
                section(numbered("6", words("Policyholder")), VehiclePart.policyholder.fields),
                section(numbered("7", words("Vehicle")), VehiclePart.vehicle.fields),
                section(numbered("8", words("Insurance")), VehiclePart.insurance.fields),
                section(numbered("9", words("Driver")), VehiclePart.driver.fields),
            ]
            let impactTitle = numbered("10", words("Point of initial impact")), damageTitle = numbered("11", words("Visible damage"))
            let circumstances = Circumstance.allCases.map { numbered(String($0.number), vocabulary.circumstance($0)) }
            let ticked = sides.map { Set($0.circumstances.map(\.number)) }
            let countLabel = words("Boxes ticked")
            let remarksTitle = numbered("14", words("Remarks"))
            let sketchTitle = numbered("13", words("Sketch of the crash"))
            let sketchPhotos = report.photos(in: .sketch)
            let sketch = sketchPhotos.first.map { photo in
                ReportPhotoEntry(
                    photo: photo, number: 1, label: vocabulary.section(.sketch),
                    description: description(of: photo, remarks: report.photoRemarks[photo.id] ?? [])
                )
            }
            let signaturesTitle = numbered("15", words("Signatures"))
            let signatureLines = VehicleSide.allCases.map { side in
                facts.signature(report.signatureState(of: side, in: pair), dates: dates)
            }

            // In reading order: the same boxes, the two vehicles side by side in tables.
            let header = [""] + vehicles
            var linear: [ReportBlock] = [.fields(top)]
            linear += notes.map(ReportBlock.paragraph)
            for item in sections + [section(impactTitle, [.impactPoint]), section(damageTitle, [.visibleDamage])] {
                linear.append(.subheading(item.title))
                linear.append(.table(ReportTable(header: header, rows: item.rows.map { [$0.label] + $0.values })))
            }
            linear.append(.impactDrawing(a: statement.vehicleA.impactPoint, b: statement.vehicleB.impactPoint))
            linear.append(.subheading(numbered("12", words("Circumstances"))))
            var rows = Circumstance.allCases.enumerated().map { index, box in
                [circumstances[index], ticked[0].contains(box.number) ? "☒" : "☐", ticked[1].contains(box.number) ? "☒" : "☐"]
            }
            rows.append([countLabel, String(ticked[0].count), String(ticked[1].count)])
            linear.append(.table(ReportTable(header: header, rows: rows)))
            linear.append(.subheading(sketchTitle))
            if let sketch { linear.append(.photo(sketch)) } else { linear.append(.paragraph(words("No sketch was added."))) }
            linear.append(.subheading(remarksTitle))
            linear.append(.table(ReportTable(header: header, rows: [[words("Remarks"), statement.vehicleA.remarks, statement.vehicleB.remarks]])))

            // The signing record: who signed which version, how each was known, and the seal.
            var record: [ReportBlock] = [.subheading(signaturesTitle)]
            var signatures = zip(VehicleSide.allCases, signatureLines).map { side, line in
                ReportField(label: words("Vehicle {side}", ["side": side.letter]), value: line)
            }
            if let decline = statement.decline { signatures.append(ReportField(label: words("Declined"), value: facts.declineLine(decline, dates: dates))) }
            signatures.append(ReportField(label: words("Version"), value: report.statementVersion(pair)?.hex ?? ""))
            record.append(.fields(signatures))
            record.append(.paragraph(
                report.isStatementSigned(pair)
                    ? words("Both drivers signed this version of the front side; it can no longer change.")
                    : words("Not signed by both drivers: this statement is not agreed.")
            ))
            if let sealed = sealParagraph(pair) { record.append(.paragraph(sealed)) }

            let form = StatementForm(
                title: title,
                identifier: ReportField(label: words("Crash ID"), value: report.crashID.rawValue),
                top: top, vehicles: vehicles, sections: sections,
                impactTitle: impactTitle, impact: sides.map(\.impactPoint),
                impactWords: sides.map { $0.impactPoint.map(vocabulary.zone) ?? words("not given") },
                damageTitle: damageTitle, damage: sides.map { value(of: .visibleDamage, $0) },
                circumstancesTitle: numbered("12", words("Circumstances")), circumstances: circumstances, ticked: ticked,
                countLabel: countLabel, sketchTitle: sketchTitle, sketch: sketch, noSketch: words("No sketch was added."),
                remarksTitle: remarksTitle, remarks: sides.map(\.remarks), signaturesTitle: signaturesTitle,
                signatures: signatureLines, linear: linear + record, afterForm: notes.map(ReportBlock.paragraph) + record,
                continuedHeading: words("Continued from the form")
            )
            return [.heading(title), .statementForm(form)]
        }

        /// What the document says of its seal under a pair's statement, when it says anything. A sealed file's
        /// statement with another vehicle not signed by both says nothing of it: its own lines say it is not agreed.
        private func sealParagraph(_ pair: StatementPair) -> String? {
            switch seal {
            case .unstated:
                return nil
            case .madeOnDevice:
                return words("This PDF was made on the driver's device and is not sealed. The insurer's server seals the PDF of a statement both drivers signed.")
            case .serverHasNoKey:
                return words("This PDF is not sealed: the server that made it has no signing key.")
            case let .sealed(signer, fingerprint):
                guard report.isStatementSigned(pair) else {
                    if pair != .b { return nil }
                    return words("Not sealed: the server seals the PDF once both drivers signed the same version.")
                }
                return words(
                    "Sealed by {signer} (certificate SHA-256 {fingerprint}). A PDF reader's signature panel shows whether anything in this file changed after it was sealed.",
                    ["signer": signer, "fingerprint": fingerprint]
                )
            }
        }

        /// A field's value as a reader reads it: a day written out, a zone in words, a dash when not given.
        private func value(of field: VehicleField, _ column: StatementVehicle) -> String {
            column[field].map { vocabulary.value(field, $0) } ?? ""
        }


        private func photos(in section: PhotoSection, remarks: [PhotoID: [PhotoRemark]]) -> [ReportBlock] {
            let photos = report.photos(in: section)
            let name = vocabulary.section(section)
            let heading = photos.isEmpty
                ? words("{section}: no photos", ["section": name])
                : words.plural("{section}: {count} photo", "{section}: {count} photos", count: photos.count, ["section": name])
            return [.subheading(heading)] + photos.enumerated().map { index, photo in
                .photo(ReportPhotoEntry(
                    photo: photo,
                    number: index + 1,
                    label: words("{section}, photo {number} of {count}", [
                        "section": name, "number": words.number(index + 1), "count": words.number(photos.count),
                    ]),
                    description: description(of: photo, remarks: remarks[photo.id] ?? [])
                ))
            }
        }

        /// When and where the photo was taken, in words, and what a reader should notice about it.
        private func description(of photo: Photo, remarks: [PhotoRemark]) -> String {
            let added = dates.dateTime(photo.addedAt)
            var text = switch (photo.takenAt, photo.takenWhere) {
            case let (takenAt?, takenWhere?):
                words("Taken {time} at {place}; added to the report {added}.", ["time": dates.at(photo).dateTime(takenAt), "place": vocabulary.coordinate(takenWhere), "added": added])
            case let (takenAt?, nil):
                words("Taken {time}; the photo does not say where; added to the report {added}.", ["time": dates.at(photo).dateTime(takenAt), "added": added])
            case let (nil, takenWhere?):
                words("Taken at {place}; the photo does not say when; added to the report {added}.", ["place": vocabulary.coordinate(takenWhere), "added": added])
            case (nil, nil):
                words("The photo does not say when or where it was taken; added to the report {added}.", ["added": added])
            }
            let notes = remarks.map(remark)
            if !notes.isEmpty { text = words("{text} Note: {notes}.", ["text": text, "notes": notes.joined(separator: "; ")]) }
            return text
        }

        private func remark(_ remark: PhotoRemark) -> String {
            switch remark {
            case let .takenBefore(seconds): words("taken {duration} before the crash", ["duration": facts.duration(seconds: seconds)])
            case let .takenAfter(seconds): words("taken {duration} after the crash", ["duration": facts.duration(seconds: seconds)])
            case let .takenAway(meters): words("taken {distance} from the crash scene", ["distance": facts.distance(meters: meters)])
            case let .alsoIn(section): words("the same photo is also under “{section}”", ["section": vocabulary.section(section)])
            }
        }
    }
}
