import Foundation

/// Finds a report by what a person or a link names it with: its report id (a UUID) or its crash ID.
/// The one place that tells the two apart, for `export`, and for opening a crash from a link.
public struct FindReport: Sendable {
    /// What a report was named by.
    public enum Reference: Sendable, Hashable {
        case reportID(ReportID)
        case crashID(CrashID)

        /// Reads a report id (a UUID, in any letter case) or else a crash ID, as a person types it
        /// (``CrashID/init(entered:)``: either case, one of the forms crash IDs are issued in).
        /// - Throws: `InputError.invalidCrashID` when the text is neither.
        public init(_ text: String) throws(InputError) {
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            if let id = ReportID(uuidString: trimmed) {
                self = .reportID(id)
            } else {
                self = .crashID(try CrashID(entered: trimmed))
            }
        }
    }

    let repository: any ReportRepository

    public init(repository: any ReportRepository) {
        self.repository = repository
    }

    /// - Throws: `InputError.invalidCrashID` for text that names no report; `ReportError.notFound` or
    ///   `ReportError.crashIDNotFound` when no stored report has that id or crash ID.
    public func execute(_ text: String) async throws -> CrashReport {
        try await execute(try Reference(text))
    }

    public func execute(_ reference: Reference) async throws -> CrashReport {
        switch reference {
        case let .reportID(id):
            return try await repository.existingReport(id)
        case let .crashID(crashID):
            guard let report = try await repository.report(withCrashID: crashID) else {
                throw ReportError.crashIDNotFound(crashID)
            }
            return report
        }
    }
}
