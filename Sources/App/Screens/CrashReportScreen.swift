import Presentation
import Wording

/// The Crash report screen: `v` View, `s` Share (asks where), `b` Back to Assistance.
@MainActor
final class CrashReportScreen: Screen {
    private let viewModel: CrashReportViewModel
    private let navigator: Navigator
    private let parent: AnyObject
    private var bindings: [AnyObject] = []

    init(viewModel: CrashReportViewModel, navigator: Navigator, parent: AnyObject) {
        self.viewModel = viewModel
        self.navigator = navigator
        self.parent = parent
        bindings.append(navigator.forwardMessages(of: viewModel.message))
        bindings.append(viewModel.document.bind { [weak self] document in
            guard let navigator = self?.navigator, let document else { return }
            navigator.console.line()
            // Line by line, so long lines break between words in a terminal.
            var text = document.text
            while text.hasSuffix("\n") { text.removeLast() }
            navigator.console.line(text)
            navigator.console.line()
            navigator.console.line(document.locationLine)
            navigator.keepsOutput = true
        })
        bindings.append(viewModel.prompt.bind { [weak self] prompt in
            if prompt != nil { self?.navigator.keepsOutput = true }
        })
    }

    var keys: [String] {
        let words = viewModel.words
        return [
            "v  " + words("View crash report (the whole report, and where its document is)"),
            "s  " + words("Share crash report (asks where to write it; Enter takes the default)"),
            "b  " + words("Back to Assistance"),
        ]
    }

    var prompt: String { viewModel.prompt.value?.question(words: viewModel.words) ?? "> " }
    var takesFreeText: Bool { viewModel.prompt.value != nil }

    func render(_ console: Console) {
        let state = viewModel.state.value
        let words = viewModel.words
        console.title(words("{title} — crash ID {crashID}", ["title": state.title, "crashID": state.crashID]))
        if let location = state.documentLocation {
            console.line("  " + words("Document: {location}", ["location": location]))
        }
        if let claim = state.claim { console.line("  " + claim) }
        if !state.timeline.isEmpty {
            console.line("  " + words("Your claim so far:"))
            for step in state.timeline { console.line("    " + step) }
        }
        console.options(state.options)
    }

    func handle(_ line: String) async {
        if viewModel.prompt.value != nil {
            await viewModel.answer(LineText.path(line))
            return
        }
        switch LineText(line).key ?? "" {
        case "v": await viewModel.view()
        case "s": viewModel.share()
        case "b": viewModel.back()
        default: navigator.unknown(line)
        }
    }
}
