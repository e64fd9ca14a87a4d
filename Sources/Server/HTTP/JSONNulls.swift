import Foundation

/// The API never takes `null`: a field is given or left out. Decoding would read a `null` as a field left out, so
/// a body holding one is refused with 400 naming where it is, as the schema says.
enum JSONNulls {
    static func isJSON(_ contentType: String) -> Bool {
        let type = ContentType.essence(of: contentType)
        return type == "application/json" || type.hasSuffix("+json")
    }

    /// - Throws: 400 naming the first field that is `null`. Bodies that are not JSON are left to the decoder.
    static func refuse(in bytes: [UInt8]) throws(APIProblem) {
        guard let value = try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]),
              let path = firstNull(in: value, at: "") else { return }
        let field = path.isEmpty ? "body" : path
        throw .badParameter(field, "\(field) is null; leave a field out instead of sending null.")
    }

    private static func firstNull(in value: Any, at path: String) -> String? {
        switch value {
        case is NSNull:
            return path
        case let object as [String: Any]:
            for key in object.keys.sorted() {
                if let found = firstNull(in: object[key] as Any, at: path.isEmpty ? key : "\(path).\(key)") { return found }
            }
            return nil
        case let array as [Any]:
            for (index, element) in array.enumerated() {
                if let found = firstNull(in: element, at: "\(path)[\(index)]") { return found }
            }
            return nil
        default:
            return nil
        }
    }
}
