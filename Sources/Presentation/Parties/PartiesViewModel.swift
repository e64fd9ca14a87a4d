import Domain
import Wording

/// "Other parties": adds a cyclist, a pedestrian, property or a vehicle that left the scene (the kind asked first,
/// then its fields one at a time), changes one field by field, removes one. Each answer is stored as it is given, as
/// soon as it makes a party, so leaving halfway loses nothing. Another motor vehicle is added with its own accident
/// statement with A, which opens at once (and again with `change n`).
@MainActor
public final class PartiesViewModel {
    // MARK: - Outputs

    public let state: Box<PartiesUiModel>
    public let route = Box(PageRoute.page)
    public let message = Box<UiMessage?>(nil)
    /// The question being asked; `nil` when the page waits for a key.
    public let question = Box<StatementQuestion?>(nil)
    /// Told with the report as stored when the driver is done or discarded the page.
    public var didFinish: ((CrashReport) -> Void)?
    /// Another motor vehicle's statement page while it is open; `nil` when this page shows.
    public let statementPage = Box<StatementViewModel?>(nil)

    private enum Ask: Hashable {
        case role
        case field(PartyField)
    }

    private var report: CrashReport
    private let editParties: EditParties
    private let makeDiscardDialog: @MainActor (CrashReport, InfoCategory, String) -> DiscardPageViewModel
    private let makeStatementPage: (@MainActor (CrashReport, StatementPair) -> StatementViewModel)?
    private var queue: [Ask] = []
    private var walkLength = 0
    /// The party being entered: its id (kept once stored), kind and values so far.
    private var draft: (id: PartyID, stored: Bool, role: Party.Role, values: [PartyField: String], injured: Bool?)?

    /// The language the screen speaks.
    public let words: Words

    public init(
        report: CrashReport,
        editParties: EditParties,
        makeDiscardDialog: @escaping @MainActor (CrashReport, InfoCategory, String) -> DiscardPageViewModel,
        makeStatementPage: (@MainActor (CrashReport, StatementPair) -> StatementViewModel)? = nil,
        words: Words = .english
    ) {
        self.words = words
        self.report = report
        self.editParties = editParties
        self.makeDiscardDialog = makeDiscardDialog
        self.makeStatementPage = makeStatementPage
        state = Box(PartiesUiModel(report, words: words))
    }

    // MARK: - Inputs

    /// `add`: asks what kind of party, then its fields in turn.
    public func add() {
        guard report.parties.all.count < CrashParties.maximum else {
            message.value = .error(FactText(words).sentence(FactText(words).clause(for: .tooMany(limit: CrashParties.maximum))))
            return
        }
        draft = nil
        ask([.role])
    }

    /// `change n`: asks each field of party n, showing what it holds (Enter keeps it).
    public func change(number: Int) {
        guard let party = party(number) else { return }
        if party.kind.hasStatement {
            openStatement(of: party.id)
            return
        }
        draft = (party.id, true, party.kind.role, party.kind.values, party.kind.injured)
        ask(party.kind.role.fields.map(Ask.field))
    }

    /// `touched n B 3`: the vehicles besides the driver's that party n, another motor vehicle, touched — `B` for
    /// vehicle B, other parties by their numbers; `-` for none. Replaces what party n said before.
    public func touched(number: Int, vehicles text: String) async {
        guard let party = party(number) else { return }
        let list = report.parties.all
        var touched = Set<StatementPair>()
        if text.trimmingCharacters(in: .whitespaces) != "-" {
            for token in text.split(whereSeparator: { $0 == " " || $0 == "," }) {
                if token.lowercased() == "b" {
                    touched.insert(.b)
                } else if let other = Int(token), (1...list.count).contains(other) {
                    touched.insert(.vehicle(list[other - 1].id))
                } else {
                    message.value = .error(words("“{text}” is neither B nor a party's number: type e.g. touched 2 B 3.", ["text": String(token.prefix(20))]))
                    return
                }
            }
        }
        let vehicles = touched
        do {
            update(try await editParties.execute(reportID: report.id) { parties throws(PartyError) in try parties.setTouched(party.id, vehicles) })
            let said = report.parties.touching(.vehicle(party.id))
            message.value = .info(said.isEmpty
                ? words("Kept: party {number} touched no vehicle but yours.", ["number": words.number(number)])
                : words("Kept: party {number} touched {vehicles}.", [
                    "number": words.number(number), "vehicles": PartyWords(words).vehicles(said, in: report.parties),
                ]))
        } catch {
            message.value = .error(error, words: words)
        }
    }

