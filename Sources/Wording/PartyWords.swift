import Domain

/// A crash's other parties in one language: what each is, its fields' labels, and one line of what is known of it —
/// the same words on the screen, in the documents and on the handlers' desk.
public struct PartyWords: Sendable {
    public let words: Words

    public init(_ words: Words) { self.words = words }

    /// What a party is: `Cyclist`, `Property`.
    public func role(_ role: Party.Role) -> String {
        switch role {
        case .motorVehicle: words("Another motor vehicle", context: "a party of a crash")
        case .cyclist: words("Cyclist", context: "a party of a crash")
        case .pedestrian: words("Pedestrian", context: "a party of a crash")
        case .property: words("Property", context: "a party of a crash: a fence, a lamp post, a parked car")
        case .leftTheScene: words("A vehicle that left the scene", context: "a party of a crash")
        }
    }

    /// A field's label: `Liability insurer`.
    public func field(_ field: PartyField) -> String {
        switch field {
        case .name: words("Name", context: "a party of a crash")
        case .phone: words("Phone", context: "a party of a crash")
        case .address: words("Address", context: "a party of a crash")
        case .insurer: words("Liability insurer", context: "a cyclist's or pedestrian's")
        case .injured: words("Injured?", context: "a cyclist or pedestrian")
        case .what: words("What it is", context: "damaged property")
        case .owner: words("Owner or keeper", context: "damaged property")
        case .plate: words("Plate, or the part read", context: "a vehicle that left the scene")
        case .colour: words("Colour", context: "a vehicle that left the scene")
        case .makeAndModel: words("Make and model", context: "a vehicle that left the scene")
        case .direction: words("Direction it went", context: "a vehicle that left the scene")
        case .policeReport: words("Police report number", context: "a vehicle that left the scene")
        }
    }

    /// How a field is typed, when it has a form (a yes or no is the screen's to say).
    public func hint(_ field: PartyField) -> String? {
        switch field {
        case .phone: words("with + and the country code, e.g. +36 30 123 4567")
        case .what: words("e.g. a fence or a lamp post")
        case .plate: words("? for a character not read, e.g. B-M? 12")
        default: nil
        }
    }

    /// Whether a cyclist or pedestrian was hurt, in words: `injured`, `not injured`, `not known if injured`.
    public func injured(_ injured: Bool?) -> String {
        switch injured {
        case true?: words("injured", context: "a cyclist or pedestrian")
        case false?: words("not injured", context: "a cyclist or pedestrian")
        case nil: words("not known if injured", context: "a cyclist or pedestrian")
        }
    }

    /// A cyclist or pedestrian as one of the people who may have been hurt: `Cyclist: Eva Kovács`, or `Pedestrian`
    /// when the name is not known.
    public func person(_ party: Party) -> String {
        let name = party.kind.values[.name]
        return name.map { words("{role}: {name}", context: "a person of a crash who may be hurt", ["role": role(party.kind.role), "name": $0]) }
            ?? role(party.kind.role)
    }

    /// The driver or passengers of another motor vehicle, by its number among the parties: `Driver of party 3`.
    public func occupant(_ occupant: Occupant, party number: Int) -> String {
        let values = ["number": words.number(number)]
        return switch occupant {
        case .driver: words("Driver of party {number}", context: "someone who may be hurt", values)
        case .passengers: words("Passengers of party {number}", context: "someone who may be hurt", values)
        }
    }

    /// The parties said to be hurt, in the order of the list: a cyclist or pedestrian as ``person(_:)``, the people of
    /// another motor vehicle as ``occupant(_:party:)``.
    public func hurt(in parties: CrashParties) -> [String] {
        parties.all.enumerated().flatMap { index, party in
            (party.kind.injured == true ? [person(party)] : []) + party.hurt.sorted().map { occupant($0, party: index + 1) }
        }
    }

    /// The vehicles besides A one touched, as lists say them: `vehicle B, party 3`.
    /// A vehicle not in `parties` is left out.
    public func vehicles(_ pairs: [StatementPair], in parties: CrashParties) -> String {
        pairs.compactMap { pair -> String? in
            switch pair {
            case .b: words("vehicle B", context: "a vehicle another touched")
            case let .vehicle(id): parties.number(of: id).map { words("party {number}", context: "a vehicle another touched", ["number": words.number($0)]) }
            }
        }.joined(separator: words(", ", context: "between the items of a list"))
    }

    /// What a report names another motor vehicle by, from its statement's column B, in this order.
    static let vehicleFields: [VehicleField] = [.driverName, .policyholderName, .makeAndModel, .plate, .plateCountry, .insurer]

    /// What is known of a party, in one line: `Eva Kovács, +36301234567, injured`; another motor vehicle's
    /// `Carl Third, C-DE 345, insured with Generali`.
    public func summary(_ party: Party) -> String {
        if case let .motorVehicle(statement) = party.kind {
            let column = statement.vehicleB
            let name = column[.driverName] ?? column[.policyholderName]
            let parts = [name, column[.makeAndModel], column[.plate], column[.insurer].map { words("insured with {insurer}", ["insurer": $0]) }]
            let hurt = party.hurt.sorted().map { occupant in
                switch occupant {
                case .driver: words("driver injured", context: "another vehicle's people")
                case .passengers: words("passengers injured", context: "another vehicle's people")
                }
            }
            return (parts.compactMap { $0 } + hurt).joined(separator: words(", ", context: "between the items of a list"))
        }
        let values = party.kind.values
        var parts = party.kind.role.fields.compactMap { field -> String? in
            guard let value = values[field] else { return nil }
            return switch field {
            case .policeReport: words("police report {number}", ["number": value])
            case .insurer: words("insured with {insurer}", ["insurer": value])
            case .owner: words("owner {owner}", ["owner": value])
            default: value
            }
        }
        if party.kind.role == .cyclist || party.kind.role == .pedestrian { parts.append(injured(party.kind.injured)) }
        return parts.joined(separator: words(", ", context: "between the items of a list"))
    }

    /// A party as rows of label and value, for documents: its role first, then each field known.
    public func facts(_ party: Party) -> [(label: String, value: String)] {
        if case let .motorVehicle(statement) = party.kind {
            // Its column B of the statement A makes with it, with the statement's labels.
            var rows = Self.vehicleFields.compactMap { field in statement.vehicleB[field].map { (StatementWords(words).field(field), $0) } }
            if rows.isEmpty { rows.append((role(party.kind.role), words("not given"))) }
            if !party.hurt.isEmpty {
                let who = party.hurt.sorted().map { occupant in
                    switch occupant {
                    case .driver: words("the driver", context: "injured")
                    case .passengers: words("the passengers", context: "injured")
                    }
                }
                rows.append((words("Hurt", context: "whether a cyclist or pedestrian was hurt, in a document"),
                             who.joined(separator: words(", ", context: "between the items of a list"))))
            }
            return rows
        }
        let values = party.kind.values
        var rows = party.kind.role.fields.compactMap { field -> (label: String, value: String)? in
            if field == .injured {
                let answer = party.kind.injured.map { StatementWords(words).yesNo($0) } ?? words("not known", context: "whether someone was hurt")
                return (words("Hurt", context: "whether a cyclist or pedestrian was hurt, in a document"), answer)
            }
            return values[field].map { (self.field(field), $0) }
        }
        if rows.isEmpty { rows.append((role(party.kind.role), "")) }
        return rows
    }
}
