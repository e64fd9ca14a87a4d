import Wording
/// The Emergency checklist, shown when the Crash Assistant opens and again on request.
@MainActor
public final class ChecklistViewModel {
    // MARK: - Outputs

    public let checklist: Box<ChecklistUiModel>

    /// Told when the driver continues.
    public var didFinish: (() -> Void)?

    /// The language the screen speaks.
    public let words: Words

    public init(words: Words = .english) {
        self.words = words
        checklist = Box(ChecklistUiModel(words: words))
    }

    // MARK: - Inputs

    public func proceed() {
        didFinish?()
    }
}
