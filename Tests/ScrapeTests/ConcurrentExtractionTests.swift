import Foundation
import Synchronization
import Testing
@testable import Scrape

/// One route catalog serves every request: its compiled expressions are evaluated on many
/// threads at once. Every sample, extracted on four threads at once, gives the same records
/// every time.
@Suite struct ConcurrentExtractionTests {
    /// A stand-in for the API's error catalog: any status will do, as long as every thread uses it.
    static func status(_ code: String) -> Int? { code.count + 400 }

    @Test func theSameRouteOnFourThreadsGivesTheSameRecords() async throws {
        let catalog = try RouteCatalog.load(from: RouteFixtures.repositoryRoutes)
        let pairs = catalog.routes.flatMap { route in ((try? RouteSample.all(of: route, in: catalog.directory)) ?? []).map { (route, $0) } }
        var built: [String: [UInt8]] = [:]
        for (route, sample) in pairs { built[route.id + "/" + sample.name] = try sample.render(with: route, status: Self.status).output }
        let reference = built
        final class Differences: Sendable { let list = Mutex<[String]>([]) }
        let differences = Differences()
        // Threads of their own, not the cooperative pool that other tests' servers need.
        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<4 {
                group.addTask {
                    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                        Thread {
                            for round in 0..<4 {
                                for (route, sample) in pairs {
                                    guard let output = try? sample.render(with: route, status: Self.status).output, output != reference[route.id + "/" + sample.name] else { continue }
                                    differences.list.withLock { $0.append("\(route.id)/\(sample.name), thread \(worker), round \(round)") }
                                }
                            }
                            done.resume()
                        }.start()
                    }
                }
            }
        }
        let found = differences.list.withLock { $0 }
        #expect(found.isEmpty, "\(found.prefix(5))")
        #expect(pairs.count > 50)
    }
}
