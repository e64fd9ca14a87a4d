// swift-tools-version: 6.0
import PackageDescription

// The HTTP framework's own floor for the server-load benchmark: Hummingbird answering one GET with bytes it holds in
// memory, with no middleware, store or token. Its own package so the main build never compiles it.
let package = Package(
    name: "FrameworkFloor",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    ],
    targets: [
        .executableTarget(
            name: "FrameworkFloor",
            dependencies: [.product(name: "Hummingbird", package: "hummingbird")]
        ),
    ]
)
