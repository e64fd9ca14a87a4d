import Domain
import Foundation

/// A fact only the server may write, forged by a device, and the field the server's refusal must name: the route
/// tests send each in a PUT, the sync tests leave each in a device's store.
package struct WitnessedFactForgery: Sendable, CustomStringConvertible {
    package let description: String
    package let field: String
    package let forge: @Sendable (inout CrashReport) throws -> Void

    /// A number no account of the tests holds.
    package static let stranger = "+36301112233"

    package static let all: [WitnessedFactForgery] = [
        WitnessedFactForgery(description: "vehicle B signed with a texted code", field: "statement.signatures[B].verification") { report in
            try report.signStatement(.b, name: "Victim Person", verification: .smsCode(try PhoneNumber(parsing: stranger)), at: Date())
        },
        WitnessedFactForgery(description: "vehicle A signed with a texted code", field: "statement.signatures[A].verification") { report in
            try report.signStatement(.a, name: "Jane Driver", verification: .smsCode(try PhoneNumber(parsing: stranger)), at: Date())
        },
        WitnessedFactForgery(description: "column B credited to the other driver", field: "statement.vehicleB.enteredByOtherDriverAt") { report in
            var statement = report.statement
            try statement.vehicleB.set(.policyholderPhone, to: stranger)
            statement.vehicleB.markEnteredByOtherDriver(at: Date())
            try report.setStatement(statement)
        },
        WitnessedFactForgery(description: "the other driver's decline", field: "statement.decline") { report in
            try report.declineStatement(reason: "I never agreed.", at: Date())
        },
        WitnessedFactForgery(description: "vehicle A signed in as another account", field: "statement.signatures[A].account") { report in
            try report.signStatement(.a, name: "Jane Driver", verification: .driversDevice(account: "bob"), at: Date())
        },
    ]
}
