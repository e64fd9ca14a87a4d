@testable import Domain
import Foundation
import Testing
import TestSupport

@Suite("Walking a JPEG header segment by segment")
struct JPEGSegmentsTests {
    /// SOI, APP0 (2 body bytes), TEM after two fill bytes, RST3, an empty comment, SOS (1 body byte), data, EOI.
    static let header: [UInt8] = [
        0xFF, 0xD8,
        0xFF, 0xE0, 0x00, 0x04, 0xAA, 0xBB,
        0xFF, 0xFF, 0xFF, 0x01,
        0xFF, 0xD3,
        0xFF, 0xFE, 0x00, 0x02,
        0xFF, 0xDA, 0x00, 0x03, 0x07,
        0x12, 0x34, 0xFF, 0xD9,
    ]

    @Test func segmentsAreListedInOrderWithTheirOffsetsAndBodies() {
        let walk = JPEGSegments.walk(Data(Self.header))
        #expect(walk.segments == [
            JPEGSegment(marker: 0xE0, offset: 2, body: 6..<8),
            JPEGSegment(marker: 0x01, offset: 10, body: nil),
            JPEGSegment(marker: 0xD3, offset: 12, body: nil),
            JPEGSegment(marker: 0xFE, offset: 14, body: 18..<18),
            JPEGSegment(marker: 0xDA, offset: 18, body: 22..<23),
        ])
        #expect(walk.segments.map(\.length) == [4, 0, 0, 2, 3])
        #expect(walk.end == .imageData(at: 23))
    }

    @Test func fillBytesBeforeAMarkerAreSkipped() {
        let walk = JPEGSegments.walk(Data([0xFF, 0xD8, 0xFF, 0xFF, 0xFF, 0xFF, 0xFE, 0x00, 0x03, 0x41]))
        #expect(walk.segments == [JPEGSegment(marker: 0xFE, offset: 5, body: 9..<10)])
        #expect(walk.end == .notAMarker(at: 10))
    }

    @Test func standAloneMarkersHaveNoLengthAndTheWalkGoesOn() {
        let bytes: [UInt8] = [0xFF, 0xD8] + (0xD0...0xD7).flatMap { [0xFF, $0] } + [0xFF, 0x01, 0xFF, 0xD9]
        let walk = JPEGSegments.walk(Data(bytes))
        #expect(walk.segments.map(\.marker) == Array(0xD0...0xD7) + [0x01])
        #expect(walk.segments.allSatisfy { $0.body == nil })
        #expect(walk.end == .endOfImage(at: 20))
    }

    @Test func aLengthRunningPastTheEndStopsTheWalk() {
        let walk = JPEGSegments.walk(Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x04, 0xAA, 0xBB, 0xFF, 0xE1, 0x01, 0x00, 0x00]))
        #expect(walk.segments == [JPEGSegment(marker: 0xE0, offset: 2, body: 6..<8)])
        #expect(walk.end == .segmentPastEnd(at: 8))
    }

    @Test func aLengthTooSmallToCountItselfStopsTheWalk() {
        let walk = JPEGSegments.walk(Data([0xFF, 0xD8, 0xFF, 0xE1, 0x00, 0x01, 0xFF, 0xD9]))
        #expect(walk.segments.isEmpty)
        #expect(walk.end == .segmentPastEnd(at: 2))
    }

    @Test func aSecondStartOfImageEndsTheHeader() {
        let walk = JPEGSegments.walk(Data([0xFF, 0xD8, 0xFF, 0xD8, 0xFF, 0xFE, 0x00, 0x02]))
        #expect(walk.segments.isEmpty)
        #expect(walk.end == .startOfImage(at: 2))
    }

    @Test func aFileEndingInsideAMarkerIsCutShort() {
        #expect(JPEGSegments.walk(Data([0xFF, 0xD8, 0xFF, 0xFF])).end == .cutShort(at: 4))
        #expect(JPEGSegments.walk(Data([0xFF, 0xD8, 0xFF, 0xE1, 0x00])).end == .cutShort(at: 4))
        #expect(JPEGSegments.walk(Data([0xFF, 0xD8])).end == .notAMarker(at: 2))
    }

    @Test func everyPrefixEndsTheWalkBeforeTheImageDataWithoutACrash() {
        for length in 0..<23 {
            let walk = JPEGSegments.walk(Data(Self.header.prefix(length)))
            #expect(walk.end != .imageData(at: 23), "cut to \(length) bytes")
            #expect(walk.segments.allSatisfy { $0.end <= length }, "cut to \(length) bytes")
        }
    }

    @Test func aRealPhotoIsWalkedToItsScanPastItsFrameHeader() throws {
        let bytes = try Fixtures.jpeg()
        let walk = JPEGSegments.walk(bytes)
        #expect(walk.segments.contains { $0.marker == 0xC0 })
        let scan = try #require(walk.segments.last)
        #expect(scan.marker == 0xDA)
        #expect(walk.end == .imageData(at: scan.end))
    }
}
