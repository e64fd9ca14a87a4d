import Presentation

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

    var keys: [String] {
        [
            "1  Who was injured?",
            "2  Other driver's info",
            "3  Collect your info",
            "4  Accident statement: both vehicles, the 17 circumstances, witnesses, police",
            "c  Create crash report (once the report holds something)",
            "w  Set when and where: \(CrashSceneInput.syntax)",
            "     e.g. \(CrashSceneInput.examples.joined(separator: "   or   "))",
            "     the place is optional: latitude,longitude (no spaces), an address, or both",
            "i  Emergency checklist",
            "x  Close: keep editing, save as draft, or discard",
        ]
    }

    func render(_ console: Console) {
        let state = viewModel.state.value
        console.title("\(state.title) — crash ID \(state.crashID)")
        if let note = state.crashIDNote { console.line(console.styled("  (\(note))", .dim)) }
        if let detection = state.detection { console.line("  Detected by the vehicle: \(detection)") }
        console.line("  When:  \(state.when)")
        console.line("  Where: " + (state.hasPlace ? state.place : console.styled(state.place + " (set it with w)", .dim)))
        console.line()
        for row in state.categories {
            let mark = row.isComplete ? console.styled("[✓]", .good) : "[ ]"
            let summary = row.summary.map { " — \($0)" } ?? ""
            console.line("  \(console.styled(row.key, .key))  \(mark) \(row.title)\(summary)")
        }
        console.line()
        console.option(state.create)
        for option in state.options { console.option(option) }
    }

    var prompt: String { viewModel.pendingCreate == nil ? "> " : "y/n > " }

    func handle(_ line: String) async {
        let text = LineText(line)
        if viewModel.pendingCreate != nil {
            switch text.key {
            case "y", "yes": return await viewModel.confirmCreate(true)
            case "n", "no", "": return await viewModel.confirmCreate(false)
            default: await viewModel.confirmCreate(false)
            }
        }
        switch text.command == "w" ? "w" : text.key ?? "" {
        case "1": viewModel.openInjuries()
        case "2": viewModel.openOtherDriver()
        case "3": viewModel.openYourInfo()
        case "4": await viewModel.openStatement()
        case "c": await viewModel.create()
        case "i": viewModel.showChecklist()
        case "x": viewModel.close()
        case "w":
            if text.rest.isEmpty {
                navigator.notice(.error("Say when (and where): \(CrashSceneInput.syntax), e.g. \(CrashSceneInput.examples[0])"))
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
