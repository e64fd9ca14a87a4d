import Domain
import Wording

/// "Accident statement": both vehicles' columns field by field, the 17 circumstances toggled like injuries, the
/// witnesses, the police and other damage. Each answer is stored as it is given, so leaving halfway loses nothing.
@MainActor
public final class StatementViewModel {
    // MARK: - Outputs

    public let state: Box<StatementUiModel>
    public let route = Box(PageRoute.page)
    public let message = Box<UiMessage?>(nil)
    /// The question being asked; `nil` when the page waits for a key.
    public let question = Box<StatementQuestion?>(nil)
    /// The link last made for the other driver, to print with its QR code.
    public let link = Box<StatementShareLink?>(nil)
    /// Told with the report as stored when the driver is done or discarded the statement.
    public var didFinish: ((CrashReport) -> Void)?

    public var page: StatementUiModel.Page { state.value.page }

    private enum Ask: Hashable {
        case field(VehicleSide, VehicleField)
        case remarks(VehicleSide)
        case witnessName, witnessAddress, witnessPhone
        case policeAttended, policeReport, policeStation
        case otherDamage
        case signature(VehicleSide)

        /// Whether text typed and not entered is kept as the answer when the app stops: never for a signature.
        var takesTypedText: Bool {
            if case .signature = self { false } else { true }
        }
    }

    private var report: CrashReport
    /// Which statement the page shows: B's, or another motor vehicle's.
    public let pair: StatementPair
    /// That statement as it is now.
    private var statement: AccidentStatement { report.statement(pair) ?? .empty }
    private let editStatement: EditStatement
    private let signStatement: SignStatement?
    private let editProfile: EditDriverProfile?
    private let shareStatement: ShareStatement?
    private let startStatement: StartStatement?
    private let dates: DateText
    private let makeDiscardDialog: @MainActor (CrashReport, InfoCategory, String) -> DiscardPageViewModel
    private var queue: [Ask] = []
    private var walkLength = 0
    private var witness = (name: "", address: "", phone: "")
    private var police = (attended: false, report: "", station: "")
    private var hasProfile = false

    /// The language the screen speaks.
    public let words: Words

    public init(
        report: CrashReport,
        pair: StatementPair = .b,
        editStatement: EditStatement,
        signStatement: SignStatement? = nil,
        editProfile: EditDriverProfile?,
        shareStatement: ShareStatement? = nil,
        startStatement: StartStatement? = nil,
        dates: DateText = DateText(),
        makeDiscardDialog: @escaping @MainActor (CrashReport, InfoCategory, String) -> DiscardPageViewModel,
        words: Words = .english
    ) {
        self.words = words
        self.report = report
        self.pair = pair
        self.editStatement = editStatement
        self.signStatement = signStatement
        self.editProfile = editProfile
        // Each statement has its own links; the profile's start is for B's (another vehicle's begins with A as on B's).
        self.shareStatement = shareStatement
        self.startStatement = pair == .b ? startStatement : nil
        self.dates = dates
        self.makeDiscardDialog = makeDiscardDialog
        state = Box(StatementUiModel(
            report, pair: pair, page: .overview, canMakeLink: shareStatement != nil, hasProfile: false, dates: dates, words: words
        ))
    }

    /// Before the statement is first shown: an empty one gets the driver's own details in vehicle A.
    public func prepare() async {
        guard let startStatement, statement.isEmpty, !report.isCompleted else { return }
        do {
            let started = try await startStatement.execute(reportID: report.id)
            if !started.statement.isEmpty {
                update(started)
                message.value = .info(words("Vehicle A starts with your details; change them here for this report only."))
            }
        } catch {
            message.value = .error(error, words: words)
        }
    }

    // MARK: - Pages

    public func open(_ page: StatementUiModel.Page) async {
        if case .vehicle(.a) = page, let editProfile {
            hasProfile = (try? await editProfile.profile().isEmpty == false) ?? false
        }
        show(page)
    }

    /// `1`–`5` on the overview.
    public func open(part number: Int) async {
        let pages: [StatementUiModel.Page] = [.vehicle(.a), .vehicle(.b), .circumstances, .witnesses, .police]
        guard (1...pages.count).contains(number) else {
            message.value = .error(words("There is no part {number}. Type 1 to {last}.", ["number": String(number), "last": words.number(pages.count)]))
            return
        }
        await open(pages[number - 1])
    }

    /// Done: from a part back to the overview; from the overview back to Collect Crash Info.
    public func done() {
        if page == .overview { didFinish?(report) } else { show(.overview) }
    }

