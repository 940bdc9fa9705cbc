import HTTPTesting
import Server
@testable import Sandbox
import Scrape
import Testing

@Suite("Sandbox server")
struct SandboxServerTests {
    typealias T = TestTimetable

    /// No "listening on" lines in the test output.
    static let quiet = ServerLog(sink: LogSink(descriptor: -1))

    static func connectionRequest() throws -> [UInt8] {
        let request = try #require(T.routes["hafas-extxml-connections"]).upstreamRequest([
            "from": "Thun, Martinstrasse", "to": "Zürich, Paradeplatz", "date": "20260512", "time": "07:50",
        ])
        return try #require(request.body)
    }

    @Test func answersAPostOverLoopback() async throws {
        let sandbox = try SandboxServer(model: T.model, log: Self.quiet)
        #expect(sandbox.origin == "http://127.0.0.1:\(sandbox.port)")
        let body = try Self.connectionRequest()
        let url = sandbox.origin + SandboxServer.extXMLPath
        let response = try await offPool {
            try HTTPTestClient().send("POST", url, headers: [("Content-Type", "text/xml; charset=iso-8859-1")], body: body)
        }
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "text/xml; charset=ISO-8859-1")
        #expect(response.body == T.service.respond(to: body))
        let route = try #require(T.routes["hafas-extxml-connections"])
        let extraction = Extractor.run(route, body: response.body, contentType: response.header("Content-Type"))
        guard case .success(let lists) = extraction.outcome, case .list(_, let connections) = lists.first else {
            Issue.record("no connections: \(extraction.outcome)")
            await sandbox.shutdown()
            return
        }
        #expect(connections.count == 4)

        let other = try await offPool { try HTTPTestClient().send("GET", url) }
        #expect(other.status == 405)
        await sandbox.shutdown()
    }

    @Test func waitsTheInjectedLatency() async throws {
        var configuration = SandboxServer.Configuration()
        configuration.latency = 150
        let sandbox = try SandboxServer(model: T.model, configuration: configuration, log: Self.quiet)
        let body = try Self.connectionRequest()
        let url = sandbox.origin + SandboxServer.extXMLPath
        let clock = ContinuousClock()
        let start = clock.now
        let response = try await offPool { try HTTPTestClient().send("POST", url, body: body) }
        let elapsed = clock.now - start
        #expect(response.status == 200 && response.body == T.service.respond(to: body))
        #expect(elapsed >= .milliseconds(150))
        await sandbox.shutdown()
    }

    @Test func keptAnswersAreTheSameAnswers() {
        let kept = KeptAnswers(capacity: 2)
        var made = 0
        for request in [[1], [1], [2], [3], [1]] as [[UInt8]] {
            let answer = kept.answer(for: request) {
                made += 1
                return Answer(status: 200, contentType: "text/plain", body: request + [0])
            }
            #expect(answer.body == request + [0])
        }
        // [1] made, kept; [2] made; [3] made after forgetting both; [1] made again.
        #expect(made == 4)
    }
}
