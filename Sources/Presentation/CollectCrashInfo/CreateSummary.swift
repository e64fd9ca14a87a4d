import Domain
import Wording

/// What "Create crash report" is about to create, and what the driver should check first: asked before the report
/// is completed, since a completed report can no longer be changed.
public struct CreateSummary: Sendable, Hashable {
    /// The question, what the report holds, and each warning on a line of its own.
    public let text: String
    public let warnings: [String]

    /// The accident statement as the report will hold it: how many parts are filled and who signed it,
    /// `the accident statement (3 of 12 parts, signed by both drivers)`.
    static func statement(_ report: CrashReport, words: Words) -> String {
        let holding = VehicleSide.allCases.filter { if case .holds = report.signatureState(of: $0) { true } else { false } }
        let count = AccidentStatement.partCount
        let values = ["filled": words.number(report.statement.filledParts)]
        switch holding {
        case [.a, .b]:
            return words.plural(
                "the accident statement ({filled} of {count} part, signed by both drivers)",
                "the accident statement ({filled} of {count} parts, signed by both drivers)",
                count: count, values
            )
        case [.a]:
            return words.plural(
                "the accident statement ({filled} of {count} part, signed by the driver only)",
                "the accident statement ({filled} of {count} parts, signed by the driver only)",
                count: count, values
            )
        case [.b]:
            return words.plural(
                "the accident statement ({filled} of {count} part, signed by the other driver only)",
                "the accident statement ({filled} of {count} parts, signed by the other driver only)",
                count: count, values
            )
        default:
            return words.plural(
                "the accident statement ({filled} of {count} part, signed by neither driver)",
                "the accident statement ({filled} of {count} parts, signed by neither driver)",
                count: count, values
            )
        }
    }

    public init(_ report: CrashReport, dates: DateText, words: Words) {
        let dates = dates.at(report.scene)
        let effective = report.effectiveScene
        let facts = FactText(words)
        let screen = ScreenWords(words)
        var holds: [String] = []
        let hurt = screen.injuries(of: report)
        if !hurt.isEmpty {
            holds.append(words("who was injured ({injuries})", ["injuries": CategoryRowUiModel.list(hurt, words: words)]))
        }
        if report.photoCount > 0 { holds.append(CategoryRowUiModel.photoCount(report.photoCount, words: words)) }
        if report.hasNote { holds.append(words("the note")) }
        if !report.statement.isEmpty { holds.append(Self.statement(report, words: words)) }
        if !report.parties.isAlone {
            holds.append(words.plural("{count} other party ({parties})", "{count} other parties ({parties})", count: report.parties.all.count, [
                "parties": CategoryRowUiModel.list(report.parties.all.map { PartyWords(words).role($0.kind.role) }, words: words),
            ]))
        }
        var warnings: [String] = report.statementFlags.map { facts.sentence(facts.line(for: $0)) }
        if !report.statement.isEmpty, !report.isStatementSigned {
            warnings.append(report.statement.decline != nil
                ? words("The other driver did not agree to the statement; the report says so.")
                : words("The statement is not signed by both drivers, so it is not an agreed statement: sign it with g and o on its page first, or create the report without."))
        }
        for side in VehicleSide.allCases {
            if case .void = report.signatureState(of: side) {
                warnings.append(words(
                    "Vehicle {side}'s signature no longer counts: the statement changed after it was signed.",
                    ["side": side.letter]
                ))
            }
        }
        // Each other motor vehicle's statement, said by the party's number.
        for party in report.parties.motorVehicles {
            let pair = StatementPair.vehicle(party.id)
            guard let statement = report.statement(pair), !statement.isEmpty, !report.isStatementSigned(pair),
                  let partyNumber = report.parties.number(of: party.id) else { continue }
            let number = ["number": words.number(partyNumber)]
            warnings.append(statement.decline != nil
                ? words("Party {number} did not agree to their statement with you; the report says so.", number)
                : words("The statement with party {number} is not signed by both drivers: sign it on its page (Other parties, change {number}) first, or create the report without.", number))
        }
        let time = dates.at(effective.scene).dateTime(effective.scene.occurredAt)
        if report.isStatementSigned {
            // When and where are on the front both drivers signed: they stay as they are, and w cannot change them.
        } else if effective.isTimeFlagged, case let .photo(photo) = effective.timeSource {
            warnings.append(words(
                "The crash time, {time}, comes from photo {file}, taken long before the report was started: if the camera's clock was wrong, set the time with w first.",
                ["time": time, "file": photo.originalFileName]
            ))
        } else if case .notGiven = effective.timeSource {
            warnings.append(words(
                "No crash time was given: the report says the time it was started, {time}. Set it with w if that is wrong.",
                ["time": time]
            ))
        }
        if effective.scene.locationText == nil, !report.isStatementSigned {
            warnings.append(words("Where the crash happened is not given (set it with w)."))
        }
        let remarks = report.photoRemarks
        for photo in report.allPhotos {
            let found = remarks[photo.id] ?? []
            for remark in found {
                warnings.append(Self.warning(remark, file: photo.originalFileName, section: photo.section, words: words))
            }
            // A crash-scene photo apart from the others in time or place: how to take its time and place instead.
            let apart = found.contains { remark in
                switch remark {
                case .takenBefore, .takenAfter, .takenAway: true
                case .alsoIn: false
                }
            }
            if apart, photo.section == .crashScene, !report.isStatementSigned,
               let command = CrashSceneInput.command(from: photo, timeZone: dates.timeZone) {
                warnings.append(words(
                    "If photo {file} is the one that shows the crash, type {command} to take its time and place instead.",
                    ["file": photo.originalFileName, "command": command]
                ))
            }
        }
        self.warnings = warnings
        let values = [
            "crashID": report.crashID.rawValue,
            "contents": CategoryRowUiModel.list(holds, words: words),
            "when": facts.when(effective, dates: dates),
        ]
        var lines = [
            facts.place(effective).map {
                words("Create crash report {crashID}? It will hold {contents}; when: {when}; where: {where}.", values.merging(["where": $0]) { $1 })
            } ?? words("Create crash report {crashID}? It will hold {contents}; when: {when}; where: not given.", values),
        ]
        lines += warnings.map { "  ! " + $0 }
        lines.append(words("Once created it can no longer be changed. Type y to create it, n to keep editing."))
        text = lines.joined(separator: "\n")
    }

    /// A remark on a photo as a warning: `Photo IMG_0042.jpg (Crash scene photos) was taken 3 days before the crash time.`
    private static func warning(_ remark: PhotoRemark, file: String, section: PhotoSection, words: Words) -> String {
        let screen = ScreenWords(words)
        let facts = FactText(words)
        let values = ["file": file, "section": screen.section(section)]
        switch remark {
        case let .takenBefore(seconds):
            return words(
                "Photo {file} ({section}) was taken {duration} before the crash time.",
                values.merging(["duration": facts.duration(seconds: seconds)]) { $1 }
            )
        case let .takenAfter(seconds):
            return words(
                "Photo {file} ({section}) was taken {duration} after the crash time.",
                values.merging(["duration": facts.duration(seconds: seconds)]) { $1 }
            )
        case let .takenAway(meters):
            return words(
                "Photo {file} ({section}) was taken {distance} from the crash scene.",
                values.merging(["distance": facts.distance(meters: meters)]) { $1 }
            )
        case let .alsoIn(other):
            return words(
                "Photo {file} ({section}) is also under “{otherSection}”.",
                values.merging(["otherSection": screen.section(other)]) { $1 }
            )
        }
    }
}
