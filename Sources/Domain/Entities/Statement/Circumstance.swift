/// The seventeen boxes of the European Accident Statement's section 12: what each vehicle was doing when the crash
/// happened. Each side ticks any number of them and writes how many it ticked, so neither can add one afterwards.
public enum Circumstance: Int, Sendable, Hashable, CaseIterable, Comparable {
    case parked = 1
    case leavingParkingOrOpeningDoor
    case parking
    case emergingFromCarParkOrPrivateGround
    case enteringCarParkOrPrivateGround
    case enteringRoundabout
    case circulatingInRoundabout
    case hitRearSameDirectionSameLane
    case sameDirectionDifferentLane
    case changingLanes
    case overtaking
    case turningRight
    case turningLeft
    case reversing
    case encroachingOnOncomingLane
    case comingFromRight
    case ignoredPriorityOrRedLight

    /// Its number on the form, 1–17.
    public var number: Int { rawValue }

    public static func < (lhs: Circumstance, rhs: Circumstance) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Where a vehicle was first hit: one of the zones around a car, as the statement's drawing shows them.
public enum ImpactZone: String, Sendable, Hashable, CaseIterable {
    case frontLeft = "front-left"
    case front
    case frontRight = "front-right"
    case right
    case rearRight = "rear-right"
    case rear
    case rearLeft = "rear-left"
    case left
    case roof
    case underside

    public var displayName: String {
        switch self {
        case .frontLeft: "front, left corner"
        case .front: "front"
        case .frontRight: "front, right corner"
        case .right: "right side"
        case .rearRight: "rear, right corner"
        case .rear: "rear"
        case .rearLeft: "rear, left corner"
        case .left: "left side"
        case .roof: "roof"
        case .underside: "underside"
        }
    }

    /// Reads a zone from its name (`front-left`), its words (`front, left corner`) or its number in
    /// `allCases` (1–10).
    public init?(typed raw: String) {
        let text = raw.trimmingCharacters(in: .whitespaces).lowercased()
        if let number = Int(text), (1...Self.allCases.count).contains(number) {
            self = Self.allCases[number - 1]
            return
        }
        let squeezed = text.replacingOccurrences(of: " ", with: "-").replacingOccurrences(of: ",", with: "")
        guard let zone = Self.allCases.first(where: {
            $0.rawValue == squeezed || $0.displayName == text || $0.displayName.replacingOccurrences(of: ",", with: "") == text
        }) else { return nil }
        self = zone
    }
}
