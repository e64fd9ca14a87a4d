import Domain
import Foundation

/// A report on the wire, and back: what one side sends is rebuilt on the other through the report's validating
/// initialiser, so no rule the app keeps can be broken by data that crossed the network.
extension Components.Schemas.Report {
    public init(_ report: CrashReport) {
        self.init(
            id: report.id.description,
            crashId: report.crashID.rawValue,
            provisionalCrashId: report.provisionalCrashID?.rawValue,
            detection: report.detection.map(Components.Schemas.CrashDetection.init),
            status: report.status == .completed ? .completed : .draft,
            createdAt: report.createdAt,
            updatedAt: report.updatedAt,
            completedAt: report.completedAt,
            scene: Components.Schemas.Scene(report.scene),
            injuries: report.injuries.selected.map(Components.Schemas.Injury.init),
            photos: report.allPhotos.map(Components.Schemas.Photo.init),
            otherDriverNote: report.otherDriverNote,
            statement: report.statement.isEmpty ? nil : Components.Schemas.AccidentStatement(report.statement, version: report.statementVersion),
            // Always sent, empty when there are none: an absent list says the sender does not know parties.
            parties: report.parties.all.map { party in
                Components.Schemas.Party(party, statementVersion: report.statementVersion(.vehicle(party.id)))
            },
            acknowledgement: report.acknowledgement.map(Components.Schemas.ClaimAcknowledgement.init),
            claimTimeline: report.claimTimeline.isEmpty ? nil : report.claimTimeline.map(Components.Schemas.ClaimStatusUpdate.init),
            language: report.language?.rawValue,
            revision: Int64(report.revision)
        )
    }
}

extension CrashReport {
    /// Rebuilds a report received over the wire.
    /// - Throws: ``InvalidReportData`` naming the field (`crashId`, `scene.coordinate`, `photos[2].sha256`, …).
    public init(wire: Components.Schemas.Report) throws(InvalidReportData) {
        guard let uuid = UUID(uuidString: wire.id) else {
            throw InvalidReportData(field: "id", problem: .invalid(String(wire.id.prefix(64))))
        }
        let crashID: CrashID
        do {
            crashID = try CrashID(validating: wire.crashId)
        } catch {
            throw InvalidReportData(field: "crashId", problem: .invalid(String(wire.crashId.prefix(80))))
        }
        let provisionalCrashID: CrashID?
        do {
            provisionalCrashID = try wire.provisionalCrashId.map { text throws(InputError) in try CrashID(validating: text) }
        } catch {
            throw InvalidReportData(field: "provisionalCrashId", problem: .invalid(String((wire.provisionalCrashId ?? "").prefix(80))))
        }
        let detection = try wire.detection.map { detection throws(InvalidReportData) in try CrashDetection(wire: detection) }
        let language: LanguageTag?
        do {
            language = try wire.language.map { text throws(LanguageTagError) in try LanguageTag(parsing: text) }
        } catch {
            throw InvalidReportData(field: "language", problem: .invalid(String((wire.language ?? "").prefix(16))))
        }
        let injuries = wire.injuries.map(Injury.init)
        let selection = InjurySelection(injuries)
        guard selection.count == injuries.count else {
            throw InvalidReportData(
                field: "injuries",
                problem: .invalid("each choice may appear once, and 'no-one' or 'unsure' only alone")
            )
        }
        guard wire.revision <= Int64(Int32.max) else {
            throw InvalidReportData(field: "revision", problem: .outOfRange(value: Int(clamping: wire.revision), allowed: 0...Int(Int32.max)))
        }
        var photos: [Photo] = []
        photos.reserveCapacity(wire.photos.count)
        for (index, photo) in wire.photos.enumerated() {
            photos.append(try Photo(wire: photo, field: "photos[\(index)]"))
        }
        try self.init(
            id: ReportID(uuid),
            crashID: crashID,
            provisionalCrashID: provisionalCrashID,
            detection: detection,
            status: wire.status == .completed ? .completed : .draft,
            createdAt: wire.createdAt,
            updatedAt: wire.updatedAt,
            completedAt: wire.completedAt,
            scene: try CrashScene(wire: wire.scene),
            injuries: selection,
            photos: photos,
            otherDriverNote: wire.otherDriverNote,
            statement: try wire.statement.map { statement throws(InvalidReportData) in try AccidentStatement(wire: statement) } ?? .empty,
            parties: try CrashParties(wire: wire.parties ?? []),
            acknowledgement: try wire.acknowledgement.map { acknowledgement throws(InvalidReportData) in
                try ClaimAcknowledgement(wire: acknowledgement)
            },
            claimTimeline: try (wire.claimTimeline ?? []).enumerated().map { index, step throws(InvalidReportData) in
                do throws(InvalidReportData) {
                    return try ClaimStatusUpdate(wire: step)
                } catch {
                    throw InvalidReportData(field: "claimTimeline[\(index)].\(error.field)", problem: error.problem)
                }
            },
            language: language,
            revision: Int(wire.revision)
        )
    }
}

