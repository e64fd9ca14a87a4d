import Domain
import Presentation
import Wording

/// "Accident statement": the overview (`1`–`5`, `d`, `x`), a vehicle's column (`e`, field numbers, `r`, `p`, `f`, `d`),
/// the circumstances (`a 1 12`, `b 3`, `d`), the witnesses (`add`, `remove n`, `d`), police and other damage (`p`, `o`,
/// `d`). While a question is asked every line is its answer.
@MainActor
final class StatementScreen: Screen {
    private let viewModel: StatementViewModel
    private let navigator: Navigator
    private let parent: AnyObject
    private var bindings: [AnyObject] = []
    /// The language the screen speaks.
    private var words: Words { viewModel.words }

    init(viewModel: StatementViewModel, navigator: Navigator, parent: AnyObject) {
        self.viewModel = viewModel
        self.navigator = navigator
        self.parent = parent
        bindings.append(navigator.forwardMessages(of: viewModel.message))
        bindings.append(viewModel.route.bind { [weak self] route in self?.go(route) })
    }

    var keys: [String] {
        switch viewModel.page {
        case .overview:
            [
                "1    " + words("Vehicle A: yours (your profile fills it in)"),
                "2    " + words("Vehicle B: the other driver's"),
                "3    " + words("Circumstances: the 17 boxes, for both vehicles"),
                "4    " + words("Witnesses"),
                "5    " + words("Police and damage to other property"),
                "s    " + words("With a server: a link and QR code for the other driver to fill in vehicle B on their phone"),
                "g    " + words("Sign vehicle A's side: you agree to the whole statement as it is now"),
                "o    " + words("The other driver signs vehicle B's side here, on this device (as on paper: not verified)"),
                "d    " + words("Done"),
                "x    " + words("Close (discard the whole statement)"),
            ]
        case let .vehicle(side):
            [
                "e        " + words("Enter every field in turn (then the remarks)"),
                "1-\(VehicleField.allCases.count)     " + words("Enter those fields in turn, e.g. 6 7"),
                "r        " + words("Remarks"),
            ] + (side == .a ? [
                "p        " + words("Keep vehicle A's details as yours: every new report starts with them"),
                "f        " + words("Fill vehicle A's empty fields from your details"),
            ] : []) + [
                "d        " + words("Done (back to the statement)"),
                words("When asked: type the value and Enter; Enter alone keeps it, - clears it, . stops asking"),
            ]
        case .circumstances:
            [
                "a 1-17   " + words("Tick or clear vehicle A's boxes; several at once, e.g. a 1 12"),
                "b 1-17   " + words("Tick or clear vehicle B's boxes"),
                "d        " + words("Done (back to the statement)"),
            ]
        case .witnesses:
            [
                "add        " + words("Add a witness (name, address, phone; a name or a phone number at least)"),
                "remove <n> " + words("Remove witness n"),
                "d          " + words("Done (back to the statement)"),
            ]
        case .police:
            [
                "p    " + words("Whether the police came; their report number and station"),
                "o    " + words("Damage to anything but the two vehicles"),
                "d    " + words("Done (back to the statement)"),
            ]
        }
    }

    var takesFreeText: Bool { viewModel.question.value != nil }

    var prompt: String { QuestionPrompt.prompt(viewModel.question.value) }

    func render(_ console: Console) {
        let state = viewModel.state.value
        console.title(state.title)
        console.line("  " + console.styled(state.completeness, .dim))
        for flag in state.flags { console.line("  " + console.styled("! " + flag, .bad)) }
        switch state.page {
        case .overview, .witnesses, .police:
            if state.page == .witnesses, state.rows.isEmpty { console.line(console.styled("  " + words("no witnesses yet"), .dim)) }
            for row in state.rows {
                let value = row.value.map { " — \($0.replacingOccurrences(of: "\n", with: " / "))" } ?? ""
                console.line("  \(console.styled(row.key, .key))  \(row.title)\(value)")
            }
            if state.page == .overview { for note in state.notes { console.line("  " + console.styled(note, .dim)) } }
        case .vehicle:
            for row in state.rows {
                let key = console.styled(row.key.count == 1 ? " " + row.key : row.key, .key)
                let value = row.value.map { $0.replacingOccurrences(of: "\n", with: " / ") } ?? console.styled("—", .dim)
                console.line("  \(key)  \(row.title): \(value)")
            }
            for note in state.notes { console.line("  " + console.styled(note, .dim)) }
        case .circumstances:
            console.line("        A    B")
            for row in state.circumstances {
                let number = row.number < 10 ? " \(row.number)" : "\(row.number)"
                let a = row.a ? console.styled("[x]", .good) : "[ ]"
                let b = row.b ? console.styled("[x]", .good) : "[ ]"
                console.line("  \(console.styled(number, .key))  \(a)  \(b)  \(row.wording)")
            }
            if let counts = state.counts { console.line("  " + counts) }
        }
        console.line()
        console.options(state.options)
    }

