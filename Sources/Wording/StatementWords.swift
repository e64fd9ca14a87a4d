import Domain
import Foundation

/// The accident statement's own vocabulary in one language: the seventeen circumstances as that language's printed
/// form words them (same numbers, same meaning), the fields of a vehicle's column, the points of impact, the parts
/// of a column, who was injured. A driver who knows their national form recognises each box; an insurer reading
/// another language finds box 12.8 where it always is.
public struct StatementWords: Sendable {
    public let words: Words

    public init(_ words: Words) { self.words = words }

    /// The vocabulary in English, for the edges that speak English only.
    public static let english = StatementWords(.english)

    /// A box of section 12 as the form prints it: `parked / stopped`.
    public func circumstance(_ box: Circumstance) -> String {
        switch box {
        case .parked: words("parked / stopped", context: "circumstance 1")
        case .leavingParkingOrOpeningDoor: words("leaving a parking space / opening a door", context: "circumstance 2")
        case .parking: words("entering a parking space", context: "circumstance 3")
        case .emergingFromCarParkOrPrivateGround: words("emerging from a car park, from private grounds, from a track", context: "circumstance 4")
        case .enteringCarParkOrPrivateGround: words("entering a car park, private grounds, a track", context: "circumstance 5")
        case .enteringRoundabout: words("entering a roundabout", context: "circumstance 6")
        case .circulatingInRoundabout: words("circulating in a roundabout", context: "circumstance 7")
        case .hitRearSameDirectionSameLane: words("striking the rear of the other vehicle while going in the same direction and in the same lane", context: "circumstance 8")
        case .sameDirectionDifferentLane: words("going in the same direction and in a different lane", context: "circumstance 9")
        case .changingLanes: words("changing lanes", context: "circumstance 10")
        case .overtaking: words("overtaking", context: "circumstance 11")
        case .turningRight: words("turning to the right", context: "circumstance 12")
        case .turningLeft: words("turning to the left", context: "circumstance 13")
        case .reversing: words("reversing", context: "circumstance 14")
        case .encroachingOnOncomingLane: words("encroaching on a lane reserved for traffic in the opposite direction", context: "circumstance 15")
        case .comingFromRight: words("coming from the right (at a crossroads)", context: "circumstance 16")
        case .ignoredPriorityOrRedLight: words("had not observed a right of priority sign or a red light", context: "circumstance 17")
        }
    }

    /// A field's label as a form shows it: `Policyholder's name`.
    public func field(_ field: VehicleField) -> String { label(field) }

    private func label(_ field: VehicleField) -> String {
        switch field {
        case .policyholderName: words("Policyholder's name")
        case .policyholderAddress: words("Policyholder's address")
        case .policyholderPhone: words("Policyholder's phone")
        case .policyholderEmail: words("Policyholder's e-mail")
        case .makeAndModel: words("Make and model")
        case .plate: words("Registration plate")
        case .plateCountry: words("Country of registration")
        case .trailerPlate: words("Trailer's plate")
        case .trailerCountry: words("Trailer's country")
        case .insurer: words("Insurance company")
        case .policyNumber: words("Policy number")
        case .greenCardNumber: words("Green card number")
        case .insuranceValidFrom: words("Insurance valid from")
        case .insuranceValidUntil: words("Insurance valid until")
        case .ownDamageCovered: words("Own damage covered")
        case .driverName: words("Driver's name")
        case .driverDateOfBirth: words("Driver's date of birth")
        case .driverAddress: words("Driver's address")
        case .licenceNumber: words("Driving licence number")
        case .licenceCategory: words("Licence category")
        case .licenceValidUntil: words("Licence valid until")
        case .impactPoint: words("Point of initial impact")
        case .visibleDamage: words("Visible damage")
        }
    }

