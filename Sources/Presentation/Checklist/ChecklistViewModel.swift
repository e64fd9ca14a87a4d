/// The Emergency checklist, shown when the Crash Assistant opens and again on request.
@MainActor
public final class ChecklistViewModel {
    // MARK: - Outputs

    public let checklist = Box(ChecklistUiModel.standard)

    /// Told when the driver continues.
    public var didFinish: (() -> Void)?

    public init() {}

    // MARK: - Inputs

    public func proceed() {
        didFinish?()
    }
}
