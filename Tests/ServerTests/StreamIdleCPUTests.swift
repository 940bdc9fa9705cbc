import Foundation
import HTTPTesting
import Testing
@testable import Server

/// How much CPU an open stream with nothing to send costs: a measurement printed on request
/// (`GOTTAGO_MEASURE_STREAM_IDLE=1`), not a check, since CPU time depends on the machine.
@Suite("Live server: idle stream CPU", .serialized)
struct StreamIdleCPUTests {
    static var enabled: Bool { ProcessInfo.processInfo.environment["GOTTAGO_MEASURE_STREAM_IDLE"] != nil }

    @Test("an idle stream for 2 s", .enabled(if: enabled))
    func idleStream() async throws {
        let release = Gate(), firstEvent = Gate()
        let route = Route.get("/events", summary: "Quiet until released.") { _ in
            .eventStream(heartbeat: nil) { events in
                try await events.send(event: "progress", data: "1")
                await release.wait()
                try await events.send(event: "done", data: "2")
            }
        }
        try await LiveServer.with(routes: [route]) { live in
            let url = live.base + "/events"
            async let reading = offPool {
                try HTTPTestClient().stream(url, headers: [("Accept", "text/event-stream")]) { _ in
                    firstEvent.open()
                    return true
                }
            }
            await firstEvent.wait()
            let before = Self.cpuSeconds()
            try await Task.sleep(for: .seconds(2))
            let used = Self.cpuSeconds() - before
            release.open()
            let response = try await reading
            #expect(ServerSentEvents(response.body).events.count == 2)
            print("idle stream: \(String(format: "%.3f", used)) s CPU over 2 s (process total, user + system)")
        }
    }

    static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }
}
