import Domain
import Foundation
import FuzzKit

// `PhotoMetadataReader.read` on any bytes: it never throws, so it must never crash or loop either,
// and what it reads must be a real moment and place.

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let metadata = PhotoMetadataReader.read(Fuzz.data(start, count))
    if let takenAt = metadata.takenAt {
        Fuzz.check(takenAt.timeIntervalSinceReferenceDate.isFinite, "read a taken-at time that is not finite")
    }
    if let place = metadata.takenWhere {
        Fuzz.check((-90...90).contains(place.latitude) && (-180...180).contains(place.longitude), "read \(place)")
        Fuzz.check(place.latitude != 0 || place.longitude != 0, "read 0, 0, which means no GPS fix")
    }
    return 0
}

Fuzz.run(testOneInput)
