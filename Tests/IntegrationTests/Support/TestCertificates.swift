import Foundation

/// A certificate authority of the test's own and a server certificate it signed for
/// `127.0.0.1` and `localhost`, made with the `openssl` tool (argv, no shell) in a private
/// directory. P-256 keys: made in milliseconds, unlike RSA ones.
struct TestCertificates {
    /// The CA's certificate, PEM: what `ca_file` points at.
    let caFile: String
    /// The server's certificate and key, PEM, for nginx.
    let certificateFile: String
    let keyFile: String

    static let openssl = URL(fileURLWithPath: "/usr/bin/openssl")

    /// Makes the CA and the server certificate in `directory` (which must exist).
    /// - Throws: `HarnessError` with openssl's output when a step fails.
    static func make(in directory: URL) async throws -> TestCertificates {
        let path = { (name: String) in directory.appendingPathComponent(name).path }
        let config = path("openssl.cnf")
        try """
            [req]
            distinguished_name = dn
            prompt = no
            [dn]
            CN = Tidings Test CA
            [ca]
            basicConstraints = critical,CA:TRUE
            keyUsage = critical,keyCertSign,cRLSign
            subjectKeyIdentifier = hash
            [server]
            basicConstraints = CA:FALSE
            keyUsage = critical,digitalSignature,keyEncipherment
            extendedKeyUsage = serverAuth
            subjectAltName = IP:127.0.0.1,DNS:localhost
            subjectKeyIdentifier = hash
            authorityKeyIdentifier = keyid,issuer

            """.write(toFile: config, atomically: true, encoding: .utf8)
        let key = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
        let steps: [[String]] = [
            ["req", "-x509", "-config", config, "-extensions", "ca"] + key
                + ["-keyout", path("ca.key"), "-out", path("ca.pem"), "-days", "2"],
            ["req", "-new", "-config", config, "-subj", "/CN=localhost"] + key
                + ["-keyout", path("server.key"), "-out", path("server.csr")],
            ["x509", "-req", "-in", path("server.csr"), "-CA", path("ca.pem"), "-CAkey", path("ca.key"),
             "-set_serial", "\(UInt32.random(in: 1...UInt32.max))", "-days", "2",
             "-extfile", config, "-extensions", "server", "-out", path("server.pem")],
        ]
        for step in steps {
            let result = try await ProcessResult.run(openssl, step, environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"])
            guard result.status == 0 else { throw HarnessError("openssl \(step.joined(separator: " ")) failed:\n\(result)") }
        }
        return TestCertificates(caFile: path("ca.pem"), certificateFile: path("server.pem"), keyFile: path("server.key"))
    }
}
