import Foundation

/// Identifies one party of a crash for as long as the report lives: a statement, a link or a merge names the party by
/// it, never by its place in the list.
public struct PartyID: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let rawValue: UUID

    public init(_ rawValue: UUID = UUID()) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue.uuidString.lowercased() }

    public static func < (left: PartyID, right: PartyID) -> Bool { left.description < right.description }
}

/// Someone or something, other than the driver's own vehicle (A), that the crash involved.
///
/// A party is one of: another motor vehicle (whose details are the vehicle B column of its own accident statement with
/// A, one statement per pair); a cyclist or a pedestrian (who gives their liability insurer, not a motor insurer);
/// property (a parked car whose owner is away, a fence, a lamp post); or a vehicle that left the scene (described by
/// what was seen).
public struct Party: Sendable, Hashable, Identifiable {
    public let id: PartyID
    public var kind: Kind
    /// For another motor vehicle, the vehicles besides A it touched: vehicle B (``StatementPair/b``), or another
    /// motor-vehicle party (``StatementPair/vehicle(_:)``). That it touched A is said by its statement with A. A contact
    /// is recorded on one of the two vehicles (``CrashParties/touching(_:)`` reads it from both sides); empty for
    /// other kinds.
    public internal(set) var touched: Set<StatementPair> = []
    /// For another motor vehicle, who in it was hurt: its driver, its passengers (either chosen on "Who was injured?",
    /// under the rule of ``InjurySelection``); empty for other kinds and when no one in it is said to be hurt.
    public internal(set) var hurt: Set<Occupant> = []

    public enum Kind: Sendable, Hashable {
        /// Another motor vehicle beside vehicle B: A and it make their own accident statement, whose column B holds its
        /// policyholder, vehicle, insurance and driver, with the circumstances, impact points and remarks of that pair.
        case motorVehicle(AccidentStatement)
        case cyclist(RoadUser)
        case pedestrian(RoadUser)
        case property(DamagedProperty)
        case leftTheScene(VehicleSeen)

        /// Whether an accident statement is made with this party (one per pair of motor vehicles).
        public var hasStatement: Bool {
            if case .motorVehicle = self { true } else { false }
        }

        public var role: Role {
            switch self {
            case .motorVehicle: .motorVehicle
            case .cyclist: .cyclist
            case .pedestrian: .pedestrian
            case .property: .property
            case .leftTheScene: .leftTheScene
            }
        }

        /// What is known of the party, field by field (a field with nothing in it is absent); ``injured`` aside.
        public var values: [PartyField: String] {
            let all: [PartyField: String] = switch self {
            // What is known of another motor vehicle is its statement's column B (``statement``).
            case .motorVehicle: [:]
            case let .cyclist(user), let .pedestrian(user):
                [.name: user.name, .phone: user.phone?.e164 ?? "", .address: user.address, .insurer: user.liabilityInsurer]
            case let .property(property): [.what: property.what, .owner: property.owner, .address: property.address]
            case let .leftTheScene(seen):
                [.plate: seen.plate, .colour: seen.colour, .makeAndModel: seen.makeAndModel, .direction: seen.direction, .policeReport: seen.policeReport]
            }
            return all.filter { !$0.value.isEmpty }
        }

        /// Whether it is a cyclist or a pedestrian: a person who may be hurt.
        public var isRoadUser: Bool {
            switch self {
            case .cyclist, .pedestrian: true
            default: false
            }
        }

        /// A cyclist or pedestrian with `injured` as whether they were hurt; another kind as it is.
        public func withInjured(_ injured: Bool?) -> Kind {
            switch self {
            case let .cyclist(user): .cyclist(user.with(injured: injured))
            case let .pedestrian(user): .pedestrian(user.with(injured: injured))
            default: self
            }
        }

        /// The accident statement A makes with this party: another motor vehicle's; `nil` for another kind.
        public var statement: AccidentStatement? {
            if case let .motorVehicle(statement) = self { statement } else { nil }
        }

        /// Whether a cyclist or pedestrian was hurt (`nil`: not known, or another kind of party).
        public var injured: Bool? {
            switch self {
            case let .cyclist(user), let .pedestrian(user): user.injured
            default: nil
            }
        }

