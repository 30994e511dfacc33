import Glibc
import Foundation

/// A real nginx (Debian's, a test dependency) on 127.0.0.1, for the HTTPS tests: one process
/// (`daemon off; master_process off;`, so no workers and no change of user, as root or not),
/// with its prefix, configuration, logs and temporary files in a private directory and two
/// ports of its own: `httpsPort` (TLS, HTTP/2 offered by ALPN) and `httpPort` (plain).
///
/// The access log has one line per request, written when the request ends (unbuffered: the
/// configuration sets no `buffer=`): `$connection $server_protocol "$request" $status $msec
/// $request_time pass=$upstream_http_x_pass`.
final class NginxServer: @unchecked Sendable {
    static let executable = "/usr/sbin/nginx"
    static var isInstalled: Bool {
        FileManager.default.isExecutableFile(atPath: executable)
            && FileManager.default.isExecutableFile(atPath: TestCertificates.openssl.path)
    }

    let directory: URL
    let httpsPort: Int
    let httpPort: Int
    let accessLogPath: String
    let errorLogPath: String
    private let process: Process

    private init(directory: URL, httpsPort: Int, httpPort: Int, process: Process) {
        self.directory = directory
        self.httpsPort = httpsPort
        self.httpPort = httpPort
        self.accessLogPath = directory.appendingPathComponent("access.log").path
        self.errorLogPath = directory.appendingPathComponent("error.log").path
        self.process = process
    }

    /// Starts nginx in `directory` and waits until both ports accept connections.
    /// - Parameters:
    ///   - certificates: the server's certificate and key.
    ///   - servers: the `server { … }` blocks, given the two ports; `listen` lines are theirs to write.
    /// - Throws: `HarnessError` with nginx's error log when it does not come up; a port taken
    ///   by someone else between choosing and binding is retried with other ports.
    static func start(
        in directory: URL, certificates: TestCertificates, servers: (_ httpsPort: Int, _ httpPort: Int) -> String
    ) async throws -> NginxServer {
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("tmp"), withIntermediateDirectories: true)
        var lastError = ""
        for _ in 0..<8 {
            let httpsPort = try LoopbackPort.free(), httpPort = try LoopbackPort.free()
            guard httpsPort != httpPort else { continue }
            let dir = directory.path
            let config = """
                daemon off;
                master_process off;
                pid \(dir)/nginx.pid;
                error_log \(dir)/error.log info;
                events { worker_connections 512; }
                http {
                    log_format tidings '$connection $server_protocol "$request" $status $msec $request_time pass=$upstream_http_x_pass';
                    access_log \(dir)/access.log tidings;
                    client_body_temp_path \(dir)/tmp/body;
                    proxy_temp_path \(dir)/tmp/proxy;
                    fastcgi_temp_path \(dir)/tmp/fastcgi;
                    uwsgi_temp_path \(dir)/tmp/uwsgi;
                    scgi_temp_path \(dir)/tmp/scgi;
                    types { application/rss+xml xml; }
                    default_type application/octet-stream;
                    ssl_certificate \(certificates.certificateFile);
                    ssl_certificate_key \(certificates.keyFile);
                \(servers(httpsPort, httpPort))
                }

                """
            let configPath = directory.appendingPathComponent("nginx.conf").path
            try config.write(toFile: configPath, atomically: true, encoding: .utf8)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = ["-p", dir, "-c", configPath, "-e", "\(dir)/error.log"]
            process.environment = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            let server = NginxServer(directory: directory, httpsPort: httpsPort, httpPort: httpPort, process: process)
            // Generous: a loaded machine (the whole suite on 2 cores) may take seconds.
            let deadline = ContinuousClock.now + .seconds(30)
            while process.isRunning, ContinuousClock.now < deadline {
                if LoopbackPort.canConnect(httpsPort), LoopbackPort.canConnect(httpPort) { return server }
                try await Task.sleep(for: .milliseconds(50))
            }
            lastError = server.errorLog()
            server.stop()
            guard lastError.contains("Address already in use") else { break }
        }
        throw HarnessError("nginx did not start:\n\(lastError)")
    }

    /// Ends nginx (SIGTERM, then SIGKILL after 10 s) and waits for it.
    func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGTERM)
        let deadline = ContinuousClock.now + .seconds(10)
        while process.isRunning, ContinuousClock.now < deadline { usleep(20_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    deinit { stop() }

    func accessLog() -> String { (try? String(contentsOfFile: accessLogPath, encoding: .utf8)) ?? "" }
    func errorLog() -> String { (try? String(contentsOfFile: errorLogPath, encoding: .utf8)) ?? "" }

    /// Both logs, for expectation messages.
    var logs: String { "--- nginx access log\n\(accessLog())--- nginx error log\n\(errorLog())" }
}
