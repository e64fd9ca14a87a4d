import Presentation
import Wording

/// "Other driver's info" and "Your info": photo sections (and the note), `add`, `remove`, `note`, `d`, `x`.
@MainActor
final class PhotoPageScreen: Screen {
    private let viewModel: PhotoPageViewModel
    private let navigator: Navigator
    private let parent: AnyObject
    private var bindings: [AnyObject] = []
    private var words: Words { viewModel.words }

    init(viewModel: PhotoPageViewModel, navigator: Navigator, parent: AnyObject) {
        self.viewModel = viewModel
        self.navigator = navigator
        self.parent = parent
        bindings.append(navigator.forwardMessages(of: viewModel.message))
        bindings.append(viewModel.route.bind { [weak self] route in self?.go(route) })
    }

    var keys: [String] {
        let state = viewModel.state.value
        let numbers = state.sections.count == 1 ? "1" : "1-\(state.sections.count)"
        var keys = [
            ("add <\(numbers)> <file>", words("Add a JPEG or PNG photo, e.g. add 1 ~/Pictures/licence.jpg")),
            ("", words("(quote a path with spaces: add 2 \"my photos/plate.jpg\")")),
            ("remove <\(numbers)> <n>", words("Remove photo n of a section, e.g. remove 1 2")),
        ]
        if state.noteNumber != nil {
            keys.append(("note <text>", words("Set the additional note (note alone clears it)")))
        }
        keys += [
            ("d", words("Done")),
            ("x", words("Close (discard this page's information)")),
        ]
        return TerminalText.keyColumns(keys)
    }

    func render(_ console: Console) {
        let state = viewModel.state.value
        console.title(state.title)
        for section in state.sections {
            console.line("  \(console.styled(String(section.number), .key))  \(section.title) " + console.styled("(\(section.capacity))", .dim))
            if section.photos.isEmpty {
                console.line(console.styled("       " + words("no photos yet"), .dim))
            }
            for photo in section.photos {
                console.line("       \(photo.number). \(photo.fileName) — \(photo.format), \(photo.size), \(photo.pixelSize)")
            }
        }
        if let number = state.noteNumber {
            console.line("  \(console.styled(String(number), .key))  " + words("Additional note"))
            if let note = state.note {
                for line in note.split(separator: "\n", omittingEmptySubsequences: false) { console.line("       \(line)") }
            } else {
                console.line(console.styled("       " + words("none", context: "no additional note"), .dim))
            }
        }
        console.line()
        console.options(state.options)
    }

    var prompt: String { viewModel.pendingNote == nil ? "> " : "y/n > " }

    func handle(_ line: String) async {
        let text = LineText(line)
        if viewModel.pendingNote != nil {
            // Nothing typed at the question is run as a key of the screen.
            guard let yes = YesNo.answer(line, words: words) else { return navigator.notice(.error(YesNo.askAgain(line, words: words))) }
            return await viewModel.confirmNote(yes)
        }
        switch text.command {
        case "d" where text.rest.isEmpty: viewModel.done()
        case "x" where text.rest.isEmpty: viewModel.close()
        case "add":
            let parts = LineText(text.rest)
            guard let section = Int(parts.command), !parts.rest.isEmpty else {
                navigator.notice(.error(words("Type add, a section number and a file, e.g. add 1 ~/Pictures/licence.jpg")))
                return
            }
            await viewModel.addPhoto(path: LineText.path(parts.rest), toSection: section)
        case "remove":
            let numbers = LineText.words(text.rest)
            guard numbers.count == 2, let section = Int(numbers[0]), let photo = Int(numbers[1]) else {
                navigator.notice(.error(words("Type remove, a section number and a photo number, e.g. remove 1 2")))
                return
            }
            await viewModel.removePhoto(section: section, photoNumber: photo)
        case "note":
            await viewModel.setNote(text.rest)
        default:
            if let number = Int(text.command), text.rest.isEmpty {
                let values = ["number": String(number)]
                navigator.notice(.error(viewModel.state.value.noteNumber == number
                    ? words("{number} is a section, not a key. Type note <text> to set the note.", values)
                    : words("{number} is a section, not a key. Type add {number} <file> to add a photo to it.", values)))
            } else {
                navigator.unknown(line)
            }
        }
    }

    private func go(_ route: PageRoute) {
        navigator.show(route, page: self)
    }
}
