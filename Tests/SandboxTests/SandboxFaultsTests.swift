import HTTPTesting
import Server
@testable import Sandbox
import Testing

@Suite("Sandbox faults")
struct SandboxFaultsTests {
    static func draws(_ configuration: SandboxFaults.Configuration, _ count: Int) -> [SandboxFaults.Fault?] {
        let faults = SandboxFaults(configuration)
        return (0..<count).map { _ in faults.draw() }
    }

    @Test func zeroPercentDrawsNoFault() {
        #expect(Self.draws(SandboxFaults.Configuration(percent: 0), 10_000).allSatisfy { $0 == nil })
    }

    @Test func hundredPercentFailsEveryAnswerEveryWay() {
        let drawn = Self.draws(SandboxFaults.Configuration(percent: 100), 1_000)
        #expect(drawn.allSatisfy { $0 != nil })
        #expect(Set(drawn.compactMap { $0 }) == Set(SandboxFaults.Fault.allCases))
    }

    @Test func theSameSeedDrawsTheSameFaults() {
        let configuration = SandboxFaults.Configuration(percent: 2, seed: 7)
        let first = Self.draws(configuration, 20_000), second = Self.draws(configuration, 20_000)
        #expect(first == second)
        // About 2% of 20,000 answers: 400, give or take the binomial spread (sd 20).
        let failed = first.compactMap { $0 }.count
        #expect((320...480).contains(failed))
        let other = Self.draws(SandboxFaults.Configuration(percent: 2, seed: 8), 20_000)
        #expect(other != first)
    }

    @Test func faultsChangeTheAnswerAsRealUpstreamsDo() {
        let faults = SandboxFaults(SandboxFaults.Configuration(percent: 100))
        let body = Array("<feed>\(String(repeating: "x", count: 200))</feed>".utf8)
        let answer = Response(status: 200, headers: HTTPHeaders(contentType: "text/xml"), body: .bytes(body))
        func bytes(_ response: Response) -> [UInt8] {
            if case .bytes(let bytes) = response.body { return bytes }
            return []
        }
        #expect(faults.apply(.serverError, to: answer).status == 500)
        let unavailable = faults.apply(.unavailable, to: answer)
        #expect(unavailable.status == 503 && unavailable.headers["Retry-After"] == "1")
        let truncated = faults.apply(.truncated, to: answer)
        #expect(truncated.status == 200 && bytes(truncated) == Array(body.prefix(body.count / 2)))
        let garbage = faults.apply(.garbage, to: answer)
        #expect(garbage.status == 200 && bytes(garbage).count == body.count && bytes(garbage) != body)
        #expect(bytes(faults.apply(.slow, to: answer)) == body)
    }

    @Test func theServerAnswersWithTheDrawnFaults() async throws {
        var configuration = SandboxServer.Configuration()
        configuration.faults = SandboxFaults.Configuration(percent: 50, seed: 3, slowMilliseconds: 1)
        let sandbox = try SandboxServer(model: TestTimetable.model, configuration: configuration, log: SandboxServerTests.quiet)
        let clean = try SandboxServer(model: TestTimetable.model, log: SandboxServerTests.quiet)
        let path = BARTFeedService.legacyPath
        let expected = try await offPool { try HTTPTestClient().send("GET", clean.origin + path) }
        // One request at a time, so the answers take the draws in order.
        let predicted = Self.draws(configuration.faults, 40)
        var statuses: [Int] = []
        for _ in 0..<40 {
            statuses.append(try await offPool { try HTTPTestClient().send("GET", sandbox.origin + path) }.status)
        }
        let wanted = predicted.map { fault in
            switch fault {
            case .serverError: 500
            case .unavailable: 503
            default: expected.status
            }
        }
        #expect(statuses == wanted)
        #expect(Set(statuses).count >= 2)
        await sandbox.shutdown()
        await clean.shutdown()
    }
}
