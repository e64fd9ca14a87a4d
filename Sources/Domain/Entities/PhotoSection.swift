/// A place for photos: three about the other driver, two about the driver's own side.
public enum PhotoSection: String, Sendable, Hashable, CaseIterable, Comparable {
    case licenceAndInsurance = "licence-insurance"
    case otherVehiclePlate = "other-plate"
    case otherVehicleDamage = "other-damage"
    case yourVehicleDamage = "your-damage"
    case crashScene = "crash-scene"
    /// A photo of the sketch the driver drew of the crash (box 13 of the accident statement's form).
    case sketch = "sketch"

    public var category: InfoCategory {
        switch self {
        case .licenceAndInsurance, .otherVehiclePlate, .otherVehicleDamage: .otherDriver
        case .yourVehicleDamage, .crashScene, .sketch: .yourInfo
        }
    }

    public static func < (lhs: PhotoSection, rhs: PhotoSection) -> Bool {
        allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
    }
}