    public func close() {
        // A statement both drivers signed cannot be discarded: nothing is offered that would then be refused.
        if refusedAsSigned() { return }
        // Another vehicle's statement goes with the vehicle, removed on the parties page.
        guard pair == .b else {
            message.value = .error(words("To discard this statement, remove the vehicle on the Other parties page."))
            return
        }
        DiscardPageViewModel.open(makeDiscardDialog(report, .accidentStatement, ScreenWords(words).category(.accidentStatement)), on: route) { [weak self] report in
            self?.update(report)
            self?.didFinish?(report)
        }
    }

    // MARK: - Asking

    /// Asks every field of the vehicle on show, then its remarks.
    public func askEveryField() {
        guard case let .vehicle(side) = page else { return }
        ask(VehicleField.askingOrder(VehicleField.allCases).map { .field(side, $0) } + [.remarks(side)])
    }

    /// Asks the fields with these numbers (1–23) in order. Nothing is asked when any number is not a field.
    public func ask(fieldNumbers numbers: [Int]) {
        guard case let .vehicle(side) = page else { return }
        let count = VehicleField.allCases.count
        guard !numbers.isEmpty, numbers.allSatisfy({ (1...count).contains($0) }) else {
            let last = words.number(count)
            message.value = .error(
                numbers.first { !(1...count).contains($0) }.map {
                    words("There is no field {number}. Type numbers from 1 to {last}, e.g. 6 7.", ["number": String($0), "last": last])
                } ?? words("Type numbers from 1 to {last}, e.g. 6 7.", ["last": last])
            )
            return
        }
        ask(numbers.map { .field(side, VehicleField.allCases[$0 - 1]) })
    }

    public func askRemarks() {
        guard case let .vehicle(side) = page else { return }
        ask([.remarks(side)])
    }

    public func addWitness() {
        guard statement.witnesses.count < AccidentStatement.maximumWitnesses else {
            message.value = .error(words.plural("A statement lists at most {count} witness; remove one first.", "A statement lists at most {count} witnesses; remove one first.",
                                                 count: AccidentStatement.maximumWitnesses))
            return
        }
        witness = ("", "", "")
        ask([.witnessName, .witnessAddress, .witnessPhone])
    }

    public func askPolice() {
        let current = statement.police
        police = (current?.attended ?? false, current?.reportNumber ?? "", current?.station ?? "")
        ask([.policeAttended, .policeReport, .policeStation])
    }

    public func askOtherDamage() {
        ask([.otherDamage])
    }

    /// Answers the question asked: Enter keeps the value, `-` clears it, `.` stops; a refused value is asked again.
    public func answer(_ line: String) async {
        guard let asked = queue.first else { return }
        let answer = StatementAnswer(line)
        if answer == .stop {
            queue = []
            question.value = nil
            return
        }
        do {
            try await apply(answer, to: asked)
            queue.removeFirst()
            if asked == .policeAttended, !police.attended { queue.removeAll { $0 == .policeReport || $0 == .policeStation } }
            if asked == .witnessPhone || (asked == .policeAttended && !police.attended) || asked == .policeStation {
                try await finishGroup(after: asked)
            }
        } catch {
            if case let .field(side, field) = asked, let refused = error as? StatementFieldError {
                message.value = .error(StatementQuestion.refusal(refused, of: field, country: statement[side][.plateCountry], words: words))
            } else {
                message.value = .error(sentence(for: error))
            }
            if asked == .witnessPhone, case StatementFieldError.witnessWithoutNameOrPhone = error {
                // A witness with neither name nor number is dropped, not asked about forever.
                queue = []
            }
        }
        askNext()
    }

