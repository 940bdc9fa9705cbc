import Foundation
import HTTPTesting
import Synchronization
import Testing
@testable import Server

/// Many gated event streams at once, for a lost wake-up between a stream and its suspended
/// connection: each stream parks after its first event and is woken by the next. 200 exchanges by
/// default; `GOTTAGO_STREAM_STRESS=<exchanges>` runs more (50,000 beside CPU load found none lost).
@Suite("Live server: streamed responses under stress", .serialized)
struct StreamStallStressTests {
    static let exchanges = Int(ProcessInfo.processInfo.environment["GOTTAGO_STREAM_STRESS"] ?? "") ?? 200

    @Test("every gated stream completes, four at a time")
    func gatedStreams() async throws {
        let gates = GateTable()
        let route = Route.get("/events", summary: "One event, a wait for the client, two more.") { request in
            let number = Int(request.rawQuery?.split(separator: "=").last ?? "") ?? 0
            let gate = gates.gate(number)
            return .eventStream(heartbeat: nil) { events in
                try await events.send(event: "progress", data: #"{"stage":"weather","done":1,"total":3}"#, id: "1")
                await gate.wait()
                try await events.send(event: "place", data: "<place>\n<name>Bern</name>\n</place>", id: "2")
                try await events.send(event: "done", data: "<route/>", id: "3")
            }
        }
        let workers = 4
        let total = Self.exchanges
        try await LiveServer.with(routes: [route]) { live in
            let base = live.base
            let live = live
            let failures = FailureList()
            try await withThrowingTaskGroup(of: Void.self) { group in
                for worker in 0..<workers {
                    group.addTask {
                        try await offPool {
                            for index in stride(from: worker, to: total, by: workers) {
                                let gate = gates.gate(index)
                                var parser = ServerSentEvents()
                                var received = 0
                                do {
                                    let response = try HTTPTestClient().stream(
                                        base + "/events?n=\(index)", headers: StreamLiveTests.sse, timeout: StreamLiveTests.patience
                                    ) { chunk in
                                        received += chunk.count
                                        parser.feed(chunk)
                                        if parser.events.count == 1, !gate.isOpen { gate.open() }
                                        return true
                                    }
                                    let events = ServerSentEvents(response.body).events.map(\.name)
                                    if events != ["progress", "place", "done"] {
                                        failures.add("\(index): events \(events)")
                                    }
                                } catch {
                                    failures.add("\(index): \(error) after \(received) bytes; streams: \(live.openStreams)")
                                }
                            }
                        }
                    }
                }
                try await group.waitForAll()
            }
            let failed = failures.lines
            #expect(failed.isEmpty, "\(failed.count) of \(total) failed: \(failed.prefix(5))")
        }
    }
}

/// One gate per exchange, made by whichever side asks first.
final class GateTable: Sendable {
    private let gates = Mutex<[Int: Gate]>([:])

    func gate(_ number: Int) -> Gate {
        gates.withLock { table in
            if let gate = table[number] { return gate }
            let gate = Gate()
            table[number] = gate
            return gate
        }
    }
}

/// What went wrong, collected from several threads.
final class FailureList: Sendable {
    private let list = Mutex<[String]>([])

    func add(_ line: String) { list.withLock { $0.append(line) } }

    var lines: [String] { list.withLock { $0 } }
}

/// What once cut a stream after its first event: every thread of the cooperative pool busy with
/// the process's other work (a test run's CPU-bound tests). Request work runs at a higher priority
/// (`HTTPServer.requestPriority`), so the stream goes on while default-priority tasks spin.
@Suite("Live server: a stream beside a busy cooperative pool", .serialized)
struct StreamBusyPoolTests {
    @Test("a stream completes while default-priority tasks keep every pool thread busy")
    func completesBesideBusyPool() async throws {
        let gate = Gate(), probe = ProducerProbe(), busy = BusyFlag()
        try await LiveServer.with(routes: [StreamLiveTests.gatedRoute(gate, probe)]) { live in
            let url = live.base + "/events"
            // More spinners than the pool has threads; they stop once the client has every event.
            for _ in 0..<8 {
                Task.detached(priority: .medium) {
                    while busy.isSet {}
                }
            }
            let response = try await offPool {
                defer { busy.clear() }
                var parser = ServerSentEvents()
                return try HTTPTestClient().stream(url, headers: StreamLiveTests.sse) { chunk in
                    parser.feed(chunk)
                    if parser.events.count == 1, !gate.isOpen { gate.open() }
                    if parser.events.count == 3 { busy.clear() }
                    return true
                }
            }
            #expect(ServerSentEvents(response.body).events.map(\.name) == ["progress", "place", "done"])
        }
    }
}

/// Keeps the spinners going until cleared.
final class BusyFlag: Sendable {
    private let flag = Atomic(true)

    var isSet: Bool { flag.load(ordering: .relaxed) }

    func clear() { flag.store(false, ordering: .relaxed) }
}
