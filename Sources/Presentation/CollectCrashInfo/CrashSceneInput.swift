import Domain
import Foundation

/// Reads "when and where" as the driver types it after `w`:
///
///     <when> [<latitude>,<longitude>] [<address>]
///
/// `<when>` is `now`, a time of today `HH:MM`, or a date and time `YYYY-MM-DD HH:MM` (local time).
/// The place is optional: a coordinate in decimal degrees without spaces (`47.4979,19.0402`),
/// an address, or a coordinate followed by an address. Without a place the known place is kept.
public struct CrashSceneInput: Sendable {
    /// What `w` accepts, for help and error messages.
    public static let syntax = "w <now | HH:MM | YYYY-MM-DD HH:MM> [latitude,longitude] [address]"
    public static let examples = ["w now 47.4979,19.0402", "w 2026-11-21 17:42 Andrássy út 12, Budapest"]

    private let calendar: Calendar

    public init(timeZone: TimeZone = .current) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.calendar = calendar
    }

    /// - Parameters:
    ///   - text: what follows `w`.
    ///   - current: the scene so far; its place is kept when the text gives none.
    ///   - now: the moment `now` and times of today refer to.
    /// - Throws: `CrashSceneInput.Failure` or `InputError`, each naming what is wrong and what to type.
    public func parse(_ text: String, current: CrashScene, now: Date) throws -> CrashScene {
        var words = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard let first = words.first else { throw Failure(Self.usage("Say when the crash happened")) }
        words.removeFirst()

        let occurredAt: Date
        if first.lowercased() == "now" {
            occurredAt = now
        } else if let time = Self.clockTime(first) {
            occurredAt = try date(on: now, hour: time.hour, minute: time.minute)
        } else if let day = Self.calendarDay(first) {
            guard let timeWord = words.first, let time = Self.clockTime(timeWord) else {
                throw Failure(Self.usage("Give the time after the date, e.g. \(first) 17:42"))
            }
            words.removeFirst()
            occurredAt = try date(year: day.year, month: day.month, day: day.day, hour: time.hour, minute: time.minute)
        } else {
            throw Failure(Self.usage("“\(first)” is not a time"))
        }

        guard !words.isEmpty else {
            return try CrashScene(occurredAt: occurredAt, coordinate: current.coordinate, address: current.address)
        }
        var coordinate: Coordinate?
        if let pair = Self.coordinatePair(words[0]) {
            coordinate = try Coordinate(latitude: pair.latitude, longitude: pair.longitude)
            words.removeFirst()
        }
        let address = words.isEmpty ? nil : words.joined(separator: " ")
        return try CrashScene(occurredAt: occurredAt, coordinate: coordinate, address: address)
    }

    /// What went wrong with the typed text, and how to type it.
    public struct Failure: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
        public let description: String

        init(_ description: String) {
            self.description = description
        }

        public var errorDescription: String? { description }
    }

    // MARK: - Pieces

    private static func usage(_ problem: String) -> String {
        "\(problem). Type \(syntax), e.g. \(examples[0])"
    }

    private static func clockTime(_ word: String) -> (hour: Int, minute: Int)? {
        let parts = word.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
              let hour = Int(parts[0]), let minute = Int(parts[1]),
              (0...23).contains(hour), (0...59).contains(minute) else { return nil }
        return (hour, minute)
    }

    private static func calendarDay(_ word: String) -> (year: Int, month: Int, day: Int)? {
        let parts = word.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, (1...2).contains(parts[1].count), (1...2).contains(parts[2].count),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]) else { return nil }
        return (year, month, day)
    }

    /// Two decimal numbers separated by a comma, e.g. `47.4979,19.0402` or `-33.9,151.2`.
    private static func coordinatePair(_ word: String) -> (latitude: Double, longitude: Double)? {
        let parts = word.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy(isDecimal),
              let latitude = Double(parts[0]), let longitude = Double(parts[1]) else { return nil }
        return (latitude, longitude)
    }

    private static func isDecimal(_ text: Substring) -> Bool {
        var body = text
        if body.first == "-" || body.first == "+" { body = body.dropFirst() }
        let pieces = body.split(separator: ".", omittingEmptySubsequences: false)
        guard !body.isEmpty, pieces.count <= 2, let whole = pieces.first, !whole.isEmpty else { return false }
        return pieces.allSatisfy { piece in piece.allSatisfy { $0.isASCII && $0.isNumber } }
            && (pieces.count == 1 || !pieces[1].isEmpty)
    }

    private func date(on reference: Date, hour: Int, minute: Int) throws -> Date {
        let day = calendar.dateComponents([.year, .month, .day], from: reference)
        return try date(year: day.year ?? 1970, month: day.month ?? 1, day: day.day ?? 1, hour: hour, minute: minute)
    }

    private func date(year: Int, month: Int, day: Int, hour: Int, minute: Int) throws -> Date {
        let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute)
        guard components.isValidDate(in: calendar), let date = calendar.date(from: components) else {
            throw Failure("\(year)-\(month)-\(day) is not a date. Give the date as YYYY-MM-DD, e.g. 2026-11-21")
        }
        return date
    }
}
