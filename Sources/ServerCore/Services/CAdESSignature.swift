import Crypto
import Foundation
import SwiftASN1
// CMS signing is offered under an SPI name by swift-certificates; it is the library's own, tested CMS writer.
@_spi(CMS) import X509

/// A detached CAdES signature as PAdES baseline B-B asks of a PDF signature (`ETSI.CAdES.detached`): CMS signed data
/// whose signed attributes are the content type, the message digest of the signed bytes and the signing certificate
/// (ESS signing-certificate-v2, its SHA-256), and no signing time (the PDF's `/M` says it).
///
/// swift-certificates writes CMS signed data but takes no signed attributes of the caller's; so the library signs the
/// DER of the attributes (its signature over given bytes, without attributes of its own), and the signer info it
/// wrote is given the attributes back — the signature, algorithms, signer identifier and certificates stay its own.
enum CAdESSignature {
    /// The signature of `bytes`, the DER of a `ContentInfo`.
    static func sign<Bytes: DataProtocol>(
        _ bytes: Bytes, certificate: Certificate, intermediates: [Certificate], key: Certificate.PrivateKey
    ) throws -> [UInt8] {
        let algorithm = algorithm(for: key)
        let attributes = try signedAttributes(digest: try digest(of: bytes, for: algorithm), certificate: certificate)
        // The library's CMS of the attributes' DER (the SET, as RFC 5652 §5.4 has it signed), by the algorithm whose
        // digest the signer info names and the message digest above is made with.
        let plain = try CMS.sign(
            attributes, signatureAlgorithm: algorithm, additionalIntermediateCertificates: intermediates, certificate: certificate,
            privateKey: key, signingTime: nil, detached: true
        )
        return try withAttributes(plain, attributes)
    }

    /// How the key signs: ECDSA with the hash of its curve's size, Ed25519, else RSA with SHA-256.
    static func algorithm(for key: Certificate.PrivateKey) -> Certificate.SignatureAlgorithm {
        let publicKey = key.publicKey
        if P256.Signing.PublicKey(publicKey) != nil { return .ecdsaWithSHA256 }
        if P384.Signing.PublicKey(publicKey) != nil { return .ecdsaWithSHA384 }
        if P521.Signing.PublicKey(publicKey) != nil { return .ecdsaWithSHA512 }
        if Curve25519.Signing.PublicKey(publicKey) != nil { return .ed25519 }
        return .sha256WithRSAEncryption
    }

    /// The digest of `bytes` by the hash `algorithm` signs with.
    static func digest<Bytes: DataProtocol>(of bytes: Bytes, for algorithm: Certificate.SignatureAlgorithm) throws -> [UInt8] {
        switch algorithm {
        case .ecdsaWithSHA256, .sha256WithRSAEncryption: Array(SHA256.hash(data: bytes))
        case .ecdsaWithSHA384, .sha384WithRSAEncryption: Array(SHA384.hash(data: bytes))
        case .ecdsaWithSHA512, .sha512WithRSAEncryption, .ed25519: Array(SHA512.hash(data: bytes))
        default: throw CAdESError.unexpected("a key signing with \(algorithm)")
        }
    }

    /// The SET OF the three attributes, in DER order.
    static func signedAttributes(digest: [UInt8], certificate: Certificate) throws -> [UInt8] {
        var certificateDER = DER.Serializer()
        try certificateDER.serialize(certificate)
        let certificateHash = Array(SHA256.hash(data: certificateDER.serializedBytes))
        let attributes = [
            // contentType: id-data.
            try attribute([1, 2, 840, 113_549, 1, 9, 3], value: try der(ASN1ObjectIdentifier(arrayLiteral: 1, 2, 840, 113_549, 1, 7, 1))),
            // messageDigest: the SHA-256 of the signed bytes.
            try attribute([1, 2, 840, 113_549, 1, 9, 4], value: try der(ASN1OctetString(contentBytes: digest[...]))),
            // signingCertificateV2: SEQUENCE { SEQUENCE OF ESSCertIDv2 { certHash } } (SHA-256, the default, not named).
            try attribute(
                [1, 2, 840, 113_549, 1, 9, 16, 2, 47],
                value: tlv(0x30, tlv(0x30, tlv(0x30, try der(ASN1OctetString(contentBytes: certificateHash[...])))))
            ),
        ]
        // DER sorts a SET OF by its members' encodings.
        return tlv(0x31, attributes.sorted { $0.lexicographicallyPrecedes($1) }.flatMap { $0 })
    }

    /// `plain`, a ContentInfo whose one signer info has no signed attributes, with `attributes` (a SET) put in its
    /// place: `[0] IMPLICIT`, between the digest algorithm and the signature algorithm.
    static func withAttributes(_ plain: [UInt8], _ attributes: [UInt8]) throws -> [UInt8] {
        let contentInfo = try DER.parse(plain)
        let (contentType, wrapped) = try pair(children(contentInfo))
        let signedData = try only(children(wrapped))
        var parts = try children(signedData)
        guard parts.count >= 5, let signerInfos = parts.last else { throw CAdESError.unexpected("signed data") }
        let signerInfo = try only(children(signerInfos))
        let fields = try children(signerInfo)
        guard fields.count == 5 else { throw CAdESError.unexpected("signer info with \(fields.count) fields") }
        var attributed = Array(fields[0...2].map { Array($0.encodedBytes) })
        attributed.append([0xA0] + Array(attributes.dropFirst()))
        attributed += fields[3...4].map { Array($0.encodedBytes) }
        parts.removeLast()
        let rebuilt = tlv(0x30, parts.flatMap { Array($0.encodedBytes) } + tlv(0x31, tlv(0x30, attributed.flatMap { $0 })))
        return tlv(0x30, Array(contentType.encodedBytes) + tlv(0xA0, rebuilt))
    }

    // MARK: - DER, by hand where the library has no type

    private static func attribute(_ type: ASN1ObjectIdentifier, value: [UInt8]) throws -> [UInt8] {
        tlv(0x30, try der(type) + tlv(0x31, value))
    }

    private static func der<Node: DERSerializable>(_ node: Node) throws -> [UInt8] {
        var serializer = DER.Serializer()
        try serializer.serialize(node)
        return serializer.serializedBytes
    }

    /// A tag, the DER length of `content`, and `content`.
    static func tlv(_ tag: UInt8, _ content: [UInt8]) -> [UInt8] {
        let count = content.count
        guard count >= 0x80 else { return [tag, UInt8(count)] + content }
        var length: [UInt8] = []
        var rest = count
        while rest > 0 {
            length.insert(UInt8(rest & 0xFF), at: 0)
            rest >>= 8
        }
        return [tag, 0x80 | UInt8(length.count)] + length + content
    }

    private static func children(_ node: ASN1Node) throws -> [ASN1Node] {
        guard case let .constructed(nodes) = node.content else { throw CAdESError.unexpected("a primitive where a structure was") }
        return Array(nodes)
    }

    private static func only(_ nodes: [ASN1Node]) throws -> ASN1Node {
        guard nodes.count == 1, let node = nodes.first else { throw CAdESError.unexpected("\(nodes.count) nodes where one was") }
        return node
    }

    private static func pair(_ nodes: [ASN1Node]) throws -> (ASN1Node, ASN1Node) {
        guard nodes.count == 2 else { throw CAdESError.unexpected("\(nodes.count) nodes where two were") }
        return (nodes[0], nodes[1])
    }
}

/// The library's CMS did not have the shape a CAdES signature is made from.
enum CAdESError: Error, Sendable, Equatable {
    case unexpected(String)
}
