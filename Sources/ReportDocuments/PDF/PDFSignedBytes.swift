import Foundation

/// The bytes a PDF signature covers: its file but for the signature's own `/Contents`, as the regions of the file
/// they are (no copy is made). A signer digests them region by region, as any `DataProtocol`.
public struct PDFSignedBytes: DataProtocol, Sendable {
    public typealias Regions = [Data]
    public typealias Index = Int
    public typealias Indices = Range<Int>

    public let regions: [Data]
    /// Where each region starts in the whole.
    private let starts: [Int]
    public let endIndex: Int

    init(regions: [Data]) {
        self.regions = regions
        var starts: [Int] = []
        var total = 0
        for region in regions {
            starts.append(total)
            total += region.count
        }
        self.starts = starts
        endIndex = total
    }

    public var startIndex: Int { 0 }

    public subscript(position: Int) -> UInt8 {
        precondition(position >= 0 && position < endIndex, "index out of range")
        // The last region starting at or before `position` (a few regions: a linear walk is quickest).
        var region = regions.count - 1
        while starts[region] > position { region -= 1 }
        let data = regions[region]
        return data[data.startIndex + position - starts[region]]
    }
}
