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

    public let title = "Your details"
    public let options = [
        MenuOption(key: "e", title: "Enter every field in turn"),
        MenuOption(key: "1-\(VehicleField.profileFields.count)", title: "Enter those fields (several at once: 6 7)"),
        MenuOption(key: "d", title: "Done"),
    ]

    private let editProfile: EditDriverProfile
    private var profile = StatementVehicle()
    private var queue: [VehicleField] = []
    private var walkLength = 0

    public init(editProfile: EditDriverProfile) {
        self.editProfile = editProfile
        rows = Box(Self.rows(of: StatementVehicle()))
    }

    // MARK: - Inputs

    /// Reads the profile kept.
    public func load() async {
        do {
            profile = try await editProfile.profile()
            rows.value = Self.rows(of: profile)
        } catch {
            message.value = .error(error)
        }
    }

    public func askEveryField() {
        ask(VehicleField.profileFields)
    }

    /// Asks the fields with these numbers in order; nothing is asked when any number is not a field.
    public func ask(fieldNumbers numbers: [Int]) {
        let count = VehicleField.profileFields.count
        guard !numbers.isEmpty, numbers.allSatisfy({ (1...count).contains($0) }) else {
            let wrong = numbers.first { !(1...count).contains($0) }.map(String.init) ?? "nothing"
            message.value = .error("There is no field \(wrong). Type numbers from 1 to \(count), e.g. 6 7.")
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
                rows.value = Self.rows(of: profile)
            }
            queue.removeFirst()
        } catch let error as StatementFieldError {
            message.value = .error("Not kept: " + ErrorText.sentence(for: error))
        } catch {
            message.value = .error(error)
        }
        askNext()
    }

    public func done() {
        didFinish?()
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
            label: StatementWords.english.field(field), current: StatementQuestion.shown(profile[field], kind: field.kind),
            hint: StatementQuestion.hint(for: field.kind),
            step: walkLength > 1 ? "\(walkLength - queue.count + 1) of \(walkLength)" : nil
        )
    }

    private static func rows(of profile: StatementVehicle) -> [Row] {
        VehicleField.profileFields.enumerated().map { index, field in
            Row(number: index + 1, label: StatementWords.english.field(field), value: StatementQuestion.shown(profile[field], kind: field.kind))
        }
    }
}
