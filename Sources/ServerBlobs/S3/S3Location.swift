import Foundation

/// Where the server keeps its blobs in S3-compatible storage, from `s3://BUCKET?endpoint=URL&region=REGION`:
/// requests go path-style to `ENDPOINT/BUCKET/KEY`.
package struct S3Location: Sendable, Hashable {
    package let bucket: String
    /// `http` or `https`.
    package let scheme: String
    package let host: String
    package let port: Int?
    package let region: String

    /// The endpoint as given, without a trailing slash (for messages).
    package var endpoint: String { "\(scheme)://\(hostHeader)" }

    /// The `Host` header requests send: the name, and the port unless it is the scheme's default.
    package var hostHeader: String {
        guard let port, port != (scheme == "https" ? 443 : 80) else { return host }
        return "\(host):\(port)"
    }

    package init(bucket: String, scheme: String, host: String, port: Int?, region: String) {
        self.bucket = bucket
        self.scheme = scheme
        self.host = host
        self.port = port
        self.region = region
    }

    /// Reads `s3://BUCKET?endpoint=URL&region=REGION`. Without `endpoint` it is AWS's
    /// (`https://s3.REGION.amazonaws.com`); without `region`, `us-east-1`.
    /// - Throws: `S3ConfigurationError.malformedURL` saying what is wrong.
    package init(url text: String) throws(S3ConfigurationError) {
        func malformed(_ problem: String) -> S3ConfigurationError { .malformedURL(text, problem: problem) }
        guard text.lowercased().hasPrefix("s3://") else {
            throw malformed("it must start with s3://, as in s3://BUCKET?endpoint=http://127.0.0.1:9000&region=us-east-1")
        }
        let rest = text.dropFirst(5)
        let bucketPart = rest.prefix { $0 != "?" }
        let queryPart = rest.dropFirst(bucketPart.count + 1)
        let bucket = String(bucketPart.hasSuffix("/") ? bucketPart.dropLast() : bucketPart)
        guard Self.isBucketName(bucket) else {
            throw malformed("the bucket name must be 3 to 63 lowercase letters, digits, dots or hyphens, with no path after it")
        }
        var options: [String: String] = [:]
        for item in queryPart.split(separator: "&") {
            let name = String(item.prefix { $0 != "=" })
            let value = String(item.dropFirst(name.count + 1)).removingPercentEncoding ?? ""
            guard ["endpoint", "region"].contains(name), options[name] == nil, !value.isEmpty else {
                throw malformed("it takes endpoint=URL and region=NAME, each once, and nothing else after the ?")
            }
            options[name] = value
        }
        let region = options["region"] ?? "us-east-1"
        guard region.allSatisfy({ $0.isLowercase || $0.isNumber || $0 == "-" }), region.allSatisfy(\.isASCII) else {
            throw malformed("the region must be a name such as us-east-1")
        }
        let endpointText = options["endpoint"] ?? "https://s3.\(region).amazonaws.com"
        guard let endpoint = URLComponents(string: endpointText), let scheme = endpoint.scheme?.lowercased(),
              ["http", "https"].contains(scheme), let host = endpoint.host, !host.isEmpty,
              endpoint.path.isEmpty || endpoint.path == "/", endpoint.query == nil, endpoint.user == nil else {
            throw malformed("the endpoint must be an http or https address with no path, such as http://127.0.0.1:9000")
        }
        self.init(bucket: bucket, scheme: scheme, host: host, port: endpoint.port, region: region)
    }

    private static func isBucketName(_ name: String) -> Bool {
        (3...63).contains(name.count)
            && name.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "." || $0 == "-") }
    }
}
