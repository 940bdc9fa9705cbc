import Fetch
import Foundation
import HTTPTesting
import Scrape
import Services
import Store
import Testing
import Upstream

/// An agency's static feed fetched from a loopback stand-in: imported, checked again
/// conditionally (an unchanged feed is a 304 and keeps the database), a broken feed refused with
/// the database in service kept, a new feed swapped in; at most one check a day unless forced.
@Suite("StaticTimetable", .serialized)
struct StaticTimetableTests {
    @Test("first import, a 304 keeps it, a broken zip is refused and the old one kept, a new one swapped in")
    func refreshes() async throws {
        let zip = try TransitServiceTests.file("Sources/EmbeddedFiles/include/bart-gtfs.zip")
        let upstream = try StandInUpstream(body: zip, contentType: "application/zip")
        let directory = NSTemporaryDirectory() + "gottago-timetable-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let clock = TestClock(1_483_033_164_000)
        do {
            let agency = TransitAgency(name: "bart", staticFeed: upstream.base + "/google_transit.zip")
            let catalog = try RouteCatalog.load(from: TransitServiceTests.repository + "/Routes")
            let upstreams = try Upstreams(
                catalog: catalog, fetcher: try CurlFetcher(), cache: MemoryCache(now: { clock.now }), now: { clock.now }, more: [agency.upstream])
            let lines = LogLines()
            let timetable = StaticTimetable(agency: agency, upstreams: upstreams, directory: directory, log: { lines.append($0) })
            #expect(timetable.state.status == "importing" && timetable.database == nil)
            timetable.refreshIfDue()
            await timetable.settled()
            let first = try #require(timetable.database)
            #expect(timetable.state.status == "ready" && timetable.state.summary?.counts["stop_times"] == 31_934 && upstream.hits == 1)
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".sqlite") }.count == 1)

            // Within a day, no check; forced, a conditional request: unchanged, the same database.
            clock.advance(seconds: 3600)
            timetable.refreshIfDue()
            await timetable.settled()
            #expect(upstream.hits == 1)
            timetable.refreshIfDue(force: true)
            await timetable.settled()
            #expect(upstream.hits == 2 && timetable.database === first && lines.all.last?.contains("has not changed") == true)

            // A broken feed a day later: refused, the database in service kept, the failure said.
            upstream.answer(Array(zip.prefix(1000)))
            clock.advance(seconds: 86_400)
            timetable.refreshIfDue()
            await timetable.settled()
            #expect(upstream.hits == 3 && timetable.database === first)
            #expect(timetable.state.status == "ready" && timetable.state.failure?.contains("refused") == true, "\(String(describing: timetable.state.failure))")
            #expect(lines.all.last?.contains("the timetable in service is kept") == true)

            // The same feed again is unchanged (the database in service is that feed); a new one is swapped in, the old file removed.
            upstream.answer(zip)
            timetable.refreshIfDue(force: true)
            await timetable.settled()
            #expect(timetable.database === first && lines.all.last?.contains("has not changed") == true && timetable.state.failure == nil)
            upstream.answer(try TransitServiceTests.file("Tests/Fixtures/gtfs/usf-bullrunner-gtfs-2016-01-validator.zip"))
            timetable.refreshIfDue(force: true)
            await timetable.settled()
            #expect(timetable.database !== first && timetable.state.failure == nil && timetable.state.summary?.timeZone == "America/New_York")
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".sqlite") }.count == 1)
            await upstream.shutdown()
        } catch {
            await upstream.shutdown()
            throw error
        }
    }
}

/// Log lines collected from any thread.
final class LogLines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []

    func append(_ line: String) {
        lock.lock()
        lines.append(line)
        lock.unlock()
    }

    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return lines
    }
}