        /// The party of `role` with these values, judged as typed (a phone number by the numbering plan).
        /// - Throws: ``PartyError`` naming the field that breaks its rule, or ``PartyError/vehicleOnStatement`` for a
        ///   motor vehicle.
        public init(_ role: Role, _ values: [PartyField: String], injured: Bool? = nil) throws(PartyError) {
            let value = { (field: PartyField) in values[field] ?? "" }
            switch role {
            case .motorVehicle: throw .vehicleOnStatement
            case .cyclist, .pedestrian:
                let user = try RoadUser(
                    name: value(.name), phone: value(.phone), address: value(.address), liabilityInsurer: value(.insurer), injured: injured
                )
                self = role == .cyclist ? .cyclist(user) : .pedestrian(user)
            case .property:
                self = .property(try DamagedProperty(what: value(.what), owner: value(.owner), address: value(.address)))
            case .leftTheScene:
                self = .leftTheScene(try VehicleSeen(
                    plate: value(.plate), colour: value(.colour), makeAndModel: value(.makeAndModel), direction: value(.direction),
                    policeReport: value(.policeReport)
                ))
            }
        }
    }

    /// What a party is, without what is known of it.
    public enum Role: String, Sendable, Hashable, CaseIterable {
        case motorVehicle, cyclist, pedestrian, property, leftTheScene

        /// The roles a driver adds as parties, in the order offered (another motor vehicle last: the first one is
        /// vehicle B of the statement).
        public static let added: [Role] = [.cyclist, .pedestrian, .property, .leftTheScene, .motorVehicle]

        /// The fields asked for a party of this role, in order (a cyclist's or pedestrian's ``PartyField/injured`` last).
        public var fields: [PartyField] {
            switch self {
            case .motorVehicle: []
            case .cyclist, .pedestrian: [.name, .phone, .address, .insurer, .injured]
            case .property: [.what, .owner, .address]
            case .leftTheScene: [.plate, .colour, .makeAndModel, .direction, .policeReport]
            }
        }
    }

    public init(id: PartyID = PartyID(), kind: Kind, touched: Set<StatementPair> = [], hurt: Set<Occupant> = []) {
        self.id = id
        self.kind = kind
        self.touched = kind.hasStatement ? touched : []
        self.hurt = kind.hasStatement ? hurt : []
    }
}

extension Party {
    /// What the party puts in box 3 of every statement's front: its id for a cyclist or pedestrian hurt; `id/driver`
    /// and `id/passengers` for the people of another motor vehicle hurt; nothing otherwise.
    var hurtMarks: [String] {
        (kind.injured == true ? [id.description] : []) + hurt.sorted().map { "\(id)/\($0.rawValue)" }
    }
}

/// The people of another motor vehicle, as "Who was injured?" asks of them: its driver, its passengers.
public enum Occupant: String, Sendable, Hashable, CaseIterable, Comparable {
    case driver, passengers

    public static func < (left: Occupant, right: Occupant) -> Bool {
        allCases.firstIndex(of: left)! < allCases.firstIndex(of: right)!
    }
}

/// A cyclist or a pedestrian: who they are, how to reach them, their liability insurer if known, and whether they
/// were hurt (`nil`: not known).
public struct RoadUser: Sendable, Hashable {
    public let name: String
    public let phone: PhoneNumber?
    public let address: String
    public let liabilityInsurer: String
    public private(set) var injured: Bool?

    public static let nameLimit = TextLimit(characters: 100)
    public static let addressLimit = TextLimit(characters: 200)
    public static let insurerLimit = TextLimit(characters: 100)

    /// - Throws: ``PartyError`` naming the field that breaks its rule. Everything may be unknown: a cyclist who rode
    ///   on is still a party.
    /// - Parameter kept: whether the phone number was kept before (read by its shape) rather than typed now (judged).
    public init(
        name: String = "", phone: String = "", address: String = "", liabilityInsurer: String = "", injured: Bool? = nil, kept: Bool = false
    ) throws(PartyError) {
        self.name = try PartyError.checked(name, Self.nameLimit, field: .name)
        let phone = phone.trimmingCharacters(in: .whitespaces)
        do {
            self.phone = phone.isEmpty ? nil : kept ? try PhoneNumber(kept: phone) : try PhoneNumber(parsing: phone)
        } catch {
            throw .phone(error)
        }
        self.address = try PartyError.checked(address, Self.addressLimit, field: .address)
        self.liabilityInsurer = try PartyError.checked(liabilityInsurer, Self.insurerLimit, field: .insurer)
        self.injured = injured
    }
}

