import Domain
import Wording

/// "Other driver's info" or "Your info": photo sections and, for the other driver, the additional note.
public struct PhotoPageUiModel: Sendable, Hashable {
    public let title: String
    public let sections: [PhotoSectionUiModel]
    /// The note row's number, or `nil` on a page without a note.
    public let noteNumber: Int?
    /// The note, or `nil` when none is written.
    public let note: String?
    public let options: [MenuOption]

    public init(_ category: InfoCategory, of report: CrashReport, words: Words = .english) {
        title = ScreenWords(words).category(category == .otherDriver ? .otherDriver : .yourInfo)
        sections = category.photoSections.enumerated().map { PhotoSectionUiModel($1, number: $0 + 1, of: report, words: words) }
        let hasNote = category == .otherDriver
        noteNumber = hasNote ? sections.count + 1 : nil
        note = hasNote && report.hasNote ? report.otherDriverNote : nil
        let numbers = sections.count == 1 ? "1" : "1-\(sections.count)"
        var options = [
            MenuOption(key: "add <\(numbers)> <file>", title: words("Add a JPEG or PNG photo to a section")),
            MenuOption(key: "remove <\(numbers)> <n>", title: words("Remove photo n from a section")),
        ]
        if hasNote {
            options.append(MenuOption(key: "note <text>", title: words("Set the additional note (note alone clears it)")))
        }
        options += [MenuOption(key: "d", title: words("Done")), MenuOption(key: "x", title: words("Close"))]
        self.options = options
    }
}
