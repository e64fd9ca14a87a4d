import Domain

/// The page each draft was left on (`draft_places`; a row goes with its report).
extension SQLiteReportRepository: DraftPlaces {
    public func place(of id: ReportID) throws -> InfoCategory? {
        try database.read { connection in
            let query = try connection.statement("SELECT page FROM draft_places WHERE report_id = \(id.rawValue)")
            defer { query.reset() }
            guard try query.step() else { return nil }
            return InfoCategory(rawValue: query.string(0))
        }
    }

    public func remember(_ place: InfoCategory?, of id: ReportID) throws {
        try database.write { connection in
            if let place {
                // Only for a report the store holds (a draft nothing was entered in yet is not stored).
                let upsert = try connection.statement("""
                    INSERT INTO draft_places (report_id, page) SELECT \(id.rawValue), \(place.rawValue) WHERE EXISTS (SELECT 1 FROM reports
                        WHERE id = \(id.rawValue))
                    ON CONFLICT (report_id) DO UPDATE SET page = excluded.page
                    """)
                defer { upsert.reset() }
                try upsert.run()
            } else {
                let delete = try connection.statement("DELETE FROM draft_places WHERE report_id = \(id.rawValue)")
                defer { delete.reset() }
                try delete.run()
            }
        }
    }
}
