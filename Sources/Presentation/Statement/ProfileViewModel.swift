import Domain
import Wording

/// "Your details": the driver's own policyholder, vehicle, insurance and licence, kept on the device and filling
/// vehicle A of every new report. Fields are asked one at a time like a statement's; each answer is kept as given.
@MainActor
public final class ProfileViewModel {
    public struct Row: Sendable, Hashable {
        public let number: Int
        public let label: String
        public let value: String?
    }

    // MARK: - Outputs

    public let rows: Box<[Row]>
    public let message = Box<UiMessage?>(nil)
    public let question = Box<StatementQuestion?>(nil)
    public var didFinish: (() -> Void)?

    public var title: String { words("Your details") }
    public var options: [MenuOption] {
        [
            MenuOption(key: "e", title: words("Enter every field in turn")),
            MenuOption(key: "1-\(VehicleField.profileFields.count)", title: words("Enter those fields (several at once: 6 7)")),
            MenuOption(key: "d", title: words("Done")),
        ]
    }

    private let editProfile: EditDriverProfile
    private var profile = StatementVehicle()
    private var queue: [VehicleField] = []
    private var walkLength = 0

    /// The language the screen speaks.
    public let words: Words

    public init(editProfile: EditDriverProfile, words: Words = .english) {
        self.words = words
        self.editProfile = editProfile
        rows = Box(Self.rows(of: StatementVehicle(), words: words))
    }

    // MARK: - Inputs

    /// Reads the profile kept.
    public func load() async {
        do {
            profile = try await editProfile.profile()
            rows.value = Self.rows(of: profile, words: words)
        } catch {
            message.value = .error(error, words: words)
        }
    }

    public func askEveryField() {
        ask(VehicleField.askingOrder(VehicleField.profileFields))
    }

    /// Asks the fields with these numbers in order; nothing is asked when any number is not a field.
    public func ask(fieldNumbers numbers: [Int]) {
        let count = VehicleField.profileFields.count
        guard !numbers.isEmpty, numbers.allSatisfy({ (1...count).contains($0) }) else {
            let last = words.number(count)
            message.value = .error(
                numbers.first { !(1...count).contains($0) }.map {
                    words("There is no field {number}. Type numbers from 1 to {last}, e.g. 6 7.", ["number": String($0), "last": last])
                } ?? words("Type numbers from 1 to {last}, e.g. 6 7.", ["last": last])
            )
            return
        }
        ask(numbers.map { VehicleField.profileFields[$0 - 1] })
    }

    /// Answers the question asked: Enter keeps the value, `-` clears it, `.` stops; a refused value is asked again.
    public func answer(_ line: String) async {
        guard let field = queue.first else { return }
        let text: String
        switch StatementAnswer(line) {
        case .stop:
            queue = []
            question.value = nil
            return
        case .keep: text = profile[field] ?? ""
        case .clear: text = ""
        case let .value(value): text = value
        }
        do {
            if text != (profile[field] ?? "") {
                profile = try await editProfile.set(field, to: text)
                rows.value = Self.rows(of: profile, words: words)
            }
            queue.removeFirst()
        } catch let error as StatementFieldError {
            message.value = .error(StatementQuestion.refusal(error, of: field, country: profile[.plateCountry], words: words))
        } catch {
            message.value = .error(error, words: words)
        }
        askNext()
    }

    public func done() {
        didFinish?()
    }

    /// Input ended (or the app was told to stop) while a field was asked: `typed`, what was on the line and not yet
    /// entered, is kept as the answer, or said not to be kept with the reason. `nil` when nothing was typed.
    public func keepHalfAnswered(typed: String) async -> UiMessage? {
        guard let field = queue.first else { return nil }
        let label = question.value?.label ?? StatementWords(words).field(field)
        queue = []
        question.value = nil
        // Only a value: a lone `-` or `.` on the line says nothing until Enter is pressed.
        guard case let .value(typed) = StatementAnswer(typed), !typed.isEmpty else { return nil }
        do {
            profile = try await editProfile.set(field, to: typed)
            rows.value = Self.rows(of: profile, words: words)
            return .info(words("What was being typed for {question} was kept: {value}.", ["question": label, "value": LineText.echo(typed, words: words)]))
        } catch {
            return .error(words("What was being typed for {question}, {value}, was not kept: {reason}", [
                "question": label, "value": LineText.echo(typed, words: words), "reason": ErrorText.sentence(for: error, words: words),
            ]))
        }
    }

    // MARK: - Private

    private func ask(_ fields: [VehicleField]) {
        queue = fields
        walkLength = fields.count
        askNext()
    }

    private func askNext() {
        guard let field = queue.first else {
            question.value = nil
            return
        }
        question.value = StatementQuestion(
            label: StatementWords(words).field(field), current: StatementQuestion.shown(profile[field], kind: field.kind, words: words),
            hint: StatementQuestion.hint(for: field.kind, words: words),
            step: walkLength > 1 ? StatementQuestion.step(walkLength - queue.count + 1, of: walkLength, words: words) : nil
        )
    }

    private static func rows(of profile: StatementVehicle, words: Words) -> [Row] {
        VehicleField.profileFields.enumerated().map { index, field in
            Row(
                number: index + 1, label: StatementWords(words).field(field),
                value: StatementQuestion.shown(profile[field], kind: field.kind, words: words)
            )
        }
    }
}
