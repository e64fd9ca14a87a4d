import Domain
import Foundation
import FuzzKit

// `ImageInspector.inspect` on any bytes: it must refuse or accept, never crash, and what it accepts
// must be a picture with a size the rest of the app can use.

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let bytes = Fuzz.data(start, count)
    do throws(PhotoError) {
        let info = try ImageInspector.inspect(bytes, fileName: "fuzz.jpg")
        Fuzz.check(info.pixelSize.width > 0 && info.pixelSize.height > 0, "accepted a \(info.pixelSize) image")
        Fuzz.check(info.pixelSize.pixelCount <= ReportLimits.maximumPixelCount, "accepted \(info.pixelSize) pixels")
        Fuzz.check((1...4).contains(info.componentCount), "accepted \(info.componentCount) colour channels")
        let signature: [UInt8] = info.mediaType == .jpeg ? [0xFF, 0xD8] : [0x89, 0x50, 0x4E, 0x47]
        Fuzz.check(bytes.starts(with: signature), "accepted a \(info.mediaType) without its signature")
    } catch {
        // A refusal is an answer: the photo is not added, and the error names why.
    }
    return 0
}

Fuzz.run(testOneInput)
