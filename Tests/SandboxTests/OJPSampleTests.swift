import Foundation
@testable import Sandbox
import Testing
import Kernel

/// The OJP routes' sandbox samples (`Routes/ojp-*/samples/sandbox-*.xml`) are what the sandbox
/// answers today to what the route asks. With `GOTTAGO_WRITE_SANDBOX_SAMPLES=1` in the
/// environment the test writes them instead; then `gottago routes test --update` writes their
/// expected output, to be read before it is kept.
@Suite("OJP sandbox samples")
struct OJPSampleTests {
    typealias Sample = SandboxSample

    static let samples = [
        // A bus to the station's bus stop, a walk to the platforms, late trains, and the cancelled
        // train, which makes its trip infeasible.
        Sample(route: "ojp-trips", name: "sandbox-bern-rathaus-zurich-2026-05-12", parameters: [
            "from": "8590032", "to": "8503000", "departure": "2026-05-12T07:50:00+02:00",
        ], ext: "xml"),
        Sample(route: "ojp-locations", name: "sandbox-bern", parameters: ["query": "Bern", "now": "2026-05-12T07:50:00+02:00"], ext: "xml"),
        // Late runs and the cancelled one, trains, buses and a platform each.
        Sample(route: "ojp-stopevents", name: "sandbox-bern-2026-05-12", parameters: [
            "station": "8507000", "departure": "2026-05-12T07:30:00+02:00", "limit": "20",
        ], ext: "xml"),
    ]

    @Test(arguments: samples)
    func theSampleIsTheSandboxsAnswer(sample: Sample) throws {
        let run = try OJPRouteRun(sample.route, sample.parameters)
        #expect(run.status == 200 && run.failure == nil)
        try sample.check(run.answer)
    }
}
