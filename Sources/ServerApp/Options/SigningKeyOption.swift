import ArgumentParser
import Foundation
import ServerCore

/// `--signing-key FILE --signing-certificate FILE`: the key and certificate the server seals the PDF of a statement
/// both drivers signed with. By default the pair `keys create` writes into the data folder, when it is there; with
/// none, those PDFs are not sealed and say so.
package struct SigningKeyOption: ParsableArguments {
    package init() {}

    /// Where `keys create` writes the pair in a data folder, and where `serve` looks when no option names one.
    package static func defaultKeyFile(dataFolder: String) -> String { dataFolder + "/signing-key.pem" }
    package static func defaultCertificateFile(dataFolder: String) -> String { dataFolder + "/signing-certificate.pem" }

    @Option(name: .customLong("signing-key"), help: ArgumentHelp(
        "The private key (PEM) that seals the PDF of a statement both drivers signed (default: DIR/signing-key.pem, made by `keys create`). Without a key those PDFs are not sealed, and say so.",
        valueName: "FILE"
    ))
    package var keyFile: String?

    @Option(name: .customLong("signing-certificate"), help: ArgumentHelp(
        "The certificate of --signing-key (PEM; the certificates between it and the insurer's root may follow it in the file). Default: DIR/signing-certificate.pem.",
        valueName: "FILE"
    ))
    package var certificateFile: String?

    /// The seal the options (or the data folder) give, or `nil` for none; a pair that cannot seal is said in a
    /// sentence on standard error and the command exits 78 (sysexits' `EX_CONFIG`).
    package func seal(dataFolder: String, now: Date = Date()) throws -> DocumentSeal? {
        let key: String, certificate: String
        switch (keyFile, certificateFile) {
        case let (givenKey?, givenCertificate?):
            (key, certificate) = (givenKey, givenCertificate)
        case (_?, nil), (nil, _?):
            throw Self.failure("--signing-key and --signing-certificate go together: give both, or neither (the data folder's pair, if any, is used).")
        case (nil, nil):
            let defaultKey = Self.defaultKeyFile(dataFolder: dataFolder)
            let defaultCertificate = Self.defaultCertificateFile(dataFolder: dataFolder)
            let fileManager = FileManager.default
            switch (fileManager.fileExists(atPath: defaultKey), fileManager.fileExists(atPath: defaultCertificate)) {
            case (false, false): return nil
            case (true, true): (key, certificate) = (defaultKey, defaultCertificate)
            default:
                throw Self.failure("The data folder holds only one of signing-key.pem and signing-certificate.pem. Make a new pair with `crash-assistant-server keys create --force`, or give both with --signing-key and --signing-certificate.")
            }
        }
        do {
            return try DocumentSeal.load(keyFile: key, certificateFile: certificate, now: now)
        } catch let error as DocumentSealError {
            throw Self.failure(Self.sentence(for: error))
        }
    }

    /// The words for why a pair cannot seal, and what to do.
    package static func sentence(for error: DocumentSealError) -> String {
        switch error {
        case let .unreadable(path, reason):
            "Cannot read \(path): \(reason)."
        case let .notAKey(path):
            "\(path) holds no private key the server can sign with: give a PEM file with a PKCS #8, EC or RSA private key."
        case let .notACertificate(path):
            "\(path) holds no certificate: give a PEM file beginning -----BEGIN CERTIFICATE-----."
        case .keyDoesNotMatch:
            "The signing certificate is for another key: give the certificate issued for --signing-key."
        case let .notValidNow(from, until):
            "The signing certificate is valid from \(ISO8601DateFormatter().string(from: from)) until \(ISO8601DateFormatter().string(from: until)), not now: renew it (or make a new pair with `keys create --force`)."
        case .notForSigning:
            "The signing certificate's key usage allows neither digital signatures nor non-repudiation: it cannot seal documents."
        }
    }

    private static func failure(_ sentence: String) -> ExitCode {
        FileHandle.standardError.write(Data("Error: \(sentence)\n".utf8))
        return ExitCode(78)
    }
}
