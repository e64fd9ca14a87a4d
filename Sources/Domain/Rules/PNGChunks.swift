import Foundation

/// Walks the chunks of a PNG file: the one walker behind ``ImageInspector`` (image data, end chunk)
/// and ``PhotoMetadataReader`` (the `eXIf` chunk).
///
/// The walk starts after the 8-byte signature (callers recognise it first) and returns every chunk in order,
/// the end chunk (`IEND`) last; then ``end`` is ``PNGWalkEnd/endChunk(at:)``. A chunk whose length runs past
/// the end of the file, or a file ending between chunks, stops the walk without reading further.
/// Every read is bounds-checked and damage never traps or throws. Checksums are the caller's business.
struct PNGChunks {
    /// The eight bytes every PNG begins with.
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    private let bytes: UnsafeRawBufferPointer
    private var position = 8

    /// Why the walk stopped; `nil` while it goes on.
    private(set) var end: PNGWalkEnd?

    /// - Parameter bytes: the whole file, starting with its signature. Must stay valid while walking.
    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// The next chunk, or `nil` once the walk has ended (see ``end``).
    mutating func next() -> PNGChunk? {
        guard case .none = end else { return nil }
        guard position <= bytes.count - 12 else { return stop(.cutShort(at: position)) }
        let length = Int(Self.uint32(bytes, at: position))
        guard length <= Int(Int32.max), length <= bytes.count - position - 12 else {
            return stop(.chunkPastEnd(at: position))
        }
        let chunk = PNGChunk(
            type: Self.uint32(bytes, at: position + 4), offset: position, data: (position + 8)..<(position + 8 + length)
        )
        position = chunk.end
        if chunk.type == PNGChunk.endOfImage { end = .endChunk(at: chunk.offset) }
        return chunk
    }

    private mutating func stop(_ reason: PNGWalkEnd) -> PNGChunk? {
        end = reason
        return nil
    }

    /// The big-endian 32-bit number at `index`; the caller checks that four bytes are there.
    static func uint32(_ bytes: UnsafeRawBufferPointer, at index: Int) -> UInt32 {
        UInt32(bytes[index]) << 24 | UInt32(bytes[index + 1]) << 16 | UInt32(bytes[index + 2]) << 8 | UInt32(bytes[index + 3])
    }

    // MARK: - Whole walks

    /// Every chunk of `data` in order, and why the walk stopped.
    static func walk(_ data: Data) -> (chunks: [PNGChunk], end: PNGWalkEnd?) {
        data.withUnsafeBytes { buffer in
            var walker = PNGChunks(buffer)
            var chunks: [PNGChunk] = []
            while let chunk = walker.next() { chunks.append(chunk) }
            return (chunks, walker.end)
        }
    }
}
