import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads standard input line by line on its own thread, and hears SIGINT, SIGTERM and SIGHUP,
/// feeding both into one stream, so the main actor never blocks on input.
final class InputSource {
    static let stopSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    let events: AsyncStream<InputEvent>
    private let signalSources: [any DispatchSourceSignal]

    init() {
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
            while let line = readLine(strippingNewline: true) {
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
