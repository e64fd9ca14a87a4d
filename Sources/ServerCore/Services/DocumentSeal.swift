import Crypto
import Domain
import Foundation
import ReportDocuments
import SwiftASN1
import X509

/// Why the server's signing key and certificate cannot be used. Facts only: the commands word them.
package enum DocumentSealError: Error, Sendable, Equatable {
    /// A file could not be read.
    case unreadable(path: String, reason: String)
    /// The key file holds no private key this server can sign with (PEM: PKCS #8, SEC 1 or RSA).
    case notAKey(path: String)
    /// The certificate file holds no PEM certificate.
    case notACertificate(path: String)
    /// The certificate is for another key.
    case keyDoesNotMatch
    /// The certificate is not valid now: it starts later or has ended.
    case notValidNow(from: Date, until: Date)
    /// The certificate may not sign documents (its key usage has neither digital signature nor non-repudiation).
    case notForSigning
}

/// The server's key and certificate, with which it seals the PDF of a statement both drivers signed: a CMS signature
/// over the whole file, which any PDF reader checks, so that a change to any byte after the server drew it shows.
package struct DocumentSeal: Sendable {
    package let certificate: Certificate
    /// Certificates between it and a root the insurer's readers trust, from the certificate file, in order.
    package let intermediates: [Certificate]
    private let key: Certificate.PrivateKey
    /// The SHA-256 of the certificate's DER bytes, as colon-separated pairs of hex digits.
    package let fingerprint: String

    /// - Throws: ``DocumentSealError`` when the pair cannot seal.
    package init(keyPEM: String, certificatePEM: String, keyPath: String = "the key", certificatePath: String = "the certificate", now: Date) throws {
        let key: Certificate.PrivateKey
        do {
            key = try Certificate.PrivateKey(pemEncoded: keyPEM)
        } catch {
            throw DocumentSealError.notAKey(path: keyPath)
        }
        let certificates: [Certificate]
        do {
            certificates = try PEMDocument.parseMultiple(pemString: certificatePEM)
                .filter { $0.discriminator == "CERTIFICATE" }
                .map { try Certificate(pemDocument: $0) }
        } catch {
            throw DocumentSealError.notACertificate(path: certificatePath)
        }
        guard let leaf = certificates.first else { throw DocumentSealError.notACertificate(path: certificatePath) }
        guard leaf.publicKey == key.publicKey else { throw DocumentSealError.keyDoesNotMatch }
        guard leaf.notValidBefore <= now, now <= leaf.notValidAfter else {
            throw DocumentSealError.notValidNow(from: leaf.notValidBefore, until: leaf.notValidAfter)
        }
        if let usage = try? leaf.extensions.keyUsage, !usage.digitalSignature, !usage.nonRepudiation {
            throw DocumentSealError.notForSigning
        }
        self.key = key
        certificate = leaf
        intermediates = Array(certificates.dropFirst())
        fingerprint = Self.fingerprint(of: leaf)
    }

    /// Reads the pair from its files.
    package static func load(keyFile: String, certificateFile: String, now: Date) throws -> DocumentSeal {
        func read(_ path: String) throws -> String {
            do {
                return try String(contentsOfFile: path, encoding: .utf8)
            } catch {
                throw DocumentSealError.unreadable(path: path, reason: (error as NSError).localizedDescription)
            }
        }
        return try DocumentSeal(
            keyPEM: read(keyFile), certificatePEM: read(certificateFile), keyPath: keyFile, certificatePath: certificateFile, now: now
        )
    }

    /// Who seals, as the certificate names them: its common name, else its whole subject.
    package var signerName: String {
        for relative in certificate.subject {
            for attribute in relative where attribute.type == .RDNAttributeType.commonName {
                return String(describing: attribute.value)
            }
        }
        return String(describing: certificate.subject)
    }

    /// What the PDF says of the seal.
    package var note: DocumentSealNote { .sealed(by: signerName, fingerprint: fingerprint) }

    /// Seals the PDF at `path` in place (an incremental update), saying in its reason each statement of `pairs` (every
    /// statement of the report when `nil`) both drivers signed, with its version.
    package func seal(fileAt path: String, report: CrashReport, _ pairs: [StatementPair]? = nil, at date: Date) throws {
        try PDFSignatureWriter.sign(fileAt: path, details: .statementSeal(of: report, pairs, by: signerName, at: date)) { bytes in
            // PAdES baseline B-B: the signing certificate among the signed attributes, the time in the PDF's /M.
            try CAdESSignature.sign(bytes, certificate: certificate, intermediates: intermediates, key: key)
        }
    }

    /// A new P-256 key and a certificate for it signed by itself, valid from `now` for `days` days: for a server on one
    /// machine, whose insurer trusts this certificate itself.
    package static func selfSigned(name: String, days: Int, now: Date) throws -> (keyPEM: String, certificatePEM: String) {
        let key = P256.Signing.PrivateKey()
        let privateKey = Certificate.PrivateKey(key)
        let subject = try DistinguishedName { CommonName(name) }
        // 16 random bytes, the first below 0x80 and not 0: a positive serial of at most 20 bytes as DER writes it
        // (NSS refuses a certificate whose serial takes 21).
        var serial = (0..<16).map { _ in UInt8.random(in: 0...255) }
        serial[0] = UInt8.random(in: 1...0x7F)
        let certificate = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(bytes: serial), publicKey: privateKey.publicKey,
            notValidBefore: now.addingTimeInterval(-300), notValidAfter: now.addingTimeInterval(Double(days) * 86_400),
            issuer: subject, subject: subject, signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                // Its own issuer, as a root the insurer's readers are told to trust (NSS trusts no leaf as an issuer).
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
                Critical(KeyUsage(digitalSignature: true, nonRepudiation: true, keyCertSign: true))
                SubjectKeyIdentifier(hash: privateKey.publicKey)
            },
            issuerPrivateKey: privateKey
        )
        return (key.pemRepresentation + "\n", try certificate.serializeAsPEM().pemString + "\n")
    }

    package static func fingerprint(of certificate: Certificate) -> String {
        var serializer = DER.Serializer()
        guard (try? serializer.serialize(certificate)) != nil else { return "" }
        return SHA256.hash(data: serializer.serializedBytes).map { String(format: "%02X", $0) }.joined(separator: ":")
    }
}