    /// Input ended (or the app was told to stop) while a question was asked. `typed` is what was on the line and not
    /// yet entered: it is kept as the answer, as if Enter had been pressed (never for a signature, which only Enter
    /// gives), or said not to be kept with the reason. A witness or the police half entered are kept with what was
    /// typed so far or, when that cannot make one, said to be dropped. `nil` when nothing was being answered.
    public func keepHalfAnswered(typed: String = "") async -> UiMessage? {
        guard let asked = queue.first else { return nil }
        let label = question.value?.label ?? ""
        queue = []
        question.value = nil
        // Only a value: a lone `-` or `.` on the line says nothing until Enter is pressed.
        let typed = if case let .value(value) = StatementAnswer(typed) { value } else { "" }
        var refusal: UiMessage?
        if !typed.isEmpty, asked.takesTypedText {
            do {
                try await apply(.value(typed), to: asked)
            } catch {
                refusal = .error(words("What was being typed for {question}, {value}, was not kept: {reason}", [
                    "question": label, "value": LineText.echo(typed, words: words), "reason": sentence(for: error),
                ]))
            }
        }
        switch asked {
        case .witnessName, .witnessAddress, .witnessPhone:
            guard !witness.name.isEmpty || !witness.address.isEmpty || !witness.phone.isEmpty else { return refusal }
            do {
                let new = try Witness(name: witness.name, address: witness.address, phone: witness.phone)
                try await store { statement in try statement.setWitnesses(statement.witnesses + [new]) }
                return refusal ?? .info(words("The witness being added was kept with what was typed so far: {witness}.", ["witness": new.description]))
            } catch StatementFieldError.witnessWithoutNameOrPhone {
                return .error(words("The witness being added had neither a name nor a phone number yet, so it was not kept."))
            } catch {
                return .error(words("The witness being added was not kept: {reason}", ["reason": ErrorText.sentence(for: error, words: words)]))
            }
        case .policeAttended, .policeReport, .policeStation:
            // Whether the police came is the first answer: without it nothing about them is known.
            guard asked != .policeAttended || (!typed.isEmpty && refusal == nil) else { return refusal }
            do {
                let attendance = try PoliceAttendance(attended: police.attended, reportNumber: police.report, station: police.station)
                try await store { $0.setPolice(attendance) }
                return refusal ?? .info(words("The police details being entered were kept with what was typed so far: {police}.",
                                              ["police": StatementWords(words).police(attendance)]))
            } catch {
                return .error(words("The police details being entered were not kept: {reason}", ["reason": ErrorText.sentence(for: error, words: words)]))
            }
        case .field, .remarks, .otherDamage:
            guard !typed.isEmpty else { return nil }
            return refusal ?? .info(words("What was being typed for {question} was kept: {value}.", [
                "question": label, "value": LineText.echo(typed, words: words),
            ]))
        case .signature:
            return nil
        }
    }

    // MARK: - Circumstances, witnesses, profile

    /// Ticks or clears the boxes with these numbers (1–17) of one side, in order.
    public func toggle(_ side: VehicleSide, numbers: [Int]) async {
        if refusedAsSigned() { return }
        let boxes = numbers.compactMap(Circumstance.init(rawValue:))
        guard !numbers.isEmpty, boxes.count == numbers.count else {
            // The example is for the side being ticked.
            let example = "\(side.letter.lowercased()) 1 12"
            message.value = .error(
                numbers.first { Circumstance(rawValue: $0) == nil }.map {
                    words("There is no box {number}. Type numbers from 1 to 17, e.g. {example}.", ["number": String($0), "example": example])
                } ?? words("Type numbers from 1 to 17, e.g. {example}.", ["example": example])
            )
            return
        }
        await edit { statement in
            var column = statement[side]
            for box in boxes { column.toggle(box) }
            statement[side] = column
        }
    }

    public func removeWitness(number: Int) async {
        if refusedAsSigned() { return }
        let count = statement.witnesses.count
        guard (1...max(count, 1)).contains(number), count > 0 else {
            message.value = .error(
                count == 0
                    ? words("No witnesses are listed.")
                    : words("There is no witness {number}. Type remove 1 to remove the first.", ["number": String(number)])
            )
            return
        }
        await edit { statement in
            var list = statement.witnesses
            list.remove(at: number - 1)
            try statement.setWitnesses(list)
        }
    }

    /// Keeps vehicle A's details as the driver's profile, which fills vehicle A of every new report.
    public func keepAsProfile() async {
        guard let editProfile else {
            message.value = .error(words("This store keeps no profile (it ends with the app)."))
            return
        }
        do {
            try await editProfile.keep(statement.vehicleA)
            hasProfile = !statement.vehicleA.profilePart.isEmpty
            message.value = .info(words("Kept as your details: every new report starts with them in vehicle A."))
            refresh()
        } catch {
            message.value = .error(error, words: words)
        }
    }

    /// Fills vehicle A's empty fields from the driver's profile.
    public func fillFromProfile() async {
        if refusedAsSigned() { return }
        guard let editProfile, let profile = try? await editProfile.profile(), !profile.isEmpty else {
            message.value = .error(words("You have kept no details yet: fill in vehicle A and type p."))
            return
        }
        let empty = VehicleField.profileFields.filter { statement.vehicleA[$0] == nil && profile[$0] != nil }
        // Said to have filled something only when it did.
        guard !empty.isEmpty else {
            message.value = .info(words("Nothing to fill: every field your details hold is filled in vehicle A already."))
            return
        }
        await edit { statement in
            var column = statement.vehicleA
            for field in empty where column[field] == nil { column = column.taking(field, from: profile) }
            statement.vehicleA = column
        }
        message.value = .info(words("Your details filled the empty fields of vehicle A."))
    }

