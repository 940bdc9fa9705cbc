import HTTPTesting
@testable import Sandbox
import Server
import Testing

/// The BART paths over loopback; the server's clock is the wall clock, so these check the shape
/// of the answers, not their minutes.
@Suite("BART in the sandbox server")
struct BARTSandboxServerTests {
    typealias T = BARTTest

    @Test func answersBothPathsOverLoopback() async throws {
        let sandbox = try SandboxServer(model: TestTimetable.model, log: SandboxServerTests.quiet)
        let etd = try await offPool {
            try HTTPTestClient().send(sandbox.origin + BARTFeedService.etdPath + "?cmd=etd&orig=rich&key=\(T.key)")
        }
        #expect(etd.status == 200)
        #expect(etd.header("Content-Type") == "text/xml; charset=utf-8")
        #expect(try T.strings(etd.body, "/root/station/abbr") == ["RICH"])
        #expect(try T.strings(etd.body, "/root/uri") == ["http://api.bart.gov/api/etd.aspx?cmd=etd&orig=rich"])

        let noKey = try await offPool { try HTTPTestClient().send(sandbox.origin + BARTFeedService.etdPath + "?cmd=etd&orig=RICH") }
        #expect(noKey.body == Array((T.invalidKeyCapture + "\n").utf8))

        let legacy = try await offPool { try HTTPTestClient().send(sandbox.origin + BARTFeedService.legacyPath) }
        #expect(legacy.status == 200 && legacy.header("Content-Type") == "text/xml")
        #expect(try T.strings(legacy.body, "/root/channel/title") == ["BART Real Time ETA Feed"])

        let long = String(repeating: "a", count: BARTFeedService.maximumQueryLength)
        let refused = try await offPool { try HTTPTestClient().send(sandbox.origin + BARTFeedService.etdPath + "?cmd=etd&x=" + long) }
        #expect(refused.status == 414)

        let posted = try await offPool { try HTTPTestClient().send("POST", sandbox.origin + BARTFeedService.etdPath) }
        #expect(posted.status == 405)
        await sandbox.shutdown()
    }
}