extension RoadUser {
    /// The same person with `injured` as whether they were hurt.
    func with(injured: Bool?) -> RoadUser {
        var copy = self
        copy.injured = injured
        return copy
    }
}

/// Property the crash damaged: what it is, its owner or keeper if known, and where it is.
public struct DamagedProperty: Sendable, Hashable {
    public let what: String
    public let owner: String
    public let address: String

    public static let whatLimit = TextLimit(characters: 200)
    public static let ownerLimit = TextLimit(characters: 200)
    public static let addressLimit = TextLimit(characters: 200)

    /// - Throws: ``PartyError/nothingSaid`` when `what` is empty: property is named by what it is.
    public init(what: String, owner: String = "", address: String = "") throws(PartyError) {
        self.what = try PartyError.checked(what, Self.whatLimit, field: .what)
        guard !self.what.isEmpty else { throw .nothingSaid }
        self.owner = try PartyError.checked(owner, Self.ownerLimit, field: .owner)
        self.address = try PartyError.checked(address, Self.addressLimit, field: .address)
    }
}

/// A vehicle that left the scene, as it was seen: its plate or the part of it read (`?` for a character not read),
/// colour, make and model, the direction it went, and the police report's number.
public struct VehicleSeen: Sendable, Hashable {
    public let plate: String
    public let colour: String
    public let makeAndModel: String
    public let direction: String
    public let policeReport: String

    public static let plateLimit = TextLimit(characters: 20)
    public static let textLimit = TextLimit(characters: 100)

    /// - Throws: ``PartyError`` for a field past its limit, a plate with other characters than letters, digits,
    ///   spaces, dashes and `?`, or nothing seen at all (neither plate, colour, make nor direction).
    public init(plate: String = "", colour: String = "", makeAndModel: String = "", direction: String = "", policeReport: String = "") throws(PartyError) {
        let plate = try PartyError.checked(plate, Self.plateLimit, field: .plate).uppercased()
        if let wrong = plate.first(where: { !($0.isLetter || $0.isNumber || $0 == " " || $0 == "-" || $0 == "?") }) {
            throw .plateCharacter(wrong.unicodeScalars.first?.value ?? 0)
        }
        self.plate = plate
        self.colour = try PartyError.checked(colour, Self.textLimit, field: .colour)
        self.makeAndModel = try PartyError.checked(makeAndModel, Self.textLimit, field: .makeAndModel)
        self.direction = try PartyError.checked(direction, Self.textLimit, field: .direction)
        self.policeReport = try PartyError.checked(policeReport, Self.textLimit, field: .policeReport)
        guard !(plate + colour + makeAndModel + direction).trimmingCharacters(in: .whitespaces).isEmpty else { throw .nothingSaid }
    }
}

/// A field a party has: a cyclist's or pedestrian's name, phone, address, liability insurer and whether they were hurt;
/// property's what, owner and address; a vehicle seen leaving, its plate, colour, make and model, direction and the
/// police report's number.
public enum PartyField: String, Sendable, Hashable, CaseIterable {
    case name, phone, address, insurer, injured, what, owner, plate, colour, makeAndModel, direction, policeReport
}

/// Why a party, or a change to a report's parties, is refused.
public enum PartyError: Error, Sendable, Hashable {
    case text(PartyField, TextProblem)
    case phone(PhoneNumberError)
    /// A character a seen plate cannot hold (its code point).
    case plateCharacter(UInt32)
    /// Property with no word of what it is; a vehicle that left with nothing seen of it.
    case nothingSaid
    /// More parties than ``CrashParties/maximum``.
    case tooMany(limit: Int)
    /// No party has this id (removed meanwhile, or never there).
    case unknown(PartyID)
    /// Two parties with one id.
    case duplicate(PartyID)
    /// Property or a vehicle chosen as a person who was hurt, or the people of a party that is not a motor vehicle.
    case notAPerson
    /// Another motor vehicle given as fields of a party: what is known of it is its accident statement's column B.
    case vehicleOnStatement
    /// Contacts with other vehicles given for a party that is not a motor vehicle, or naming itself or a party that is
    /// not one.
    case notAVehicle(PartyID)

    /// `text` trimmed, or the problem with it.
    static func checked(_ text: String, _ limit: TextLimit, field: PartyField) throws(PartyError) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let problem = limit.problem(with: trimmed) { throw .text(field, problem) }
        return trimmed
    }
}
