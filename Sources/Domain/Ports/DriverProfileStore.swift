/// The driver's own details — policyholder, vehicle, insurance, licence — kept on the device so that every new
/// report's vehicle A starts with them. One profile per device's data.
public protocol DriverProfileStore: Sendable {
    /// The profile; an empty column when none was kept.
    func driverProfile() async throws -> StatementVehicle

    /// Keeps `profile` as the driver's (only its ``VehicleField/profileFields`` count; an empty one removes it).
    func saveDriverProfile(_ profile: StatementVehicle) async throws
}

extension StatementVehicle {
    /// This column's profile fields alone: what a driver's profile keeps of it.
    public var profilePart: StatementVehicle {
        var profile = StatementVehicle()
        for field in VehicleField.profileFields where self[field] != nil {
            profile = profile.taking(field, from: self)
        }
        return profile
    }
}
