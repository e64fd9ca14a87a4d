@testable import ReportDocuments
import Domain
import Testing

@Suite("Turning stored pixels upright, for every EXIF orientation")
struct OrientationTransformTests {
    /// Where the stored picture's first pixel lands, and which way its first row runs, once upright
    /// (as the EXIF specification describes orientations 1–8).
    static let expectations: [(ImageOrientation, corner: (Double, Double), rowDirection: (Double, Double))] = [
        (.up, (0, 0), (1, 0)),
        (.mirrored, (1, 0), (-1, 0)),
        (.upsideDown, (1, 1), (-1, 0)),
        (.upsideDownMirrored, (0, 1), (1, 0)),
        (.rotatedClockwiseMirrored, (0, 0), (0, 1)),
        (.rotatedClockwise, (1, 0), (0, 1)),
        (.rotatedCounterClockwiseMirrored, (1, 1), (0, -1)),
        (.rotatedCounterClockwise, (0, 1), (0, -1)),
    ]

    @Test("the stored picture fills the upright one, first pixel and first row where EXIF says",
          arguments: expectations.indices)
    func storedPictureLandsUpright(index: Int) {
        let (orientation, corner, direction) = Self.expectations[index]
        let stored = PixelSize(width: 40, height: 30)
        let upright = orientation.uprightSize(of: stored)
        let transform = OrientationTransform(orientation, width: 40, height: 30)

        let origin = transform.apply(0, 0)
        #expect(origin.x == corner.0 * Double(upright.width) && origin.y == corner.1 * Double(upright.height))
        let alongRow = transform.apply(1, 0)
        #expect(alongRow.x - origin.x == direction.0 && alongRow.y - origin.y == direction.1)
        // The far corner lands inside the upright picture, so nothing is cut off or left empty.
        let far = transform.apply(40, 30)
        #expect([0, Double(upright.width)].contains(far.x) && [0, Double(upright.height)].contains(far.y))
        #expect(far.x != origin.x && far.y != origin.y)
    }
}