    /// `remove n`.
    public func remove(number: Int) async {
        guard let party = party(number) else { return }
        do {
            update(try await editParties.execute(reportID: report.id) { parties throws(PartyError) in try parties.remove(party.id) })
            message.value = .info(words("Removed: {party}.", ["party": PartyWords(words).role(party.kind.role)]))
        } catch {
            message.value = .error(error, words: words)
        }
    }

    public func done() {
        didFinish?(report)
    }

    public func close() {
        DiscardPageViewModel.open(makeDiscardDialog(report, .otherParties, ScreenWords(words).category(.otherParties)), on: route) { [weak self] report in
            self?.update(report)
            self?.didFinish?(report)
        }
    }

    /// Answers the question asked: Enter keeps the value, `-` clears it, `.` stops; a refused value is asked again.
    public func answer(_ line: String) async {
        guard let asked = queue.first else { return }
        let answer = StatementAnswer(line)
        if answer == .stop {
            await finishWalk()
            return
        }
        do {
            try await apply(answer, to: asked)
            queue.removeFirst()
            if queue.isEmpty { await finishWalk() }
        } catch {
            message.value = .error(words("Not kept: {reason}", ["reason": sentence(for: error)]))
        }
        askNext()
    }

    /// Input ended (or the app was told to stop) while a question was asked: what was on the line, not yet entered,
    /// is kept as the answer when it can be, and the driver hears what became of the party being entered.
    public func keepHalfAnswered(typed: String = "") async -> UiMessage? {
        guard let asked = queue.first else { return nil }
        let label = question.value?.label ?? ""
        let typed = if case let .value(value) = StatementAnswer(typed) { value } else { "" }
        var refusal: UiMessage?
        if !typed.isEmpty {
            do {
                try await apply(.value(typed), to: asked)
            } catch {
                refusal = .error(words("What was being typed for {question}, {value}, was not kept: {reason}", [
                    "question": label, "value": LineText.echo(typed, words: words), "reason": sentence(for: error),
                ]))
            }
        }
        queue = []
        question.value = nil
        guard let draft else { return refusal }
        defer { self.draft = nil }
        guard let party = report.parties[draft.id] else {
            return refusal ?? .error(words("The party being added was not kept: nothing that makes one was typed yet."))
        }
        return refusal ?? .info(words("The party being entered was kept with what was typed so far: {party}.", ["party": PartyWords(words).summary(party)]))
    }

    /// Shows the report as another program stored it; a question being asked stops.
    public func showStored(_ stored: CrashReport) {
        queue = []
        question.value = nil
        draft = nil
        update(stored)
    }

    // MARK: - Private

    private func party(_ number: Int) -> Party? {
        let list = report.parties.all
        guard (1...max(list.count, 1)).contains(number), !list.isEmpty else {
            message.value = .error(
                list.isEmpty
                    ? words("No other party is listed; type add to add one.")
                    : words("There is no party {number}. Type a number from 1 to {last}.", ["number": String(number), "last": words.number(list.count)])
            )
            return nil
        }
        return list[number - 1]
    }

    private func ask(_ asks: [Ask]) {
        queue = asks
        walkLength = asks.count
        askNext()
    }

    private func askNext() {
        guard let next = queue.first else {
            question.value = nil
            return
        }
        let partyWords = PartyWords(words)
        switch next {
        case .role:
            let choices = Party.Role.added.enumerated().map { "\($0.offset + 1) \(partyWords.role($0.element))" }
            question.value = StatementQuestion(
                label: words("What kind of party?"), current: nil,
                hint: choices.joined(separator: words(", ", context: "between the items of a list")), step: nil, isChoice: true
            )
        case let .field(field):
            let step = walkLength > 1 ? StatementQuestion.step(walkLength - queue.count + 1, of: walkLength, words: words) : nil
            let current: String? = if field == .injured {
                draft?.injured.map { StatementWords(words).yesNo($0) }
            } else {
                draft?.values[field]
            }
            let hint = field == .injured
                ? words("{yesNo}; - when not known", ["yesNo": YesNo.hint(words: words)])
                : partyWords.hint(field)
            question.value = StatementQuestion(label: partyWords.field(field), current: current, hint: hint, step: step)
        }
    }

