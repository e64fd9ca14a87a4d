import CCairo
import Synchronization

/// Pango font maps kept from one drawing to the next. A font map is Pango's view of the fonts fontconfig offers, with
/// the fonts it has looked up and loaded: building it again for each PDF cost about 5 ms of a one-page report. It is
/// not thread-safe, so each drawing takes one for itself and gives it back when it ends; there are as many as PDFs
/// were ever drawn at once. (Pango's default font map belongs to the thread that asks for it, and a drawing moves
/// between threads at each `await` while other drawings run on them, so it is not used.)
enum PangoFontMaps {
    /// A font map no drawing holds.
    private struct Idle: @unchecked Sendable { // safe: only the pool holds it, and only one drawing takes it out
        let fontMap: OpaquePointer
    }

    private static let idle = Mutex<[Idle]>([])

    /// A font map for one drawing, to give back when it ends: one given back before, or a new one.
    static func take() -> OpaquePointer? {
        if let kept = idle.withLock({ $0.popLast() }) { return kept.fontMap }
        return crash_pango_font_map_new()
    }

    /// Keeps a font map for a later drawing; nothing of the drawing that gave it back may use it any more.
    static func giveBack(_ fontMap: OpaquePointer) {
        idle.withLock { $0.append(Idle(fontMap: fontMap)) }
    }
}
