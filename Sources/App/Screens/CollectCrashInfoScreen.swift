import Domain
import Presentation
import Wording

/// Collect Crash Info, the landing screen of the Crash Assistant.
@MainActor
final class CollectCrashInfoScreen: Screen {
    private let viewModel: CollectCrashInfoViewModel
    private let navigator: Navigator
    private let parent: AnyObject
    private var bindings: [AnyObject] = []

    init(viewModel: CollectCrashInfoViewModel, navigator: Navigator, parent: AnyObject) {
        self.viewModel = viewModel
        self.navigator = navigator
        self.parent = parent
        bindings.append(navigator.forwardMessages(of: viewModel.message))
        bindings.append(viewModel.route.bind { [weak self] route in self?.go(route) })
    }

    /// The language the screen speaks.
    private var words: Words { viewModel.words }

    var keys: [String] {
        let screen = ScreenWords(words)
        let examples = CrashSceneInput.examples
        return [
            "1  " + screen.category(.injuries),
            "2  " + screen.category(.otherDriver),
            "3  " + words("Collect your info"),
            "4  " + words("Accident statement: both vehicles, the 17 circumstances, witnesses, police"),
            "5  " + words("Other parties: cyclists, pedestrians, property, a vehicle that left the scene"),
            "c  " + words("Create crash report (once the report holds something)"),
            "w  " + words("Set when and where: {syntax}", ["syntax": CrashSceneInput.syntax(words: words)]),
            "     " + words("e.g. {first}   or   {second}", ["first": examples[0], "second": examples[examples.count - 1]]),
            "     " + words("the place is optional: latitude,longitude (no spaces), an address, or both"),
            "i  " + words("Emergency checklist"),
            "x  " + words("Close: keep editing, save as draft, or discard"),
        ]
    }

    func render(_ console: Console) {
        let state = viewModel.state.value
        console.title(words("{title} — crash ID {crashID}", ["title": state.title, "crashID": state.crashID]))
        if let note = state.crashIDNote { console.line(console.styled("  " + words("({note})", ["note": note]), .dim)) }
        if let detection = state.detection { console.line("  " + words("Detected by the vehicle: {detection}", ["detection": detection])) }
        console.line("  " + words("When:  {when}", ["when": state.when]))
        let place = state.hasPlace ? state.place : console.styled(words("{place} (set it with w)", ["place": state.place]), .dim)
        console.line("  " + words("Where: {place}", ["place": place]))
        console.line()
        for row in state.categories {
            let mark = row.isComplete ? console.styled("[✓]", .good) : "[ ]"
            let title = row.summary.map { words("{title} — {summary}", ["title": row.title, "summary": $0]) } ?? row.title
            console.line("  \(console.styled(row.key, .key))  \(mark) \(title)")
        }
        console.line()
        console.option(state.create)
        for option in state.options { console.option(option) }
    }

    var prompt: String { viewModel.pendingCreate == nil ? "> " : "y/n > " }

    func handle(_ line: String) async {
        let text = LineText(line)
        if viewModel.pendingCreate != nil {
            // Nothing typed at the question is run as a key of the screen.
            guard let yes = YesNo.answer(line, words: words) else { return navigator.notice(.error(YesNo.askAgain(line, words: words))) }
            return await viewModel.confirmCreate(yes)
        }
        switch text.command == "w" ? "w" : text.key ?? "" {
        case "1": viewModel.openInjuries()
        case "2": viewModel.openOtherDriver()
        case "3": viewModel.openYourInfo()
        case "4": await viewModel.openStatement()
        case "5": viewModel.openParties()
        case "c": await viewModel.create()
        case "i": viewModel.showChecklist()
        case "x": viewModel.close()
        case "w":
            if text.rest.isEmpty {
                navigator.notice(.error(words(
                    "Say when (and where): {syntax}, e.g. {example}",
                    ["syntax": CrashSceneInput.syntax(words: words), "example": CrashSceneInput.examples[0]]
                )))
            } else {
                await viewModel.setWhenAndWhere(text.rest)
            }
        default: navigator.unknown(line)
        }
    }

    private func go(_ route: CollectCrashInfoViewModel.Route) {
        switch route {
        case let .checklist(checklist):
            navigator.show(ChecklistScreen(viewModel: checklist, navigator: navigator, parent: self))
        case .landing:
            navigator.show(self)
        case let .injuries(page):
            _ = InjuryScreen(viewModel: page, navigator: navigator, parent: self)
        case let .photoPage(page):
            _ = PhotoPageScreen(viewModel: page, navigator: navigator, parent: self)
        case let .statement(page):
            _ = StatementScreen(viewModel: page, navigator: navigator, parent: self)
        case let .parties(page):
            _ = PartiesScreen(viewModel: page, navigator: navigator, parent: self)
        case let .close(dialog):
            navigator.show(DialogScreen(
                dialog: dialog.dialog.value,
                message: dialog.message,
                actions: [
                    "k": { dialog.keepEditing() },
                    "s": { await dialog.saveDraft() },
                    "d": { await dialog.discard() },
                ],
                navigator: navigator,
                parent: self
            ))
        case let .crashReport(report):
            navigator.show(CrashReportScreen(viewModel: report, navigator: navigator, parent: self))
        }
    }
}