    // MARK: - Signing

    /// `g` for the driver (vehicle A), `o` for the other driver on this device: asks the name to sign with (the
    /// column's driver's name offered), then signs the front side as it is now.
    public func sign(_ side: VehicleSide) {
        guard signStatement != nil else {
            message.value = .error(words("This app cannot sign statements."))
            return
        }
        guard !statement.vehicleA.isEmpty || !statement.vehicleB.isEmpty else {
            message.value = .error(words("The statement is empty: fill in the vehicles before anyone signs it."))
            return
        }
        if report.isStatementSigned(pair) {
            message.value = .error(ErrorText.sentence(for: ReportError.statementSigned(report.crashID), words: words))
            return
        }
        ask([.signature(side)])
    }

    /// Makes a one-time link for the other driver to fill in column B of this statement on their own phone (``link``):
    /// it reaches this statement only.
    public func makeLink() async {
        guard let shareStatement else {
            message.value = .error(words("Links for the other driver need a server (start the app with {option}). Type their details in vehicle B instead.",
                                         ["option": "--server URL"]))
            return
        }
        do {
            let made = try await shareStatement.execute(reportID: report.id, pair: pair)
            link.value = made
            message.value = .info(words("Show the other driver this code or send them the link. It works once, until {time}; their part arrives at your next sync.",
                                        ["time": dates.at(report.scene).dateTime(made.expiresAt)]))
        } catch let error as StatementLinkError {
            message.value = .error(sentence(for: error))
        } catch {
            message.value = .error(error, words: words)
        }
    }

    private func sentence(for error: StatementLinkError) -> String {
        switch error {
        case .notOnServerYet: words("This draft has not reached the server yet, so no link can point to it. Check the connection and type s again.")
        case .completed: words("This report is completed: the other driver can no longer add to it.")
        case let .unavailable(reason): words("No link was made: {reason}. Try again, or type their details in vehicle B.", ["reason": reason])
        case let .refused(reason): words("The server made no link: {reason}", ["reason": reason])
        }
    }

    // MARK: - Private

    /// Whether the statement is signed by both drivers, and so read-only: then the screen says so, before anything is
    /// typed, and nothing is asked or changed.
    private func refusedAsSigned() -> Bool {
        guard report.isStatementSigned(pair) else { return false }
        message.value = .error(ErrorText.sentence(for: ReportError.statementSigned(report.crashID), words: words))
        return true
    }

    private func ask(_ asks: [Ask]) {
        if refusedAsSigned() { return }
        queue = asks
        walkLength = asks.count
        askNext()
    }

    private func askNext() {
        guard let next = queue.first else {
            question.value = nil
            return
        }
        let step = walkLength > 1 ? StatementQuestion.step(walkLength - queue.count + 1, of: walkLength, words: words) : nil
        let statement = report.statement
        switch next {
        case let .field(side, field):
            question.value = StatementQuestion(
                label: words("{side}: {field}", ["side": side.letter, "field": StatementWords(words).field(field)]),
                current: StatementQuestion.shown(statement[side][field], kind: field.kind, words: words),
                hint: StatementQuestion.hint(for: field.kind, words: words), step: step
            )
        case let .remarks(side):
            question.value = StatementQuestion(
                label: words("{side}: Remarks", ["side": side.letter]), current: statement[side].remarks.nonEmpty, hint: nil, step: step
            )
        case .witnessName: question.value = StatementQuestion(label: words("Witness's name"), current: nil, hint: nil, step: step)
        case .witnessAddress: question.value = StatementQuestion(label: words("Witness's address"), current: nil, hint: nil, step: step)
        case .witnessPhone:
            question.value = StatementQuestion(
                label: words("Witness's phone"), current: nil, hint: StatementQuestion.hint(for: .phone, words: words), step: step
            )
        case .policeAttended:
            question.value = StatementQuestion(
                label: words("Did the police come?"), current: statement.police.map { StatementWords(words).yesNo($0.attended) },
                hint: StatementQuestion.hint(for: .yesNo, words: words), step: step
            )
        case .policeReport:
            question.value = StatementQuestion(label: words("Police report number"), current: police.report.nonEmpty, hint: nil, step: step)
        case .policeStation:
            question.value = StatementQuestion(label: words("Police station"), current: police.station.nonEmpty, hint: nil, step: step)
        case .otherDamage:
            question.value = StatementQuestion(
                label: words("Damage to other property"), current: statement.otherPropertyDamage.nonEmpty, hint: words("e.g. a fence or a lamp post"), step: step
            )
        case let .signature(side):
            question.value = StatementQuestion(
                label: side == .a ? words("Your name, to sign vehicle A's side") : words("The other driver's name, to sign vehicle B's side here"),
                current: statement[side][.driverName] ?? statement[side][.policyholderName],
                hint: words("Signing agrees to the whole statement as it is now: both vehicles, the boxes, the witnesses, the police, when and where, and who was injured. A change to any of it afterwards cancels the signature"),
                step: nil
            )
        }
    }

