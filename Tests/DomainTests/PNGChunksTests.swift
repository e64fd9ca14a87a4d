@testable import Domain
import Foundation
import Testing
import TestSupport

@Suite("Walking a PNG file chunk by chunk")
struct PNGChunksTests {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    @Test func chunksAreListedInOrderFromTheHeaderToTheEndChunk() throws {
        let bytes = try Fixtures.png()
        let walk = PNGChunks.walk(bytes)
        let first = try #require(walk.chunks.first)
        #expect(first == PNGChunk(type: PNGChunk.header, offset: 8, data: 16..<29))
        #expect(first.typeName == "IHDR")
        let last = try #require(walk.chunks.last)
        #expect(last.type == PNGChunk.endOfImage)
        #expect(last.end == bytes.count)
        #expect(walk.end == .endChunk(at: bytes.count - 12))
        #expect(zip(walk.chunks, walk.chunks.dropFirst()).allSatisfy { $0.end == $1.offset })
        #expect(walk.chunks.contains { $0.type == PNGChunk.imageData })
    }

    @Test func aLengthRunningPastTheEndStopsTheWalk() {
        let bytes = Self.signature + [0x00, 0x00, 0x01, 0x00] + Array("tEXt".utf8) + [1, 2, 3, 4, 5, 6, 7, 8]
        let walk = PNGChunks.walk(Data(bytes))
        #expect(walk.chunks.isEmpty)
        #expect(walk.end == .chunkPastEnd(at: 8))
    }

    @Test func aLengthLargerThanPNGAllowsStopsTheWalk() {
        let bytes = Self.signature + [0xFF, 0xFF, 0xFF, 0xFF] + Array("IDAT".utf8) + [0, 0, 0, 0]
        #expect(PNGChunks.walk(Data(bytes)).end == .chunkPastEnd(at: 8))
    }

    @Test func aFileEndingBetweenChunksIsCutShort() {
        let empty = [0x00, 0x00, 0x00, 0x00] + Array("tEXt".utf8) + [0xAA, 0xBB, 0xCC, 0xDD]
        let walk = PNGChunks.walk(Data(Self.signature + empty + [0x00, 0x00]))
        #expect(walk.chunks == [PNGChunk(type: 0x7445_5874, offset: 8, data: 16..<16)])
        #expect(walk.end == .cutShort(at: 20))
    }

    @Test func everyPrefixOfARealPhotoStopsBeforeTheEndChunkWithoutACrash() throws {
        let bytes = try Fixtures.png()
        for length in 0..<bytes.count {
            let walk = PNGChunks.walk(bytes.prefix(length))
            #expect(!walk.chunks.contains { $0.type == PNGChunk.endOfImage }, "cut to \(length) bytes")
            #expect(walk.chunks.allSatisfy { $0.end <= length }, "cut to \(length) bytes")
        }
    }
}
