/// Which vehicle of the statement: A is the driver's own, B the other one.
public enum VehicleSide: String, Sendable, Hashable, CaseIterable {
    case a
    case b

    /// "A" or "B", as the form labels its columns.
    public var letter: String { rawValue.uppercased() }
}

/// The parts of a vehicle's column on the statement that each count once towards its completeness.
public enum VehiclePart: String, Sendable, Hashable, CaseIterable {
    case policyholder
    case vehicle
    case insurance
    case driver
    /// The point of initial impact and the visible damage.
    case impact

    /// Its fields, in the order the form asks for them.
    public var fields: [VehicleField] { VehicleField.allCases.filter { $0.part == self } }
}

/// What kind of value a field holds, and so how typed text becomes it.
public enum StatementFieldKind: Sendable, Hashable {
    /// Free text within a limit.
    case text(TextLimit)
    /// An E.164 phone number (``PhoneNumber``).
    case phone
    case email
    case plate
    /// The country a plate was issued in (``RegistrationCountry``).
    case country
    /// A day (``CalendarDay``).
    case day
    /// `yes` or `no`.
    case yesNo
    /// Where the vehicle was first hit (``ImpactZone``).
    case zone

    /// The typed text as the statement keeps it (normalised), or `nil` when it is blank (the field is cleared).
    /// - Throws: ``StatementFieldError`` naming the rule the text breaks.
    /// - Parameters:
    ///   - region: the country a phone number without `+` is read in (the column's country of registration).
    ///   - kept: whether the text is a value kept before (read back by its shape) rather than typed now (judged).
    public func normalised(_ raw: String, region: String? = nil, kept: Bool = false) throws(StatementFieldError) -> String? {
        if case let .text(limit) = self {
            let blank = raw.allSatisfy { $0.isWhitespace || $0.isNewline }
            if let problem = limit.problem(with: raw), !(blank && problem.isCharacters) { throw .text(problem) }
            return blank ? nil : raw.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let text = raw.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return nil }
        switch self {
        case .text: return nil
        case .phone:
            do { return try (kept ? PhoneNumber(kept: text) : PhoneNumber(parsing: text, region: region)).e164 } catch { throw .phone(error) }
        case .email:
            do { return try EmailAddress(parsing: text).text } catch { throw .email(error) }
        case .plate:
            do { return try (kept ? RegistrationPlate(parsing: text) : RegistrationPlate(typing: text)).text } catch { throw .plate(error) }
        case .country:
            do { return try RegistrationCountry(parsing: text).code } catch { throw .country(error) }
        case .day:
            do { return try CalendarDay(parsing: text).description } catch { throw .day(error) }
        case .yesNo:
            switch text.lowercased() {
            case "y", "yes", "true", "1": return "yes"
            case "n", "no", "false", "0": return "no"
            default: throw .notYesOrNo(text)
            }
        case .zone:
            guard let zone = ImpactZone(typed: text) else { throw .notAZone(text) }
            return zone.rawValue
        }
    }
}

extension TextProblem {
    var isCharacters: Bool {
        if case .characters = self { return true }
        return false
    }
}

/// Why typed text cannot be a statement field's value.
public enum StatementFieldError: Error, Sendable, Hashable {
    case text(TextProblem)
    case phone(PhoneNumberError)
    case email(EmailAddressError)
    case plate(RegistrationPlateError)
    case country(CountryCodeError)
    case day(CalendarDayError)
    case notYesOrNo(String)
    case notAZone(String)
    /// The insurance would end before it starts.
    case endsBeforeStart(start: String, end: String)
    /// More witnesses than ``AccidentStatement/maximumWitnesses``.
    case tooManyWitnesses(limit: Int)
    /// A witness with neither a name nor a phone number.
    case witnessWithoutNameOrPhone
    /// A signature with no name typed.
    case signatureWithoutName

    /// As the problem of a rebuilt report's field.
    public var problem: InvalidReportData.Problem {
        switch self {
        case let .text(.characters(count, limit)): .tooLong(count: count, limit: limit)
        case let .text(.bytes(count, limit)): .tooLarge(bytes: count, limit: limit)
        case let .text(.controlCharacter(code)): .controlCharacter(code)
        case let .tooManyWitnesses(limit): .tooMany(count: limit + 1, limit: limit)
        case .witnessWithoutNameOrPhone: .missing
        default: .breaksRule(self)
        }
    }
}

/// One field of a vehicle's column on the statement.
public enum VehicleField: String, Sendable, Hashable, CaseIterable {
    case policyholderName
    case policyholderAddress
    case policyholderPhone
    case policyholderEmail
    case makeAndModel
    case plate
    case plateCountry
    case trailerPlate
    case trailerCountry
    case insurer
    case policyNumber
    case greenCardNumber
    case insuranceValidFrom
    case insuranceValidUntil
    case ownDamageCovered
    case driverName
    case driverDateOfBirth
    case driverAddress
    case licenceNumber
    case licenceCategory
    case licenceValidUntil
    case impactPoint
    case visibleDamage

    public var part: VehiclePart {
        switch self {
        case .policyholderName, .policyholderAddress, .policyholderPhone, .policyholderEmail: .policyholder
        case .makeAndModel, .plate, .plateCountry, .trailerPlate, .trailerCountry: .vehicle
        case .insurer, .policyNumber, .greenCardNumber, .insuranceValidFrom, .insuranceValidUntil, .ownDamageCovered: .insurance
        case .driverName, .driverDateOfBirth, .driverAddress, .licenceNumber, .licenceCategory, .licenceValidUntil: .driver
        case .impactPoint, .visibleDamage: .impact
        }
    }

    public var kind: StatementFieldKind {
        switch self {
        case .policyholderName, .driverName, .insurer: .text(TextLimit(characters: 100))
        case .policyholderAddress, .driverAddress: .text(TextLimit(characters: 200))
        case .makeAndModel: .text(TextLimit(characters: 80))
        case .policyNumber, .greenCardNumber, .licenceNumber: .text(TextLimit(characters: 40))
        case .licenceCategory: .text(TextLimit(characters: 20))
        case .visibleDamage: .text(TextLimit(characters: 500, allowsLineBreaks: true))
        case .policyholderPhone: .phone
        case .policyholderEmail: .email
        case .plate, .trailerPlate: .plate
        case .plateCountry, .trailerCountry: .country
        case .insuranceValidFrom, .insuranceValidUntil, .driverDateOfBirth, .licenceValidUntil: .day
        case .ownDamageCovered: .yesNo
        case .impactPoint: .zone
        }
    }

    /// The fields a driver's profile keeps (everything but what happened in this crash).
    public static let profileFields: [VehicleField] = allCases.filter { $0.part != .impact }

    /// `fields` in the order they are asked when entered in turn: the form's, except that the country of registration
    /// comes before the first phone number, because a number typed without `+` is read in that country.
    public static func askingOrder(_ fields: [VehicleField]) -> [VehicleField] {
        guard let phone = fields.firstIndex(of: .policyholderPhone), let country = fields.firstIndex(of: .plateCountry),
              country > phone else { return fields }
        var ordered = fields
        ordered.remove(at: country)
        ordered.insert(.plateCountry, at: phone)
        return ordered
    }
}