    func handle(_ line: String) async {
        if viewModel.question.value != nil {
            await viewModel.answer(line)
            // Between questions only the next prompt is printed, so typing a column goes quickly.
            if viewModel.question.value != nil { navigator.keepsOutput = true }
            return
        }
        let text = LineText(line)
        // `6 7`, `6,7` and `6, 7` alike, as everywhere a list of numbers is typed.
        let listed = LineText.numbers(line)
        let numbers = listed ?? []
        let allNumbers = listed != nil
        switch (viewModel.page, text.command) {
        case (_, "d") where text.rest.isEmpty: viewModel.done()
        case (.overview, "x") where text.rest.isEmpty: viewModel.close()
        case (.overview, "g") where text.rest.isEmpty: viewModel.sign(.a)
        case (.overview, "o") where text.rest.isEmpty: viewModel.sign(.b)
        case (.overview, "s") where text.rest.isEmpty:
            viewModel.link.value = nil
            await viewModel.makeLink()
            if let link = viewModel.link.value { printLink(link, on: navigator.console) }
        case (.overview, _) where allNumbers && numbers.count == 1: await viewModel.open(part: numbers[0])
        case (.vehicle, "e") where text.rest.isEmpty: viewModel.askEveryField()
        case (.vehicle, "r") where text.rest.isEmpty: viewModel.askRemarks()
        case (.vehicle(.a), "p") where text.rest.isEmpty: await viewModel.keepAsProfile()
        case (.vehicle(.a), "f") where text.rest.isEmpty: await viewModel.fillFromProfile()
        case (.vehicle, _) where allNumbers: viewModel.ask(fieldNumbers: numbers)
        case (.circumstances, "a"), (.circumstances, "b"):
            guard let boxes = LineText.numbers(text.rest) else {
                navigator.notice(.error(words("Type {key} and box numbers from 1 to 17, e.g. {key} 1 12", ["key": text.command])))
                return
            }
            await viewModel.toggle(text.command == "a" ? .a : .b, numbers: boxes)
        case (.witnesses, "add") where text.rest.isEmpty: viewModel.addWitness()
        case (.witnesses, "remove"):
            guard let number = Int(text.rest.trimmingCharacters(in: .whitespaces)) else {
                navigator.notice(.error(words("Type remove and the witness's number, e.g. remove 1")))
                return
            }
            await viewModel.removeWitness(number: number)
        case (.police, "p") where text.rest.isEmpty: viewModel.askPolice()
        case (.police, "o") where text.rest.isEmpty: viewModel.askOtherDamage()
        default: navigator.unknown(line)
        }
    }

    /// The link as a QR code to scan from this screen, and as text to send.
    private func printLink(_ link: StatementShareLink, on console: Console) {
        console.line()
        if let modules = QRCodeText.modules(for: link.url) {
            for line in QRCodeText.lines(modules) { console.line("  " + line) }
        }
        console.line()
        console.line("  " + link.url)
        navigator.keepsOutput = true
    }

    var promptNote: String? { QuestionPrompt.note(viewModel.question.value, words: words) }

    func keepHalfAnswered(typed: String) async -> UiMessage? {
        await viewModel.keepHalfAnswered(typed: typed)
    }

    private func go(_ route: PageRoute) {
        navigator.show(route, page: self)
    }
}
