import Fetch
#if canImport(Glibc)
import Glibc
#endif

/// `gottago get PATH-OR-URL`: fetches one answer from a running service, following its progress.
///
/// It asks for Server-Sent Events; while they arrive it shows progress on standard error (a bar on
/// a terminal, one line per stage otherwise) and writes the `done` event's document to standard
/// output. A plain response is written as it is. Exit status: 0 for a result, 1 for an error
/// document or HTTP error, 2 when the server cannot be reached (or the arguments are wrong).
enum GetCommand {
    struct Options: Equatable {
        var target = ""
        var server = "http://127.0.0.1:8080"
        var accept: String?
        var verbose = false

        /// The URL to fetch: the target itself when absolute, else the target under the server.
        var url: String {
            let lowered = target.lowercased()
            if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") { return target }
            let base = server.hasSuffix("/") ? String(server.dropLast()) : server
            return base + (target.hasPrefix("/") ? target : "/" + target)
        }

        /// `Accept`: events first, then the document format asked for.
        var acceptHeader: String {
            switch accept {
            case "json": "text/event-stream, application/json;q=0.9"
            case "xml": "text/event-stream, application/xml;q=0.9"
            default: "text/event-stream, application/xml;q=0.9, application/json;q=0.8"
            }
        }
    }

    static let usage = "usage: gottago get PATH-OR-URL [--server http://127.0.0.1:8080] [--accept xml|json] [--verbose]"

    static func parse(_ arguments: [String]) -> Result<Options, GetUsageError> {
        var options = Options()
        var targets: [String] = []
        var index = 0
        func value(_ flag: String) -> String? {
            index += 1
            return index < arguments.count ? arguments[index] : nil
        }
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--server":
                guard let server = value(argument) else { return .failure(GetUsageError("--server needs a URL")) }
                options.server = server
            case "--accept":
                guard let accept = value(argument), accept == "xml" || accept == "json" else {
                    return .failure(GetUsageError("--accept takes xml or json"))
                }
                options.accept = accept
            case "--verbose", "-v":
                options.verbose = true
            default:
                guard !argument.hasPrefix("-") else { return .failure(GetUsageError("unknown option \(argument)")) }
                targets.append(argument)
            }
            index += 1
        }
        guard targets.count == 1 else { return .failure(GetUsageError(targets.isEmpty ? "a path or URL is needed" : "one path or URL only")) }
        options.target = targets[0]
        return .success(options)
    }

    /// Runs the command and returns the exit status.
    static func run(_ arguments: [String]) async -> Int32 {
        let options: Options
        switch parse(arguments) {
        case .success(let parsed): options = parsed
        case .failure(let error):
            Environment.write("gottago get: \(error.message)\n\(usage)\n", to: 2)
            return 2
        }
        var configuration = FetchConfiguration()
        configuration.connectTimeout = 10
        let fetcher: CurlFetcher
        do {
            fetcher = try CurlFetcher(configuration: configuration)
        } catch {
            Environment.write("gottago get: cannot start libcurl: \(error.message)\n", to: 2)
            return 2
        }
        defer { fetcher.shutdown() }
        var request = FetchRequest(url: options.url, headers: [("Accept", options.acceptHeader)])
        // The answer streams for as long as the server works on it.
        request.totalTimeout = 0
        var session = GetSession(
            verbose: options.verbose,
            display: GetProgressDisplay(isTerminal: isatty(2) == 1) { Environment.write($0, to: 2) })
        let stream: FetchStream
        do {
            stream = try await fetcher.stream(request)
        } catch where Self.unreachable.contains(error.kind) {
            Environment.write("gottago get: cannot reach \(options.url): \(error.message)\n", to: 2)
            return 2
        } catch {
            Environment.write("gottago get: the transfer from \(options.url) failed: \(error.message)\n", to: 2)
            return 1
        }
        session.head(status: stream.head.status, contentType: stream.head.header("Content-Type"))
        do {
            for try await chunk in stream.body { session.receive(chunk) }
        } catch {
            session.display.clear()
            Environment.write("gottago get: the transfer from \(options.url) failed: \(error.message)\n", to: 2)
            return 1
        }
        return session.finish(status: stream.head.status)
    }

    /// Failures before a connection was made: the server cannot be reached (exit status 2).
    static let unreachable: Set<FetchError.Kind> = [.unreachable, .nameNotResolved, .invalidURL, .timeout]
}

/// A wrong command line.
struct GetUsageError: Error {
    let message: String

    init(_ message: String) {
        self.message = message
    }
}
