/// Changes an accident statement of a draft (B's, or another motor vehicle's): one field, a box, the witnesses, the
/// police, remarks — whatever `change` does to it, under the rules of ``AccidentStatement`` (a completed report is
/// read-only).
public struct EditStatement: Sendable {
    let repository: any ReportRepository
    let clock: any Clock

    public init(repository: any ReportRepository, clock: any Clock) {
        self.repository = repository
        self.clock = clock
    }

    /// - Throws: what `change` throws (``StatementFieldError`` naming the broken rule), `ReportError.readOnly`, or the
    ///   store's error. Nothing is stored when it throws.
    ///   ``PartyError/unknown(_:)`` for another vehicle's statement when the vehicle was removed meanwhile.
    public func execute(
        reportID: ReportID, pair: StatementPair = .b, _ change: @escaping @Sendable (inout AccidentStatement) throws -> Void
    ) async throws -> CrashReport {
        try await repository.update(reportID, at: clock) { report in
            // A vehicle removed meanwhile has none: `setStatement` refuses it, naming the party.
            var statement = report.statement(pair) ?? .empty
            try change(&statement)
            try report.setStatement(statement, for: pair)
        }.report
    }
}

/// Starts a draft's accident statement: when it is still empty, vehicle A is filled with the driver's own details
/// (their profile), so they are typed once for every report.
public struct StartStatement: Sendable {
    let repository: any ReportRepository
    let profile: any DriverProfileStore
    let clock: any Clock

    public init(repository: any ReportRepository, profile: any DriverProfileStore, clock: any Clock) {
        self.repository = repository
        self.profile = profile
        self.clock = clock
    }

    /// - Returns: the report, with vehicle A filled when the statement was empty and a profile is kept; as it was
    ///   otherwise (a completed report, a statement already begun, no profile).
    public func execute(reportID: ReportID) async throws -> CrashReport {
        guard let report = try await repository.report(withID: reportID) else { throw ReportError.notFound(reportID) }
        guard !report.isCompleted, report.statement.isEmpty else { return report }
        let details = try await profile.driverProfile().profilePart
        guard !details.isEmpty else { return report }
        return try await repository.update(reportID, at: clock) { report in
            guard report.statement.isEmpty else { return }
            var statement = AccidentStatement.empty
            statement.vehicleA = details
            try report.setStatement(statement)
        }.report
    }
}

/// Reads and changes the driver's profile (their own details that fill vehicle A of every new report).
public struct EditDriverProfile: Sendable {
    let store: any DriverProfileStore

    public init(store: any DriverProfileStore) {
        self.store = store
    }

    public func profile() async throws -> StatementVehicle {
        try await store.driverProfile()
    }

    /// Sets one of the profile's fields from typed text (blank clears it).
    /// - Throws: ``StatementFieldError`` naming the rule the text breaks (nothing is kept then), or the store's error.
    @discardableResult
    public func set(_ field: VehicleField, to text: String) async throws -> StatementVehicle {
        precondition(VehicleField.profileFields.contains(field), "a profile keeps no \(field)")
        var profile = try await store.driverProfile()
        try profile.set(field, to: text)
        try await store.saveDriverProfile(profile)
        return profile
    }

    /// Keeps vehicle A of a report as the profile (its profile fields).
    public func keep(_ vehicle: StatementVehicle) async throws {
        try await store.saveDriverProfile(vehicle.profilePart)
    }
}

/// Signs the accident statement's front side as it is now, for the driver (vehicle A: on their own device, naming the
/// server account the device belongs to, when it has one) or for the other driver on the driver's device at the scene
/// (vehicle B, not verified, as on paper); a change to the front afterwards voids it.
public struct SignStatement: Sendable {
    let repository: any ReportRepository
    let clock: any Clock
    let accounts: (any AccountBinding)?

    public init(repository: any ReportRepository, clock: any Clock, accounts: (any AccountBinding)? = nil) {
        self.repository = repository
        self.clock = clock
        self.accounts = accounts
    }

    /// - Throws: ``StatementFieldError`` for the name, ``ReportError/statementSigned(_:)`` once both signed,
    ///   ``ReportError/nothingToReport`` for an empty statement, `ReportError.readOnly`, or the store's error.
    public func execute(reportID: ReportID, pair: StatementPair = .b, side: VehicleSide, name: String) async throws -> CrashReport {
        let verification: StatementSignature.Verification = side == .a
            ? .driversDevice(account: try await accounts?.boundAccount()?.name)
            : .sameDevice
        let clock = clock
        return try await repository.update(reportID, at: clock) { report in
            try report.signStatement(side, in: pair, name: name, verification: verification, at: clock.now())
        }.report
    }
}
