import Presentation

/// One screen of the line-mode app: prints itself, and handles one typed line at a time.
@MainActor
protocol Screen: AnyObject {
    /// Prints the whole screen.
    func render(_ console: Console)
    /// Handles one typed line (help is handled before it reaches the screen).
    func handle(_ line: String) async
    /// What the prompt says.
    var prompt: String { get }
    /// The screen's keys and commands, one per line, for `h` or `?`.
    var keys: [String] { get }
    /// Whether the screen is waiting for free text (then `h` and `?` are answers, not help).
    var takesFreeText: Bool { get }
    /// A line printed just above the prompt (how to answer the question it asks); `nil` for none.
    var promptNote: String? { get }
    /// Input ended or a stop signal came while the screen asked something: what was half answered, and `typed` (what
    /// was on the line, not yet entered), is kept as an answer or said to be dropped, before the report is kept as a
    /// draft. What to say about it; `nil` for nothing.
    func keepHalfAnswered(typed: String) async -> UiMessage?
}

extension Screen {
    var prompt: String { "> " }
    var takesFreeText: Bool { false }
    var promptNote: String? { nil }
    func keepHalfAnswered(typed: String) async -> UiMessage? { nil }
}
