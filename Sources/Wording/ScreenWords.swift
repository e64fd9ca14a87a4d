import Domain

/// The app's names for its own screens and choices, as it speaks to the driver ("Your info", "My passenger(s)"), in
/// one language. Documents and the insurer's pages name the same things for any reader (``StatementWords``).
public struct ScreenWords: Sendable {
    public let words: Words

    public init(_ words: Words) { self.words = words }

    /// The names in English.
    public static let english = ScreenWords(.english)

    /// A page of Collect Crash Info: `Who was injured?`.
    public func category(_ category: InfoCategory) -> String {
        switch category {
        case .injuries: words("Who was injured?")
        case .otherDriver: words("Other driver's info")
        case .yourInfo: words("Your info")
        case .accidentStatement: words("Accident statement")
        case .otherParties: words("Other parties")
        }
    }

    /// A place for photos on a page: `Licence / Insurance info`.
    public func section(_ section: PhotoSection) -> String {
        switch section {
        case .licenceAndInsurance: words("Licence / Insurance info")
        case .otherVehiclePlate: words("Vehicle's licence plate")
        case .otherVehicleDamage: words("Vehicle's damages")
        case .yourVehicleDamage: words("Your vehicle's damages")
        case .crashScene: words("Crash scene photos")
        case .sketch: words("Sketch of the crash (a photo of your drawing)")
        }
    }

    /// The choices made on "Who was injured?", as the page names them, then each party chosen as hurt.
    public func injuries(of report: CrashReport) -> [String] {
        report.injuries.selected.map { injury($0, among: report.parties) } + PartyWords(words).hurt(in: report.parties)
    }

    /// An answer of "Who was injured?" on a report with these parties: with other motor vehicles among them, vehicle
    /// B's people are named as B's (`Driver of vehicle B`).
    public func injury(_ injury: Injury, among parties: CrashParties) -> String {
        guard !parties.motorVehicles.isEmpty else { return self.injury(injury) }
        return switch injury {
        case .otherDriver: words("Driver of vehicle B", context: "who was injured, as the driver answers")
        case .otherDriversPassengers: words("Passengers of vehicle B", context: "who was injured, as the driver answers")
        default: self.injury(injury)
        }
    }

    /// An answer of "Who was injured?": `My passenger(s)`.
    public func injury(_ injury: Injury) -> String {
        switch injury {
        case .myself: words("Myself", context: "who was injured, as the driver answers")
        case .myPassengers: words("My passenger(s)")
        case .otherDriver: words("Other driver", context: "who was injured, as the driver answers")
        case .otherDriversPassengers: words("Other driver's passenger(s)")
        case .noOne: words("No one", context: "who was injured, as the driver answers")
        case .unsure: words("Unsure", context: "who was injured, as the driver answers")
        }
    }

    /// A report's state in a list: `Draft`.
    public func status(_ status: ReportStatus) -> String {
        switch status {
        case .draft: words("Draft", context: "a report's state")
        case .completed: words("Completed", context: "a report's state")
        }
    }

    /// A part of a vehicle's column: `Impact and damage`.
    public func part(_ part: VehiclePart) -> String {
        switch part {
        case .policyholder: words("Policyholder", context: "a part of a column")
        case .vehicle: words("Vehicle", context: "a part of a column")
        case .insurance: words("Insurance", context: "a part of a column")
        case .driver: words("Driver", context: "a part of a column")
        case .impact: words("Impact and damage")
        }
    }
}
