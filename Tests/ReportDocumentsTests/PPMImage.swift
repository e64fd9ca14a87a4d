import Foundation

/// The four quarters of a photo as seen on a rendered page.
struct Quadrants: Equatable, Sendable, CustomStringConvertible {
    enum Colour: String, Sendable { case red, green, blue, yellow }

    let topLeft: Colour
    let topRight: Colour
    let bottomLeft: Colour
    let bottomRight: Colour

    var description: String { "\(topLeft) \(topRight) / \(bottomLeft) \(bottomRight)" }
}

/// A page rendered by `pdftoppm` (binary PPM, P6), to look at where and which way up a photo was drawn.
struct PPMImage {
    struct Box: CustomStringConvertible {
        let x: Int
        let y: Int
        let width: Int
        let height: Int
        var description: String { "\(width)×\(height) at \(x),\(y)" }
    }

    struct BadFormat: Error {}

    let width: Int
    let height: Int
    private let pixels: [UInt8]

    init(_ data: Data) throws {
        let bytes = [UInt8](data)
        var tokens: [String] = []
        var index = 0
        while tokens.count < 4, index < bytes.count {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 {
                index += 1
            }
            var token = ""
            while index < bytes.count, ![0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) {
                token.append(Character(UnicodeScalar(bytes[index])))
                index += 1
            }
            tokens.append(token)
        }
        index += 1
        guard tokens.count == 4, tokens[0] == "P6", let width = Int(tokens[1]), let height = Int(tokens[2]), tokens[3] == "255",
              bytes.count - index >= width * height * 3 else {
            throw BadFormat()
        }
        self.width = width
        self.height = height
        pixels = Array(bytes[index..<(index + width * height * 3)])
    }

    func rgb(_ x: Int, _ y: Int) -> (Int, Int, Int) {
        let at = (y * width + x) * 3
        return (Int(pixels[at]), Int(pixels[at + 1]), Int(pixels[at + 2]))
    }

    /// The box around the strongly coloured pixels (text is black or grey, so only photos count)
    /// and the colours at the centres of its four quarters; `nil` when the page has no photo.
    func saturatedBox() -> (box: Box, quadrants: Quadrants)? {
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1, count = 0
        for y in 0..<height {
            for x in 0..<width {
                let (r, g, b) = rgb(x, y)
                if max(r, g, b) - min(r, g, b) > 120 {
                    minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
                    count += 1
                }
            }
        }
        guard count >= 100 else { return nil }
        let box = Box(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
        func colour(_ fx: Double, _ fy: Double) -> Quadrants.Colour {
            let (r, g, b) = rgb(box.x + Int(Double(box.width) * fx), box.y + Int(Double(box.height) * fy))
            let candidates: [(Quadrants.Colour, (Int, Int, Int))] = [
                (.red, (255, 0, 0)), (.green, (0, 255, 0)), (.blue, (0, 0, 255)), (.yellow, (255, 255, 0)),
            ]
            return candidates.min { first, second in
                distance(first.1, (r, g, b)) < distance(second.1, (r, g, b))
            }?.0 ?? .red
        }
        return (box, Quadrants(
            topLeft: colour(0.25, 0.25), topRight: colour(0.75, 0.25),
            bottomLeft: colour(0.25, 0.75), bottomRight: colour(0.75, 0.75)
        ))
    }

    private func distance(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Int {
        (a.0 - b.0) * (a.0 - b.0) + (a.1 - b.1) * (a.1 - b.1) + (a.2 - b.2) * (a.2 - b.2)
    }
}