extension Components.Schemas.ClaimAcknowledgement {
    public init(_ acknowledgement: ClaimAcknowledgement) {
        self.init(
            claimNumber: acknowledgement.claimNumber, message: acknowledgement.message,
            acknowledgedAt: acknowledgement.acknowledgedAt, handler: acknowledgement.handler
        )
    }
}

extension ClaimAcknowledgement {
    /// Rebuilds the insurer's acknowledgement received or stored as its wire JSON.
    /// - Throws: ``InvalidReportData`` naming the field, under `acknowledgement`.
    public init(wire: Components.Schemas.ClaimAcknowledgement) throws(InvalidReportData) {
        try self.init(claimNumber: wire.claimNumber, message: wire.message, acknowledgedAt: wire.acknowledgedAt, handler: wire.handler)
    }
}

// MARK: - Parts

extension Components.Schemas.CrashDetection {
    public init(_ detection: CrashDetection) {
        self.init(
            detectedAt: detection.detectedAt,
            position: .init(
                latitude: detection.position.latitude, longitude: detection.position.longitude,
                accuracyMeters: detection.accuracyMeters, trusted: detection.positionTrusted
            ),
            headingDegrees: detection.headingDegrees,
            speedKmh: detection.speedKmh,
            deltaVKmh: detection.deltaVKmh,
            airbagsDeployed: detection.airbagsDeployed,
            rollover: detection.rollover,
            test: detection.isTest
        )
    }
}

extension CrashDetection {
    /// Rebuilds detected values received or stored as their wire JSON.
    /// - Throws: ``InvalidReportData`` naming the field, under `detection`.
    public init(wire: Components.Schemas.CrashDetection) throws(InvalidReportData) {
        let position: Coordinate
        do {
            position = try Coordinate(latitude: wire.position.latitude, longitude: wire.position.longitude)
        } catch {
            throw InvalidReportData(field: "detection.position", problem: .invalid("\(wire.position.latitude), \(wire.position.longitude)"))
        }
        do {
            try self.init(
                detectedAt: wire.detectedAt, position: position, accuracyMeters: wire.position.accuracyMeters,
                positionTrusted: wire.position.trusted, headingDegrees: wire.headingDegrees, speedKmh: wire.speedKmh,
                deltaVKmh: wire.deltaVKmh, airbagsDeployed: wire.airbagsDeployed, rollover: wire.rollover, isTest: wire.test
            )
        } catch {
            let field = error.field == "accuracyMeters" ? "position.accuracyMeters" : error.field
            throw InvalidReportData(field: "detection." + field, problem: error.problem)
        }
    }
}

extension Components.Schemas.Scene {
    init(_ scene: CrashScene) {
        self.init(
            occurredAt: scene.occurredAt,
            coordinate: scene.coordinate.map(Components.Schemas.Coordinate.init),
            address: scene.address,
            utcOffsetMinutes: scene.utcOffsetMinutes
        )
    }
}

extension CrashScene {
    init(wire: Components.Schemas.Scene) throws(InvalidReportData) {
        let coordinate = try wire.coordinate.map { coordinate throws(InvalidReportData) in
            try Coordinate(wire: coordinate, field: "scene.coordinate")
        }
        do {
            try self.init(occurredAt: wire.occurredAt, coordinate: coordinate, address: wire.address, utcOffsetMinutes: wire.utcOffsetMinutes)
        } catch let .invalidUTCOffset(minutes) {
            throw InvalidReportData(field: "scene.utcOffsetMinutes", problem: .outOfRange(value: minutes, allowed: CrashScene.utcOffsetRange))
        } catch let .addressTooLarge(bytes, limit) {
            throw InvalidReportData(field: "scene.address", problem: .tooLarge(bytes: bytes, limit: limit))
        } catch let .addressHasControlCharacter(code) {
            throw InvalidReportData(field: "scene.address", problem: .controlCharacter(code))
        } catch let .addressTooLong(count, limit) {
            throw InvalidReportData(field: "scene.address", problem: .tooLong(count: count, limit: limit))
        } catch {
            throw InvalidReportData(field: "scene.address", problem: .invalid(String(describing: error).prefix(80).description))
        }
    }
}

