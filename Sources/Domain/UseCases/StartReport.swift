/// Opens the Crash Assistant on a new draft, or on the report a deep link's crash ID already belongs to.
public struct StartReport: Sendable {
    /// How often a newly issued ID that is already in use is asked for again.
    public static let maximumIssueAttempts = 5

    let repository: any ReportRepository
    let issuer: any CrashIDIssuer
    let clock: any Clock
    /// The language the app speaks: a new report records it (the server then writes the driver's documents in it).
    let language: LanguageTag?

    public init(repository: any ReportRepository, issuer: any CrashIDIssuer, clock: any Clock, language: LanguageTag? = nil) {
        self.repository = repository
        self.issuer = issuer
        self.clock = clock
        self.language = language
    }

    /// - Parameter crashID: the crash ID from a deep link; without one the issuer gives a new one.
    /// - Returns: the new draft (crash time: now, in the clock's zone; stored once something is entered in it), or the
    ///   existing report known by that crash ID (a completed one comes back completed: the caller shows it instead of
    ///   editing).
    public func execute(crashID: CrashID? = nil) async throws -> CrashReport {
        if let crashID {
            if let existing = try await repository.report(withCrashID: crashID) {
                // A draft the server made for a detected crash may not know the scene's zone nor the driver's
                // language: the device there does.
                let knowsLanguage = language == nil || existing.language != nil
                guard !existing.isCompleted, existing.scene.utcOffsetMinutes == nil || !knowsLanguage else { return existing }
                return try await repository.update(existing.id, at: clock) { report in
                    report.takeUTCOffsetIfUnknown(CrashScene.utcOffsetMinutes(of: clock.timeZone, at: report.scene.occurredAt))
                    if let language { report.takeLanguageIfUnknown(language) }
                }.report
            }
            return try await create(with: crashID)
        }
        for _ in 0..<Self.maximumIssueAttempts {
            let issued = try await issuer.issue()
            if try await repository.report(withCrashID: issued) == nil {
                return try await create(with: issued)
            }
        }
        throw ReportError.crashIDUnavailable(attempts: Self.maximumIssueAttempts)
    }

    private func create(with crashID: CrashID) async throws -> CrashReport {
        let now = clock.now()
        let offset = CrashScene.utcOffsetMinutes(of: clock.timeZone, at: now)
        return try await repository.save(CrashReport(crashID: crashID, createdAt: now, utcOffsetMinutes: offset, language: language))
    }
}