    private func apply(_ answer: StatementAnswer, to asked: Ask) async throws {
        let text: String?
        switch answer {
        case .keep: text = nil
        case .clear: text = ""
        case let .value(value): text = value
        case .stop: return
        }
        switch asked {
        case let .field(side, field):
            guard let text else { return }
            let typed = StatementQuestion.canonical(text, kind: field.kind, words: words)
            try await store { statement in
                var column = statement[side]
                try column.set(field, to: typed)
                statement[side] = column
            }
        case let .remarks(side):
            guard let text else { return }
            try await store { statement in
                var column = statement[side]
                try column.setRemarks(text)
                statement[side] = column
            }
        case .witnessName: witness.name = text ?? ""
        case .witnessAddress: witness.address = text ?? ""
        case .witnessPhone:
            // Taken only when it is a number: a refused one is not kept with the witness.
            _ = try StatementFieldKind.phone.normalised(text ?? "")
            witness.phone = text ?? ""
        case .policeAttended:
            guard let text else {
                if statement.police == nil { throw StatementFieldError.notYesOrNo("") }
                return
            }
            police.attended = try StatementFieldKind.yesNo.normalised(StatementQuestion.canonical(text, kind: .yesNo, words: words)) == "yes"
        case .policeReport: if let text { police.report = text }
        case .policeStation: if let text { police.station = text }
        case .otherDamage:
            guard let text else { return }
            try await store { try $0.setOtherPropertyDamage(text) }
        case let .signature(side):
            guard let signStatement else { return }
            let name = text ?? (statement[side][.driverName] ?? statement[side][.policyholderName] ?? "")
            update(try await signStatement.execute(reportID: report.id, pair: pair, side: side, name: name))
            let values = ["side": side.letter, "name": name, "version": (report.statementVersion(pair)?.short ?? "")]
            message.value = .info(
                report.isStatementSigned(pair)
                    ? words("Signed for vehicle {side} as {name}: statement version {version}. Both drivers signed: the statement can no longer change.", values)
                    : words("Signed for vehicle {side} as {name}: statement version {version}. A change to the statement now cancels this signature.", values)
            )
        }
    }

    private func finishGroup(after asked: Ask) async throws {
        switch asked {
        case .witnessPhone:
            let new = try Witness(name: witness.name, address: witness.address, phone: witness.phone)
            try await store { statement in try statement.setWitnesses(statement.witnesses + [new]) }
            message.value = .info(words("Witness added."))
        default:
            let attendance = try PoliceAttendance(attended: police.attended, reportNumber: police.report, station: police.station)
            try await store { $0.setPolice(attendance) }
        }
    }

    private func store(_ change: @escaping @Sendable (inout AccidentStatement) throws -> Void) async throws {
        update(try await editStatement.execute(reportID: report.id, pair: pair, change))
    }

    private func edit(_ change: @escaping @Sendable (inout AccidentStatement) throws -> Void) async {
        do {
            try await store(change)
        } catch {
            message.value = .error(error, words: words)
        }
    }

    private func sentence(for error: any Error) -> String {
        guard let error = error as? StatementFieldError else { return ErrorText.sentence(for: error, words: words) }
        return words("Not kept: {reason}", ["reason": ErrorText.sentence(for: error, words: words)])
    }

    private func show(_ page: StatementUiModel.Page) {
        queue = []
        question.value = nil
        state.value = StatementUiModel(report, pair: pair, page: page, canMakeLink: shareStatement != nil, hasProfile: hasProfile, dates: dates, words: words)
    }

    private func refresh() {
        state.value = StatementUiModel(report, pair: pair, page: page, canMakeLink: shareStatement != nil, hasProfile: hasProfile, dates: dates, words: words)
    }

    /// Shows the report as another program stored it. A question being asked is asked again from the start: what
    /// it would change may have changed.
    public func showStored(_ stored: CrashReport) {
        update(stored)
    }

    private func update(_ newReport: CrashReport) {
        report = newReport
        refresh()
    }
}

extension String {
    /// `nil` for an empty string.
    var nonEmpty: String? { isEmpty ? nil : self }
}