extension Components.Schemas.Coordinate {
    public init(_ coordinate: Coordinate) {
        self.init(latitude: coordinate.latitude, longitude: coordinate.longitude)
    }
}

extension Coordinate {
    init(wire: Components.Schemas.Coordinate, field: String) throws(InvalidReportData) {
        do {
            try self.init(latitude: wire.latitude, longitude: wire.longitude)
        } catch {
            throw InvalidReportData(field: field, problem: .invalid("\(wire.latitude), \(wire.longitude)"))
        }
    }
}

extension Components.Schemas.Injury {
    public init(_ injury: Injury) {
        switch injury {
        case .myself: self = .myself
        case .myPassengers: self = .myPassengers
        case .otherDriver: self = .otherDriver
        case .otherDriversPassengers: self = .otherDriversPassengers
        case .noOne: self = .noOne
        case .unsure: self = .unsure
        }
    }
}

extension Injury {
    init(_ wire: Components.Schemas.Injury) {
        switch wire {
        case .myself: self = .myself
        case .myPassengers: self = .myPassengers
        case .otherDriver: self = .otherDriver
        case .otherDriversPassengers: self = .otherDriversPassengers
        case .noOne: self = .noOne
        case .unsure: self = .unsure
        }
    }
}

extension Components.Schemas.Photo {
    init(_ photo: Photo) {
        self.init(
            id: photo.id.description,
            section: Components.Schemas.PhotoSection(rawValue: photo.section.rawValue) ?? .crashScene,
            sha256: photo.contentHash.hex,
            mediaType: photo.mediaType == .png ? .imagePng : .imageJpeg,
            byteCount: Int64(photo.byteCount),
            width: Int64(photo.pixelSize.width),
            height: Int64(photo.pixelSize.height),
            originalFileName: photo.originalFileName,
            addedAt: photo.addedAt,
            takenAt: photo.takenAt,
            takenWhere: photo.takenWhere.map(Components.Schemas.Coordinate.init),
            takenAltitude: photo.takenAltitude,
            takenUtcOffsetMinutes: photo.takenUTCOffsetMinutes,
            orientation: photo.orientation.rawValue
        )
    }
}

extension Photo {
    init(wire: Components.Schemas.Photo, field: String) throws(InvalidReportData) {
        guard let uuid = UUID(uuidString: wire.id) else {
            throw InvalidReportData(field: "\(field).id", problem: .invalid(String(wire.id.prefix(64))))
        }
        guard let section = PhotoSection(rawValue: wire.section.rawValue) else {
            throw InvalidReportData(field: "\(field).section", problem: .invalid(wire.section.rawValue))
        }
        let contentHash: ContentHash
        do {
            contentHash = try ContentHash(hex: wire.sha256)
        } catch {
            throw InvalidReportData(field: "\(field).sha256", problem: .invalid(String(wire.sha256.prefix(80))))
        }
        guard let orientation = ImageOrientation(rawValue: wire.orientation) else {
            throw InvalidReportData(field: "\(field).orientation", problem: .outOfRange(value: wire.orientation, allowed: 1...8))
        }
        if let minutes = wire.takenUtcOffsetMinutes, !CrashScene.utcOffsetRange.contains(minutes) {
            throw InvalidReportData(field: "\(field).takenUtcOffsetMinutes", problem: .outOfRange(value: minutes, allowed: CrashScene.utcOffsetRange))
        }
        if let altitude = wire.takenAltitude, !altitude.isFinite {
            throw InvalidReportData(field: "\(field).takenAltitude", problem: .invalid("\(altitude)"))
        }
        let takenWhere = try wire.takenWhere.map { coordinate throws(InvalidReportData) in
            try Coordinate(wire: coordinate, field: "\(field).takenWhere")
        }
        // Sizes are checked by the report's own rules; here they only have to fit in an Int.
        self.init(
            id: PhotoID(uuid),
            section: section,
            contentHash: contentHash,
            mediaType: wire.mediaType == .imagePng ? .png : .jpeg,
            byteCount: Int(clamping: wire.byteCount),
            pixelSize: PixelSize(width: Int(clamping: wire.width), height: Int(clamping: wire.height)),
            originalFileName: wire.originalFileName,
            addedAt: wire.addedAt,
            takenAt: wire.takenAt,
            takenWhere: takenWhere,
            takenAltitude: wire.takenAltitude,
            orientation: orientation,
            takenUTCOffsetMinutes: wire.takenUtcOffsetMinutes
        )
    }
}
