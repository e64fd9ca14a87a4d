/// What the interactive app reacts to: a line typed, the end of input, or a signal to stop.
enum InputEvent: Sendable, Equatable {
    case line(String)
    case endOfInput
    case signal(Int32)
}