    /// A point of impact in words: `front, left corner`.
    public func zone(_ zone: ImpactZone) -> String {
        switch zone {
        case .frontLeft: words("front, left corner")
        case .front: words("front", context: "point of impact")
        case .frontRight: words("front, right corner")
        case .right: words("right side")
        case .rearRight: words("rear, right corner")
        case .rear: words("rear", context: "point of impact")
        case .rearLeft: words("rear, left corner")
        case .left: words("left side")
        case .roof: words("roof")
        case .underside: words("underside")
        }
    }

    /// A point of impact as the driver types it, in a word or two: `front-left`, `hinten`, `przód-lewo`.
    public func typedZone(_ zone: ImpactZone) -> String {
        switch zone {
        case .frontLeft: words("front-left", context: "a point of impact as typed")
        case .front: words("front", context: "a point of impact as typed")
        case .frontRight: words("front-right", context: "a point of impact as typed")
        case .right: words("right", context: "a point of impact as typed")
        case .rearRight: words("rear-right", context: "a point of impact as typed")
        case .rear: words("rear", context: "a point of impact as typed")
        case .rearLeft: words("rear-left", context: "a point of impact as typed")
        case .left: words("left", context: "a point of impact as typed")
        case .roof: words("roof", context: "a point of impact as typed")
        case .underside: words("underside", context: "a point of impact as typed")
        }
    }

    /// The point of impact the driver typed: its number (1–10), its short name or its name in words, in this language
    /// or in English, in any case, with or without accents, its words in any order (`links vorne`, `vorne, linke
    /// Ecke`); `nil` when it names none.
    public func zone(typed text: String) -> ImpactZone? {
        if let zone = ImpactZone(typed: text) { return zone }
        let typed = Self.wordSet(text)
        guard !typed.isEmpty else { return nil }
        return ImpactZone.allCases.first { zone in
            typed == Self.wordSet(typedZone(zone)) || typed == Self.wordSet(self.zone(zone))
        }
    }

    /// The words of a name, folded (no case, no accents, `ł` as `l`, as a keyboard without the letter types it) and
    /// sorted: what two spellings of one name share.
    private static func wordSet(_ text: String) -> [String] {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            .replacingOccurrences(of: "ł", with: "l")
            .split { $0.isWhitespace || $0 == "-" || $0 == "," }
            .map(String.init)
            .sorted()
    }

    /// Who was injured as the driver's report says it to a reader, then each party hurt (``PartyWords/hurt(in:)``).
    public func injuries(of report: CrashReport) -> [String] {
        let vehicles = !report.parties.motorVehicles.isEmpty
        return report.injuries.selected.map { choice in
            switch choice {
            case .otherDriver where vehicles: words("the driver of vehicle B", context: "injured")
            case .otherDriversPassengers where vehicles: words("the passengers of vehicle B", context: "injured")
            default: injury(choice)
            }
        } + PartyWords(words).hurt(in: report.parties)
    }

    /// Box 3 of the statement with `pair`, read by that pair's other driver: everyone said to be hurt, by role only
    /// (another party's name is not theirs to read). The people of `pair`'s vehicle are "the other driver" and their
    /// passengers; those of any other vehicle are of "another vehicle"; a cyclist or pedestrian is named as one.
    public func boxThree(of report: CrashReport, pair: StatementPair) -> [String] {
        func people(_ occupant: Occupant, of vehicle: StatementPair) -> String {
            switch (occupant, vehicle == pair) {
            case (.driver, true): injury(.otherDriver)
            case (.passengers, true): injury(.otherDriversPassengers)
            case (.driver, false): words("the driver of another vehicle", context: "injured")
            case (.passengers, false): words("the passengers of another vehicle", context: "injured")
            }
        }
        let choices = report.injuries.selected.map { choice in
            switch choice {
            case .otherDriver: people(.driver, of: .b)
            case .otherDriversPassengers: people(.passengers, of: .b)
            default: injury(choice)
            }
        }
        let parties = report.parties.all.flatMap { party in
            (party.kind.injured == true ? [injured(party.kind.role)] : [])
                + party.hurt.sorted().map { people($0, of: .vehicle(party.id)) }
        }
        var said = Set<String>()
        return (choices + parties).filter { said.insert($0).inserted }
    }

