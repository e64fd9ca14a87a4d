import Wording

/// The Emergency checklist: what to do first after a crash.
public struct ChecklistUiModel: Sendable, Hashable {
    public let title: String
    public let items: [String]
    public let footer: String

    /// The standard checklist, in the driver's language.
    public init(words: Words = .english) {
        title = words("Emergency checklist")
        items = [
            words("Stop safely, switch on your hazard lights and put out the warning triangle."),
            words("Check whether anyone is hurt. If so, call the emergency number 112 at once; do not move an injured person unless they are in danger."),
            words("Call the police if someone is injured, a road is blocked, or the other driver will not cooperate."),
            words("Exchange names, phone numbers, licence, insurance and licence plate details with the other driver."),
            words("Take photos of both vehicles, the plates, the damage and the scene before anything is moved."),
            words("Do not admit fault or sign anything you are unsure of; stick to the facts."),
        ]
        footer = words("Press Enter to continue.")
    }
}
