import Foundation
import TestSupport

/// Valid JPEGs of about the size asked for: the small fixture with comment segments put in after its start, each
/// filled from `seed` so every photo has its own bytes.
package enum LargePhotos {
    package static func jpeg(bytes target: Int, seed: Int) throws -> Data {
        let original = try Fixtures.jpeg()
        var photo = Data(original.prefix(2))
        photo.reserveCapacity(target + original.count)
        var state = UInt64(truncatingIfNeeded: seed) &* 0x9E37_79B9_7F4A_7C15 | 1
        while photo.count + original.count < target {
            let length = min(65_533, max(2, target - photo.count - original.count - 4))
            photo.append(contentsOf: [0xFF, 0xFE, UInt8(truncatingIfNeeded: (length + 2) >> 8), UInt8(truncatingIfNeeded: length + 2)])
            var segment = [UInt8](repeating: 0, count: length)
            for index in segment.indices {
                state ^= state << 13
                state ^= state >> 7
                state ^= state << 17
                segment[index] = UInt8(truncatingIfNeeded: state)
            }
            photo.append(contentsOf: segment)
        }
        photo.append(original.dropFirst(2))
        return photo
    }
}
