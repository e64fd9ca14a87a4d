import Presentation
import Wording

/// A question asked one field at a time, as the prompt shows it — `(3 of 23) B: Registration plate [M-AB 1234] > ` —
/// and the note above it saying how to answer: one form on every screen that asks (statement, profile, parties).
enum QuestionPrompt {
    static func prompt(_ question: StatementQuestion?) -> String {
        guard let question else { return "> " }
        let step = question.step.map { "(\($0)) " } ?? ""
        // A value of several lines shows on the prompt's one line.
        let current = question.current.map { " [\($0.replacingOccurrences(of: "\n", with: " ").prefix(40))]" } ?? ""
        return "\(step)\(question.label)\(current) > "
    }

    static func note(_ question: StatementQuestion?, words: Words) -> String? {
        question.map { "  " + StatementQuestion.note(for: $0, words: words) }
    }
}
