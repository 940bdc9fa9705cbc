import Foundation
@testable import Sandbox
import Testing
import Kernel

/// The opendata routes' sandbox samples (`Routes/opendata-*/samples/sandbox-*.json`) are what the
/// sandbox answers today to what the route asks. With `GOTTAGO_WRITE_SANDBOX_SAMPLES=1` in the
/// environment the test writes them instead; then `gottago routes test --update` writes their
/// expected output, to be read before it is kept.
@Suite("transport.opendata.ch sandbox samples")
struct OpendataSampleTests {
    typealias Sample = SandboxSample

    static let samples = [
        // A walk to the station, a late train, the cancelled train (reported as on time) and trams.
        Sample(route: "opendata-connections", name: "sandbox-bern-rathaus-zurich-2026-05-12", parameters: [
            "from": "8590032", "to": "8503000", "date": "2026-05-12", "time": "07:50",
        ]),
        Sample(route: "opendata-locations", name: "sandbox-bern", parameters: ["query": "Bern"]),
        // Late runs and the cancelled one, trains and buses, a platform each.
        Sample(route: "opendata-stationboard", name: "sandbox-bern-2026-05-12", parameters: [
            "id": "8507000", "datetime": "2026-05-12 07:30", "limit": "20",
        ]),
        // An arrival board: the times written as the stops' departures, as the API writes them.
        Sample(route: "opendata-stationboard", name: "sandbox-zurich-arrivals-2026-05-12", parameters: [
            "id": "8503000", "datetime": "2026-05-12 08:00", "limit": "5", "type": "arrival",
        ]),
    ]

    @Test(arguments: samples)
    func theSampleIsTheSandboxsAnswer(sample: Sample) throws {
        let run = try OpendataRouteRun(sample.route, sample.parameters)
        #expect(run.answer.status == 200 && run.failure == nil)
        try sample.check(run.answer.body)
    }
}
