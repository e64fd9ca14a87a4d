import Foundation

/// Why ``PNGChunks`` stopped walking a PNG file, and where.
enum PNGWalkEnd: Equatable, Sendable {
    /// The end chunk (`IEND`) at the offset was reached and returned.
    case endChunk(at: Int)
    /// Fewer than the 12 bytes of a chunk's length, type and CRC are left at the offset.
    case cutShort(at: Int)
    /// The chunk at the offset says it is longer than what is left of the file (or than PNG allows).
    case chunkPastEnd(at: Int)
}
