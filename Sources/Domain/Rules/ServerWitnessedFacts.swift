/// The facts of a report that only the server can witness, and the one rule for a report a device sends, written
/// once beside ``WriteCheck``.
///
/// The server alone sees the other driver act through their own link: it texts them a code and checks it, it takes
/// their column from their phone, it hears their refusal. So these facts come from the link's flow alone:
/// - a signature verified by a code texted to a number (``StatementSignature/Verification/smsCode(_:)``), on either side;
/// - a column's credit to the other driver (``StatementVehicle/enteredByOtherDriverAt`` and the column as they sent it);
/// - the other driver's decline (``AccidentStatement/decline``).
/// And the server alone knows which account a request comes from: a signature made on the driver's own device names
/// that account or none (``StatementSignature/Verification/driversDevice(account:)``).
///
/// A device's write may carry each fact only as the server holds it. It may drop one — the driver discards the
/// statement, or the other driver signs again on the driver's device at the scene, which replaces their signature —
/// but never add one or change one.
public enum ServerWitnessedFacts {
    /// Checks a report a device sent against the version the server holds (`held`; `nil` when it holds none).
    /// - Parameter account: the name of the account the request comes from.
    /// - Throws: ``InvalidReportData`` with ``InvalidReportData/Problem/serverOnly`` naming the first field that adds
    ///   or changes a fact only the server witnesses.
    public static func check(_ sent: CrashReport, held: CrashReport?, account: String) throws(InvalidReportData) {
        for pair in sent.statementPairs {
            guard let statement = sent.statement(pair) else { continue }
            try check(statement, held: held?.statement(pair), at: path(of: pair), account: account)
        }
    }

    /// Where a pair's statement is on the wire: `statement`, or `parties[<id>].statement`.
    static func path(of pair: StatementPair) -> String {
        switch pair {
        case .b: "statement"
        case let .vehicle(id): "parties[\(id)].statement"
        }
    }

    private static func check(_ statement: AccidentStatement, held kept: AccidentStatement?, at root: String, account: String) throws(InvalidReportData) {
        for signature in statement.signatures where signature != kept?.signature(of: signature.side) {
            switch signature.verification {
            case .smsCode:
                throw InvalidReportData(field: "\(root).signatures[\(signature.side.letter)].verification", problem: .serverOnly)
            case let .driversDevice(named?) where named != account:
                throw InvalidReportData(field: "\(root).signatures[\(signature.side.letter)].account", problem: .serverOnly)
            case .driversDevice, .sameDevice:
                break
            }
        }
        for side in VehicleSide.allCases {
            let column = statement[side]
            let keptColumn = kept?[side]
            guard column.enteredByOtherDriverAt != nil else { continue }
            let path = "\(root).vehicle\(side.letter)"
            if column.enteredByOtherDriverAt != keptColumn?.enteredByOtherDriverAt {
                throw InvalidReportData(field: "\(path).enteredByOtherDriverAt", problem: .serverOnly)
            }
            if column.asSent != keptColumn?.asSent {
                throw InvalidReportData(field: "\(path).asSent", problem: .serverOnly)
            }
        }
        if let decline = statement.decline, decline != kept?.decline {
            throw InvalidReportData(field: "\(root).decline", problem: .serverOnly)
        }
    }
}
