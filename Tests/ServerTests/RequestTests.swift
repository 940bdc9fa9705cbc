import Testing
@testable import Server

@Suite struct RequestTests {
    /// What waits for a thread (the sandbox's simulated latency) counts from the head's arrival.
    @Test func ageCountsFromWhenTheHeadWasRead() {
        let arrived = Timestamp.monotonicNanoseconds() - 5_000_000_000
        let request = Request(id: "r-1", method: "GET", target: "/api?key=k", received: arrived)
        #expect(request.age >= .seconds(5))
        #expect(request.retargeted("/api").age >= .seconds(5))
        let fresh = Request(id: "r-2", method: "GET", target: "/api")
        #expect(fresh.age < request.age)
    }
}
