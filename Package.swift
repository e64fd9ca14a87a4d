// swift-tools-version: 6.0
import PackageDescription

/// Where Debian (libpango1.0-dev, installed by `make deps`) puts the headers Pango's own headers include: the folders
/// `pkg-config --cflags-only-I pangocairo pangoft2` names, GLib's configuration being under the machine's multiarch
/// folder.
#if arch(arm64)
let multiarch = "aarch64-linux-gnu"
#else
let multiarch = "x86_64-linux-gnu"
#endif
let pangoIncludeFlags = [
    "/usr/include/pango-1.0", "/usr/include/glib-2.0", "/usr/lib/\(multiarch)/glib-2.0/include", "/usr/include/harfbuzz",
    "/usr/include/cairo", "/usr/include/freetype2",
].map { "-I" + $0 }

let package = Package(
    name: "CrashAssistant",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "crash-assistant", targets: ["App"]),
        .library(name: "Domain", targets: ["Domain"]),
        .library(name: "Data", targets: ["Data"]),
        .library(name: "Storage", targets: ["Storage"]),
        .library(name: "ReportDocuments", targets: ["ReportDocuments"]),
        .library(name: "Presentation", targets: ["Presentation"]),
        .library(name: "Wording", targets: ["Wording"]),
        .library(name: "Composition", targets: ["Composition"]),
        .library(name: "WireAPI", targets: ["WireAPI"]),
        .executable(name: "crash-assistant-server", targets: ["Server"]),
        // Google's libphonenumber behind a small C interface, as a shared object of its own that the programs open
        // when they first judge a phone number (beside the binary): linked in, ICU, protobuf and abseil would cost
        // every start about 2 ms.
        .library(name: "CrashAssistantPhoneNumbers", type: .dynamic, targets: ["CPhoneNumber"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/swift-server/swift-openapi-async-http-client", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-openapi-generator", from: "1.14.3"),
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.4"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/apple/swift-certificates", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-asn1", from: "1.7.4"),
        // `swift package generate-documentation`: the DocC catalogs, built by make test with warnings as errors.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // Entities, rules, ports and use cases. Depends on nothing but Foundation value types.
        .target(name: "Domain"),
        // libphonenumber (Debian libphonenumber-dev) behind a plain C interface: the shared object
        // CrashAssistantPhoneNumbers. Never linked into a program: CPhoneNumberLazy opens it.
        .target(
            name: "CPhoneNumber",
            linkerSettings: [.linkedLibrary("phonenumber")]
        ),
        // The same C interface, forwarding to libCrashAssistantPhoneNumbers.so, opened on first use from beside the
        // program (every function answers CA_PHONE_UNAVAILABLE when it cannot be opened).
        .target(name: "CPhoneNumberLazy"),
        // Domain's PhoneNumberJudge as libphonenumber judges numbers: the programs install it at start.
        .target(name: "PhoneNumbers", dependencies: ["Domain", "CPhoneNumberLazy"]),
        // The system SQLite library (libsqlite3-dev).
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // The system cairo and Pango libraries (libcairo2-dev, libpango1.0-dev), for the PDF renderer: their headers,
        // and the functions it calls forwarded to the libraries opened when a PDF is first drawn, so the app starts
        // without loading them. Pango's headers need GLib's, HarfBuzz's, FreeType's and cairo's folders (`pkg-config
        // --cflags pangocairo pangoft2`), given here to the forwarders' C file alone: a `.systemLibrary` with `pkgConfig: "pangocairo"`
        // would find them, but it also links every program that depends on it with Pango, GLib and cairo, which then
        // load at each start. Swift sees Pango through the module's own header, which needs none of these folders.
        .target(
            name: "CCairo",
            cSettings: [.unsafeFlags(pangoIncludeFlags)]
        ),
        // The system QR code library, for the link the other driver scans from the app's screen.
        .systemLibrary(
            name: "CQRencode",
            pkgConfig: "libqrencode",
            providers: [.apt(["libqrencode-dev"])]
        ),
        // The product's words for Domain's facts (a value refused, a statement flag, where a time came from), for
        // every edge: Domain carries the facts only.
        .target(name: "Wording", dependencies: ["Domain"], resources: [.copy("Catalogs")]),
        // What the app's store and the server's keep their records and files with: the SQLite layer (connections,
        // statements, migrations, the file's checks) and files written whole (staged, flushed, placed), with the
        // SHA-256 of what is written.
        .target(
            name: "Storage",
            dependencies: ["Domain", "CSQLite", .product(name: "Crypto", package: "swift-crypto")]
        ),
        // A report as a document: its outline, the PDF (cairo and Pango), the text the terminal shows, and the
        // signature a PDF is sealed with. The app and the server draw the same documents.
        .target(
            name: "ReportDocuments",
            dependencies: ["Domain", "Wording", "Storage", "CCairo", .product(name: "Crypto", package: "swift-crypto")]
        ),
        // The app's repositories behind Domain's ports: in-memory, SQLite (with its outbox and sync state), the server
        // over the network (the generated client for JSON, the streaming photo and PDF routes by hand), the cache in
        // front of them and the sync engine; the photo store and the document archive. The server links none of it.
        .target(
            name: "Data",
            dependencies: [
                "Domain",
                "Storage",
                "CSQLite",
                "WireAPI",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIAsyncHTTPClient", package: "swift-openapi-async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOFoundationCompat", package: "swift-nio"),
            ]
        ),
        // Box bindings, view models and Ui models. Depends on Domain only.
        .target(name: "Presentation", dependencies: ["Domain", "Wording"]),
        // The one wiring of adapters to use cases and view models, shared by the app, the tests and the benchmarks.
        .target(name: "Composition", dependencies: ["Domain", "Wording", "Storage", "ReportDocuments", "Data", "Presentation"]),
        // The line-mode app: chooses the adapters from its options and runs the screens.
        .executableTarget(
            name: "App",
            dependencies: [
                "Domain", "Wording", "ReportDocuments", "Data", "Presentation", "Composition", "WireAPI", "CQRencode", "PhoneNumbers",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // The JSON wire types the server and the app's network backend share: generated from openapi.yaml
        // (`swift package generate-code-from-openapi --target WireAPI`, committed), and mapped to entities.
        .target(
            name: "WireAPI",
            dependencies: [
                "Domain",
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
            ],
            exclude: ["openapi-generator-config.yaml"],
            resources: [.copy("openapi.yaml")]
        ),
        // The crash-report server, as libraries with one job each; their imports show the layering.
        // The server's model, ports and services: crash IDs, crash events and their SMS, reports and photos per
        // user, claims, the other driver's links, jobs, erasure, quotas. Services state facts (``ServerRefusal``,
        // ``ReportError``): no HTTP type, no path and no sentence for a person. It draws the report documents and
        // writes files through the shared modules, never through the app's repositories (`Data`).
        .target(
            name: "ServerCore",
            dependencies: [
                "Domain", "Wording", "Storage", "ReportDocuments", "WireAPI",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ]
        ),
        // The core's ports on SQLite: one file for one machine.
        .target(
            name: "ServerSQLite",
            dependencies: ["ServerCore", "Domain", "Storage", "WireAPI", "CSQLite", .product(name: "NIOPosix", package: "swift-nio")]
        ),
        // The core's ports on PostgreSQL, for several instances.
        .target(
            name: "ServerPostgres",
            dependencies: [
                "ServerCore", "Domain", "WireAPI",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        // Photo and PDF bytes: in a folder, or in an S3-compatible bucket.
        .target(
            name: "ServerBlobs",
            dependencies: [
                "ServerCore", "Domain", "Storage",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // What the server sends out: SMS through Kannel (or to a folder), first notices of loss to the claims system.
        .target(
            name: "ServerGateways",
            dependencies: [
                "ServerCore", "Domain", "WireAPI",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        // The HTTP edge: the API's routes (generated and by hand), middleware, connection bounds, and problems — where
        // the core's facts become status codes and words.
        .target(
            name: "ServerHTTP",
            dependencies: [
                "ServerCore", "Domain", "Wording", "WireAPI",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        // The pages: the claims handlers' desk and the other driver's form, rendered on the server with no script.
        .target(
            name: "ServerPages",
            dependencies: [
                "ServerCore", "ServerHTTP", "Domain", "Wording", "ReportDocuments", "WireAPI",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "Logging", package: "swift-log"),
            ],
            // The templates and style sheets, compiled into the binary: nothing to install beside it.
            resources: [
                .embedInCode("Templates/handler-head.mustache"),
                .embedInCode("Templates/handler-foot.mustache"),
                .embedInCode("Templates/handler-sign-in.mustache"),
                .embedInCode("Templates/handler-claims.mustache"),
                .embedInCode("Templates/handler-claim.mustache"),
                .embedInCode("Templates/signing-record.mustache"),
                .embedInCode("Templates/handler-problem.mustache"),
                .embedInCode("Templates/handler.css"),
                .embedInCode("Templates/statement-head.mustache"),
                .embedInCode("Templates/statement-foot.mustache"),
                .embedInCode("Templates/statement-form.mustache"),
                .embedInCode("Templates/statement-closed.mustache"),
                .embedInCode("Templates/statement-review.mustache"),
                .embedInCode("Templates/statement-decided.mustache"),
                .embedInCode("Templates/outline-blocks.mustache"),
                .embedInCode("Templates/crash-landing.mustache"),
                .embedInCode("Templates/statement.css"),
            ]
        ),
        // The one wiring: the engines chosen by the options (and those options, shared by the commands), the services
        // over them, the router with the API and the pages, the application with its connection bounds.
        .target(
            name: "ServerApp",
            dependencies: [
                "ServerCore", "ServerSQLite", "ServerPostgres", "ServerBlobs", "ServerGateways", "ServerHTTP", "ServerPages",
                "Domain",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        // `crash-assistant-server`: the commands, over the wiring.
        .executableTarget(
            name: "Server",
            dependencies: [
                "ServerApp", "ServerCore", "ServerGateways", "ServerHTTP", "ServerPostgres", "Domain", "Wording", "PhoneNumbers",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),

        // Shared by the test targets: entity stubs, spies, fixtures.
        .target(
            name: "TestSupport",
            dependencies: ["Domain", "Storage", "Data", "Composition", "WireAPI"],
            path: "Tests/TestSupport"
        ),
        .testTarget(name: "DomainTests", dependencies: ["Domain", "Wording", "Data", "TestSupport", "PhoneNumbers"]),
        // Saves drafts and adds photos in a loop until killed: the storage crash tests run it.
        .executableTarget(
            name: "StorageStressChild",
            dependencies: ["Domain", "Storage", "Data"],
            path: "Tests/StorageStressChild"
        ),
        .testTarget(
            name: "DataTests", dependencies: ["Domain", "Wording", "Storage", "ReportDocuments", "Data", "CSQLite", "TestSupport"]
        ),
        .testTarget(name: "StorageTests", dependencies: ["Domain", "Storage", "TestSupport"]),
        .testTarget(
            name: "ReportDocumentsTests", dependencies: ["Domain", "Wording", "Storage", "ReportDocuments", "Data", "CCairo", "TestSupport"]
        ),
        .testTarget(name: "PresentationTests", dependencies: ["Domain", "Presentation", "Composition", "TestSupport"]),
        .testTarget(name: "AppTests", dependencies: ["App", "TestSupport"]),
        // What the server's test targets share: a server in the test process, the server program started beside it,
        // loopback HTTP, PostgreSQL, moto and scripted upstreams.
        .target(
            name: "ServerTestSupport",
            dependencies: [
                "Domain", "ServerCore", "ServerSQLite", "ServerPostgres", "ServerBlobs", "ServerGateways", "ServerApp", "WireAPI",
                "TestSupport", "Storage", "Data", "PhoneNumbers",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Tests/ServerTestSupport"
        ),
        // The server's tests, a target per room: the two engines (one conformance suite over both), the blob stores,
        // the gateways, the core's services, the routes and pages in process, and the server program as it runs.
        .testTarget(
            name: "ServerStoreTests",
            dependencies: [
                "ServerCore", "ServerSQLite", "ServerPostgres", "ServerApp", "ServerTestSupport", "WireAPI", "TestSupport", "Storage",
                "Data", "CSQLite", .product(name: "PostgresNIO", package: "postgres-nio"),
            ]
        ),
        .testTarget(
            name: "ServerBlobsTests",
            dependencies: [
                "ServerCore", "ServerBlobs", "ServerApp", "ServerHTTP", "ServerTestSupport", "TestSupport", "Storage", "Data",
            ]
        ),
        .testTarget(
            name: "ServerGatewaysTests",
            dependencies: ["ServerCore", "ServerGateways", "ServerTestSupport", "WireAPI", "TestSupport", "PhoneNumbers"]
        ),
        .testTarget(
            name: "ServerCoreTests",
            dependencies: [
                "ServerCore", "ServerSQLite", "ServerBlobs", "ServerGateways", "ServerTestSupport", "WireAPI", "TestSupport", "Storage",
                "ReportDocuments", "Data", "PhoneNumbers",
            ]
        ),
        .testTarget(
            name: "ServerHTTPTests",
            dependencies: [
                "ServerCore", "ServerHTTP", "ServerPages", "ServerTestSupport", "WireAPI", "TestSupport", "Wording", "Data",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ]
        ),
        .testTarget(
            name: "ServerAppTests",
            dependencies: [
                "ServerCore", "ServerSQLite", "ServerPostgres", "ServerGateways", "ServerPages", "ServerApp", "ServerTestSupport",
                "WireAPI", "TestSupport", "Storage", "Data", "Composition",
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
