import Foundation

/// When and where the crash happened. "Where" is a coordinate, an address, both or not yet known; "when" is a moment,
/// shown in the local time of the scene when its offset from UTC is known.
public struct CrashScene: Sendable, Hashable {
    /// The most characters an address may have (``TextLimit/address``, which bounds its bytes too).
    public static let maximumAddressLength = TextLimit.address.characters
    /// The widest offset from UTC a place has (ISO 8601 allows ±18 hours; inhabited places span −12 to +14).
    public static let utcOffsetRange = -18 * 60...18 * 60

    public let occurredAt: Date
    public let coordinate: Coordinate?
    public let address: String?
    /// The scene's local time's offset from UTC at ``occurredAt``, in minutes (`60`: UTC+01:00), when known: every
    /// screen and document shows the report's times in it, wherever it is read.
    public let utcOffsetMinutes: Int?

    /// A scene whose place is not known yet.
    public init(occurredAt: Date, utcOffsetMinutes: Int? = nil) {
        self.occurredAt = occurredAt
        self.coordinate = nil
        self.address = nil
        self.utcOffsetMinutes = utcOffsetMinutes.flatMap(Self.checkedOffset)
    }

    /// A scene known by its time and, when known, a coordinate (no address).
    public init(occurredAt: Date, coordinate: Coordinate?, utcOffsetMinutes: Int? = nil) {
        self.occurredAt = occurredAt
        self.coordinate = coordinate
        self.address = nil
        self.utcOffsetMinutes = utcOffsetMinutes.flatMap(Self.checkedOffset)
    }

    /// - Throws: `InputError.addressTooLong` for an address over ``maximumAddressLength`` characters,
    ///   `InputError.addressTooLarge` for one over its bytes (``TextLimit/address``), `InputError.addressHasControlCharacter`
    ///   for one that is not plain text, `InputError.invalidUTCOffset` for an offset outside ``utcOffsetRange``. A
    ///   blank address counts as none.
    public init(occurredAt: Date, coordinate: Coordinate?, address: String?, utcOffsetMinutes: Int? = nil) throws(InputError) {
        if let address {
            switch TextLimit.address.problem(with: address) {
            case let .bytes(count, limit)?: throw .addressTooLarge(bytes: count, limit: limit)
            case let .controlCharacter(codePoint)?: throw .addressHasControlCharacter(codePoint)
            case .characters?, nil: break
            }
        }
        let trimmed = address?.trimmingCharacters(in: .whitespaces)
        let cleaned = (trimmed?.isEmpty ?? true) ? nil : trimmed
        switch cleaned.flatMap(TextLimit.address.problem(with:)) {
        case let .characters(count, limit)?: throw .addressTooLong(count: count, limit: limit)
        case let .bytes(count, limit)?: throw .addressTooLarge(bytes: count, limit: limit)
        case let .controlCharacter(codePoint)?: throw .addressHasControlCharacter(codePoint)
        case nil: break
        }
        if let utcOffsetMinutes, Self.checkedOffset(utcOffsetMinutes) == nil { throw .invalidUTCOffset(utcOffsetMinutes) }
        self.occurredAt = occurredAt
        self.coordinate = coordinate
        self.address = cleaned
        self.utcOffsetMinutes = utcOffsetMinutes
    }

    /// The offset of `timeZone` at the moment `date`, in minutes.
    public static func utcOffsetMinutes(of timeZone: TimeZone, at date: Date) -> Int {
        timeZone.secondsFromGMT(for: date) / 60
    }

    private static func checkedOffset(_ minutes: Int) -> Int? {
        utcOffsetRange.contains(minutes) ? minutes : nil
    }

    /// Whether a place (coordinate or address) is known.
    public var hasLocation: Bool { coordinate != nil || address != nil }

    /// This scene with `minutes` as its offset (`nil`: unknown).
    public func withUTCOffset(_ minutes: Int?) -> CrashScene {
        CrashScene(unchecked: occurredAt, coordinate: coordinate, address: address, utcOffsetMinutes: minutes.flatMap(Self.checkedOffset))
    }

    private init(unchecked occurredAt: Date, coordinate: Coordinate?, address: String?, utcOffsetMinutes: Int?) {
        self.occurredAt = occurredAt
        self.coordinate = coordinate
        self.address = address
        self.utcOffsetMinutes = utcOffsetMinutes
    }

    /// The place as one line: "address (lat, long)", either part alone, or `nil` when unknown.
    public var locationText: String? {
        switch (address, coordinate) {
        case let (address?, coordinate?): "\(address) (\(coordinate))"
        case let (address?, nil): address
        case let (nil, coordinate?): coordinate.description
        case (nil, nil): nil
        }
    }
}
