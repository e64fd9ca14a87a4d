/// The floor's connection, used by one benchmark at a time (the benchmarks run one after another).
// @unchecked: safe because benchmarks run sequentially on one task, never touching the floor concurrently.
final class SQLiteFloorBox: @unchecked Sendable {
    let floor: SQLiteFloor
    init(_ floor: SQLiteFloor) { self.floor = floor }
}
