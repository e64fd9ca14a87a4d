import Foundation

/// A value the driver typed (or a link carried) that the product cannot accept. Each case carries the facts;
/// the edges (the app, the server) choose the words.
public enum InputError: Error, Sendable, Hashable {
    /// `raw` is not a crash ID; `reason` says which rule it breaks.
    case invalidCrashID(String, reason: String)
    /// `link` is not a Crash Assistant deep link; `reason` says what is wrong with it.
    case invalidDeepLink(String, reason: String)
    /// A coordinate out of range; the associated text says which part and why.
    case invalidCoordinate(String)
    case addressTooLong(count: Int, limit: Int)
    /// An address of few characters made of very many code points: more UTF-8 bytes than its limit allows.
    case addressTooLarge(bytes: Int, limit: Int)
    case noteTooLong(count: Int, limit: Int)
    /// A note of few characters made of very many code points: more UTF-8 bytes than its limit allows.
    case noteTooLarge(bytes: Int, limit: Int)
    /// The note holds a character plain text may not (``TextLimit``): its code point.
    case noteHasControlCharacter(UInt32)
    /// The address holds a character plain text may not (``TextLimit``): its code point.
    case addressHasControlCharacter(UInt32)
    case crashTimeInFuture(Date)
    /// An offset from UTC, in minutes, no place has (outside ``CrashScene/utcOffsetRange``).
    case invalidUTCOffset(Int)
    /// `raw` is not 64 hexadecimal digits.
    case invalidContentHash(String)
}