    /// A cyclist or pedestrian hurt, as box 3 of a statement says it: by role only, never by name (the other driver
    /// of the statement reads it).
    public func injured(_ role: Party.Role) -> String {
        role == .pedestrian ? words("a pedestrian", context: "injured") : words("a cyclist", context: "injured")
    }

    public func injury(_ injury: Injury) -> String {
        switch injury {
        case .myself: words("the driver", context: "injured")
        case .myPassengers: words("the driver's passengers", context: "injured")
        case .otherDriver: words("the other driver", context: "injured")
        case .otherDriversPassengers: words("the other driver's passengers", context: "injured")
        case .noOne: words("no one", context: "injured")
        case .unsure: words("unsure", context: "injured")
        }
    }

    /// A yes or no answer.
    public func yesNo(_ value: Bool) -> String {
        value ? words("yes") : words("no")
    }

    /// A stored field's value as a reader reads it: a day written out, a point of impact or a country in words, a yes
    /// or no in this language.
    public func value(_ field: VehicleField, _ value: String) -> String {
        self.value(of: field.kind, value)
    }

    /// A stored value of a field of this kind as a reader reads it (``value(_:_:)``).
    public func value(of kind: StatementFieldKind, _ value: String) -> String {
        switch kind {
        case .day:
            guard let day = try? CalendarDay(parsing: value) else { return value }
            return FactText(words).calendarDay(day)
        case .zone: return ImpactZone(rawValue: value).map(zone) ?? value
        case .country: return (try? RegistrationCountry(parsing: value))?.displayText ?? value
        case .yesNo: return value == "yes" ? yesNo(true) : value == "no" ? yesNo(false) : value
        default: return value
        }
    }

    /// A photo section as a document names it for any reader: `The other driver's licence and insurance`.
    public func section(_ section: PhotoSection) -> String {
        switch section {
        case .licenceAndInsurance: words("Other driver's licence and insurance documents")
        case .otherVehiclePlate: words("Other vehicle's registration plate")
        case .otherVehicleDamage: words("Other vehicle's damage")
        case .yourVehicleDamage: words("Driver's own vehicle's damage")
        case .crashScene: words("Crash scene")
        case .sketch: words("Driver's sketch of the crash")
        }
    }

    /// A part of the report as a document names it for any reader.
    public func category(_ category: InfoCategory) -> String {
        switch category {
        case .injuries: words("Who was injured")
        case .otherDriver: words("The other driver")
        case .yourInfo: words("The driver's own vehicle and the scene")
        case .accidentStatement: words("European Accident Statement")
        case .otherParties: words("Other parties")
        }
    }

    /// Whether the police came: `came, report 2026/123, Budapest XI`, `did not come`.
    public func police(_ police: PoliceAttendance) -> String {
        guard police.attended else { return words("did not come", context: "police") }
        switch (police.reportNumber.isEmpty, police.station.isEmpty) {
        case (true, true): return words("came", context: "police")
        case (false, true): return words("came, report {number}", context: "police", ["number": police.reportNumber])
        case (true, false): return words("came, {station}", context: "police", ["station": police.station])
        case (false, false):
            return words("came, report {number}, {station}", context: "police", ["number": police.reportNumber, "station": police.station])
        }
    }

    /// A position as latitude and longitude in this language's decimal separator: `47.49791, 19.04023` in English,
    /// `47,49791 ; 19,04023` where a comma is the decimal separator (the two numbers then need another separator).
    public func coordinate(_ coordinate: Coordinate) -> String {
        let english = coordinate.description
        guard words.code != "en" else { return english }
        let separator = words.locale.decimalSeparator ?? "."
        guard separator == "," else { return english }
        return english.split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ".", with: ",")
        }.joined(separator: " ; ")
    }
}
