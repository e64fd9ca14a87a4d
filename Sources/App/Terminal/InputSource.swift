import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads standard input line by line on its own thread, and hears SIGINT, SIGTERM and SIGHUP,
/// feeding both into one stream, so the main actor never blocks on input. In a terminal, lines are edited with
/// ``TerminalLineEditor``; from a pipe or a file they are read as they come.
final class InputSource {
    static let stopSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    let events: AsyncStream<InputEvent>
    private let signalSources: [any DispatchSourceSignal]

    /// - Parameter editor: edits the lines in a terminal; `nil` reads plain lines.
    init(editor: TerminalLineEditor? = nil) {
        let (events, continuation) = AsyncStream.makeStream(of: InputEvent.self)
        self.events = events
        // A parent may have left them blocked; the app must hear them.
        var stopSet = sigset_t()
        sigemptyset(&stopSet)
        for number in Self.stopSignals { sigaddset(&stopSet, number) }
        pthread_sigmask(SIG_UNBLOCK, &stopSet, nil)
        var sources: [any DispatchSourceSignal] = []
        for number in Self.stopSignals {
            // The default action would end the process at once; the source hears it instead.
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { continuation.yield(.signal(number)) }
            source.resume()
            sources.append(source)
        }
        signalSources = sources
        let reader = Thread {
            func next() -> String? {
                if let editor { editor.readLine() } else { readLine(strippingNewline: true) }
            }
            while let line = next() {
                continuation.yield(.line(line))
            }
            continuation.yield(.endOfInput)
        }
        reader.name = "crash-assistant input"
        reader.start()
    }

    deinit {
        for source in signalSources { source.cancel() }
    }
}