    private func apply(_ answer: StatementAnswer, to asked: Ask) async throws {
        switch asked {
        case .role:
            let roles = Party.Role.added
            guard case let .value(text) = answer, let number = Int(text.trimmingCharacters(in: .whitespaces)), (1...roles.count).contains(number) else {
                throw PartiesInputError.notAKind(roles.count)
            }
            let role = roles[number - 1]
            if role == .motorVehicle {
                // Added at once with its own statement, which opens for it.
                draft = nil
                let added = try await editParties.addVehicle(reportID: report.id)
                update(added.report)
                openStatement(of: added.party)
                return
            }
            draft = (PartyID(), false, role, [:], nil)
            queue.append(contentsOf: role.fields.map(Ask.field))
            walkLength = role.fields.count + 1
        case let .field(field):
            guard var entry = draft else { return }
            switch (answer, field) {
            // Property is named by what it is: nothing kept there is not an answer.
            case (.keep, .what) where entry.values[.what] == nil: throw PartyError.nothingSaid
            case (.keep, _), (.stop, _): return
            case (.clear, .injured): entry.injured = nil
            case (.clear, _): entry.values[field] = nil
            case let (.value(text), .injured):
                guard let yes = YesNo.answer(text, words: words) else { throw StatementFieldError.notYesOrNo(text) }
                entry.injured = yes
            case let (.value(text), _): entry.values[field] = text
            }
            try await store(entry, asked: field)
        }
    }

    /// Stores the party as entered so far, when it makes one; a value that breaks its field's rule is refused.
    private func store(_ entry: (id: PartyID, stored: Bool, role: Party.Role, values: [PartyField: String], injured: Bool?), asked field: PartyField) async throws {
        let id = entry.id
        let stored = entry.stored
        guard let kind = try Self.party(entry.role, entry.values, injured: entry.injured) else {
            // Not a party yet (property not yet named, nothing seen of a vehicle): asked on, stored once it is one. A
            // party kept already is never left with nothing said, nor property without what it is: that answer is refused.
            if field == .what || stored { throw PartyError.nothingSaid }
            draft = entry
            return
        }
        update(try await editParties.execute(reportID: report.id) { parties throws(PartyError) in
            if stored { try parties.change(id, to: kind) } else { try parties.add(kind, id: id) }
        })
        draft = (entry.id, true, entry.role, entry.values, entry.injured)
    }

    /// The party the values make; nil when they make none yet (nothing said of it); a value against its rule throws.
    private static func party(_ role: Party.Role, _ values: [PartyField: String], injured: Bool?) throws(PartyError) -> Party.Kind? {
        do {
            return try Party.Kind(role, values, injured: injured)
        } catch {
            if error == .nothingSaid { return nil }
            throw error
        }
    }

    /// Opens another motor vehicle's statement; done there, this page shows again.
    private func openStatement(of id: PartyID) {
        guard let makeStatementPage else { return }
        let page = makeStatementPage(report, .vehicle(id))
        page.didFinish = { [weak self] report in
            self?.update(report)
            self?.statementPage.value = nil
        }
        statementPage.value = page
    }

    /// The walk ended (all asked, or `.`): a party not stored yet is stored when what was typed makes one (a cyclist
    /// of whom nothing is known is still one), or said not to be kept.
    private func finishWalk() async {
        queue = []
        question.value = nil
        guard let draft else { return }
        self.draft = nil
        if report.parties[draft.id] == nil {
            let id = draft.id
            do {
                let kind = try Party.Kind(draft.role, draft.values, injured: draft.injured)
                update(try await editParties.execute(reportID: report.id) { parties throws(PartyError) in try parties.add(kind, id: id) })
            } catch {
                message.value = .error(words("The party was not kept: {reason}", ["reason": sentence(for: error)]))
                return
            }
        }
        if let party = report.parties[draft.id] {
            let summary = PartyWords(words).summary(party)
            let role = PartyWords(words).role(party.kind.role)
            message.value = .info(summary.isEmpty ? words("Kept: {role}.", ["role": role]) : words("Kept: {role}, {party}.", ["role": role, "party": summary]))
        }
    }

    private func sentence(for error: any Error) -> String {
        if case let PartiesInputError.notAKind(count) = error {
            return words("Type the number of the kind, from 1 to {last}.", ["last": words.number(count)])
        }
        return ErrorText.sentence(for: error, words: words)
    }

    private func update(_ newReport: CrashReport) {
        report = newReport
        state.value = PartiesUiModel(report, words: words)
    }
}

/// What the parties page refuses before any rule of a party is asked.
enum PartiesInputError: Error {
    /// Not one of the kinds' numbers (1 to the count).
    case notAKind(Int)
}
