import Foundation

/// When and where the crash happened. "Where" is a coordinate, an address, both or not yet known.
public struct CrashScene: Sendable, Hashable {
    /// The most characters an address may have (``TextLimit/address``, which bounds its bytes too).
    public static let maximumAddressLength = TextLimit.address.characters

    public let occurredAt: Date
    public let coordinate: Coordinate?
    public let address: String?

    /// A scene whose place is not known yet.
    public init(occurredAt: Date) {
        self.occurredAt = occurredAt
        self.coordinate = nil
        self.address = nil
    }

    /// A scene known by its time and, when known, a coordinate (no address).
    public init(occurredAt: Date, coordinate: Coordinate?) {
        self.occurredAt = occurredAt
        self.coordinate = coordinate
        self.address = nil
    }

    /// - Throws: `InputError.addressTooLong` for an address over ``maximumAddressLength`` characters,
    ///   `InputError.addressTooLarge` for one over its bytes (``TextLimit/address``), `InputError.addressHasControlCharacter`
    ///   for one that is not plain text. A blank address counts as none.
    public init(occurredAt: Date, coordinate: Coordinate?, address: String?) throws(InputError) {
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
        self.occurredAt = occurredAt
        self.coordinate = coordinate
        self.address = cleaned
    }

    /// Whether a place (coordinate or address) is known.
    public var hasLocation: Bool { coordinate != nil || address != nil }

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
