import Foundation
import Testing
import TestSupport
@testable import Storage

/// A query's values are bound where they are written, never spliced into the SQL, and a statement is found again only
/// by a query with the very same text.
@Suite("SQL with its values written in place")
struct SQLiteQueryTests {
    private static let migrations = [
        SQLiteMigration(version: 1, sql: "CREATE TABLE things (id BLOB PRIMARY KEY, name TEXT, size INTEGER, weight REAL, flag INTEGER)")
    ]

    private func database() throws -> (SQLiteDatabase, TemporaryDirectory) {
        let directory = TemporaryDirectory("sqlite-query")
        return (try SQLiteDatabase(path: directory.file("things.sqlite3"), migrations: Self.migrations), directory)
    }

    @Test func eachValueIsBoundWhereItIsWrittenAndReadsBackAsIs() throws {
        let (database, directory) = try database()
        defer { _ = directory }
        let id = UUID()
        // Text that would break a statement it was spliced into, and a NUL inside it.
        let name = "Robert'); DROP TABLE things;--\u{0}after"
        try database.write { connection in
            try connection.statement("""
                INSERT INTO things (id, name, size, weight, flag) VALUES (\(id), \(name), \(Int?.some(42)), \(2.5), \(true))
                """).run()
            try connection.statement("INSERT INTO things (id, name, size, weight, flag) VALUES (\(UUID()), \(String?.none), \(Int?.none), \(Double?.none), \(Bool?.none))").run()
        }
        let row = try database.read { connection in
            let query = try connection.statement("SELECT name, size, weight, flag, id FROM things WHERE id = \(id) AND name = \(name)")
            defer { query.reset() }
            return try query.step() ? (query.string(0), query.int(1), query.double(2), query.int(3), query.uuid(4)) : nil
        }
        let found = try #require(row)
        #expect(found.0 == name)
        #expect(found.1 == 42 && found.2 == 2.5 && found.3 == 1 && found.4 == id)
        let nulls = try database.read { connection in
            try connection.integer("SELECT count(*) FROM things WHERE name IS NULL AND size IS NULL AND weight IS NULL AND flag IS NULL")
        }
        #expect(nulls == 1)
        #expect(try database.read { connection in try connection.integer("SELECT count(*) FROM things") } == 2)
    }

    @Test func theSameValueWrittenTwiceIsBoundTwice() throws {
        let (database, directory) = try database()
        defer { _ = directory }
        let id = UUID()
        try database.write { connection in
            try connection.statement("INSERT INTO things (id, size) VALUES (\(id), 7)").run()
        }
        let size = 7
        let count = try database.read { connection in
            try connection.integer("SELECT count(*) FROM things WHERE id = \(id) AND size = \(size) AND size >= \(size)")
        }
        #expect(count == 1)
    }

    @Test func aParameterWrittenByHandIsRefusedWithWordsThatSayWhatToDo() throws {
        let (database, directory) = try database()
        defer { _ = directory }
        let error = #expect(throws: SQLiteError.self) {
            try database.read { connection in try connection.statement("SELECT count(*) FROM things WHERE size = ?1").step() }
        }
        #expect(error?.message.contains("write each value in its place") == true)
        #expect(throws: SQLiteError.self) {
            try database.read { connection in try connection.statement("SELECT count(*) FROM things WHERE size = :size").step() }
        }
    }

    @Test func queriesFromOnePlaceShareAStatementAndOthersDoNot() throws {
        let (database, directory) = try database()
        defer { _ = directory }
        try database.write { connection in
            for size in 1...3 { try connection.statement("INSERT INTO things (id, size) VALUES (\(UUID()), \(size))").run() }
        }
        // Two queries alike up to their first value: each is its own statement, with its own text.
        let (small, large) = try database.read { connection in
            (try connection.integer("SELECT count(*) FROM things WHERE size < \(3)"), try connection.integer("SELECT count(*) FROM things WHERE size >= \(3)"))
        }
        #expect(small == 2 && large == 1)
        // Run again and again, each place keeps one statement.
        let prepared = try database.read { connection in
            for size in 0..<50 {
                _ = try connection.integer("SELECT count(*) FROM things WHERE size < \(size)")
                _ = try connection.integer("SELECT count(*) FROM things WHERE size >= \(size)")
            }
            return connection.preparedCount
        }
        let before = try database.read { connection in connection.preparedCount }
        #expect(prepared == before)
        #expect(try database.read { connection in
            _ = try connection.integer("SELECT count(*) FROM things WHERE size <= \(99)")
            return connection.preparedCount
        } == before + 1)
        let query: SQLiteQuery = "SELECT count(*) FROM things WHERE size < \(3) AND size > \(1)"
        #expect(query.text == "SELECT count(*) FROM things WHERE size < ?1 AND size > ?2")
        let trailing: SQLiteQuery = "\(1)\(2)"
        #expect(trailing.text == "?1?2")
    }
}
