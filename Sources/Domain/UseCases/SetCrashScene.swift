/// Sets when and where the crash happened. A time in the future is refused.
public struct SetCrashScene: Sendable {
    let repository: any ReportRepository
    let clock: any Clock

    public init(repository: any ReportRepository, clock: any Clock) {
        self.repository = repository
        self.clock = clock
    }

    public func execute(reportID: ReportID, scene: CrashScene) async throws -> CrashReport {
        guard scene.occurredAt.timeIntervalSince(clock.now()) <= ReportLimits.crashTimeTolerance else {
            throw InputError.crashTimeInFuture(scene.occurredAt)
        }
        return try await repository.update(reportID, at: clock) { report in
            try report.setScene(scene)
        }.report
    }
}
