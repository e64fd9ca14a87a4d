import ArgumentParser
import Foundation
import Glibc
import ServerApp
import ServerCore

/// `keys create`: a signing key and a certificate signed by itself, in the data folder, for a server on one machine.
struct KeysCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keys", abstract: "The key and certificate that seal the PDF of a statement both drivers signed.",
        subcommands: [CreateKeysCommand.self]
    )
}

struct CreateKeysCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "create",
        abstract: "Makes a P-256 signing key and a certificate signed by itself in the data folder (signing-key.pem, signing-certificate.pem); serve uses them from its next start.",
        discussion: "The insurer's PDF readers trust the seal once they trust this certificate. Several instances share one pair: give each the same files with --signing-key and --signing-certificate, or use a certificate the insurer's own authority issued."
    )

    @Option(help: "The name the certificate gives the sealer (its common name).")
    var name = "Crash Assistant server"

    @Option(help: "How many days the certificate is valid (1–3650).")
    var days = 825

    @Flag(help: "Replace a pair the data folder holds already (PDFs sealed with the old key stay valid with the old certificate).")
    var force = false

    @OptionGroup var data: DataOption

    func validate() throws {
        guard (1...3_650).contains(days) else { throw ValidationError("--days must be from 1 to 3650.") }
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, trimmed.count <= 64, !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw ValidationError("--name must be 1 to 64 characters, with no control characters.")
        }
    }

    func run() async throws {
        let folder = data.resolved
        let keyFile = SigningKeyOption.defaultKeyFile(dataFolder: folder)
        let certificateFile = SigningKeyOption.defaultCertificateFile(dataFolder: folder)
        let fileManager = FileManager.default
        if !force, let existing = [keyFile, certificateFile].first(where: fileManager.fileExists) {
            FileHandle.standardError.write(Data("Error: \(existing) exists already. Keep it, or make a new pair with --force.\n".utf8))
            throw ExitCode(73)
        }
        let pair = try DocumentSeal.selfSigned(name: name.trimmingCharacters(in: .whitespaces), days: days, now: Date())
        do {
            try fileManager.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            try Self.write(pair.keyPEM, to: keyFile, mode: 0o600)
            try Self.write(pair.certificatePEM, to: certificateFile, mode: 0o644)
        } catch {
            throw ServerCommandFailure.message("Cannot write the signing key into \(folder): \(error.localizedDescription)")
        }
        let seal = try DocumentSeal(keyPEM: pair.keyPEM, certificatePEM: pair.certificatePEM, now: Date())
        print("""
        Signing key:  \(keyFile) (only you may read it)
        Certificate:  \(certificateFile), valid \(days) days
        Fingerprint:  SHA-256 \(seal.fingerprint)
        The server seals the PDF of every statement both drivers signed with this key from its next start. Give the
        insurer the certificate (it holds no secret) so their PDF readers trust the seal.
        """)
    }

    /// Writes `text` into a new file beside `path`, made with `mode` (no moment when others could read it), then
    /// gives it that name.
    private static func write(_ text: String, to path: String, mode: mode_t) throws {
        let temporary = path + ".new"
        unlink(temporary)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, mode)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        let synced = fsync(descriptor)
        close(descriptor)
        guard written == bytes.count, synced == 0, rename(temporary, path) == 0 else {
            unlink(temporary)
            throw POSIXError(.EIO)
        }
    }
}
