#if canImport(Glibc)
import Glibc
#endif

/// A TLS upstream on 127.0.0.1 whose certificate no client trusts: `openssl s_server` with a
/// self-signed certificate made for the test in a temporary folder, gone at `stop()`.
///
/// ```swift
/// let server = try await offPool { try SelfSignedTLSServer() }
/// defer { server.stop() }
/// // https://127.0.0.1:\(server.port)/ fails certificate verification
/// ```
///
/// Its child process is touched only by `init` and `stop`, one after the other.
public final class SelfSignedTLSServer: @unchecked Sendable {
    /// Where `openssl` is expected (Debian's `openssl` package).
    public static let openssl = "/usr/bin/openssl"
    /// Whether `openssl` is there to run the server.
    public static var isAvailable: Bool { access(openssl, X_OK) == 0 }

    /// The port it listens on.
    public let port: Int
    private let child: ChildProcess
    private let directory: String

    /// Makes the certificate and starts the server; blocks until it listens.
    public init() throws {
        var template = Array("/tmp/gottago-tls-XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw HTTPTestError(kind: .setup, code: Int(errno), message: "mkdtemp failed", url: "")
        }
        let directory = String(cString: made)
        let certificate = try ChildProcess.run(Self.openssl, arguments: [
            "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-subj", "/CN=localhost", "-days", "1",
            "-keyout", directory + "/key.pem", "-out", directory + "/cert.pem",
        ])
        guard certificate.status == 0 else {
            Self.remove(directory)
            throw HTTPTestError(kind: .setup, code: Int(certificate.status), message: "openssl req: \(String(decoding: certificate.err, as: UTF8.self))", url: "")
        }
        let child = try ChildProcess(Self.openssl, arguments: [
            "s_server", "-accept", "127.0.0.1:0", "-cert", directory + "/cert.pem", "-key", directory + "/key.pem", "-www",
        ])
        // It says "ACCEPT 127.0.0.1:PORT" once it listens.
        var port: Int?
        while port == nil, let line = try child.standardOutput.readLine() {
            if line.hasPrefix("ACCEPT "), let text = line.split(separator: ":").last { port = Int(text) }
        }
        guard let port else {
            try? child.signal(SIGKILL)
            _ = try? child.wait()
            Self.remove(directory)
            throw HTTPTestError(kind: .setup, code: 0, message: "openssl s_server did not say where it listens", url: "")
        }
        self.port = port
        self.child = child
        self.directory = directory
    }

    /// Stops the server and removes its certificate.
    public func stop() {
        try? child.signal(SIGKILL)
        _ = try? child.wait()
        Self.remove(directory)
    }

    private static func remove(_ directory: String) {
        unlink(directory + "/key.pem")
        unlink(directory + "/cert.pem")
        rmdir(directory)
    }
}
