import Fetch
import Foundation
import HTTPTesting
import Model
import Scrape
import Services
import Store
import Testing
import Upstream

/// Forecasts asked once per grid cell and day, over real parts: the shipped google-weather route,
/// the upstream layer, libcurl, and a loopback stand-in answering a recorded document.
@Suite("WeatherService", .serialized)
struct WeatherServiceTests {
    static let routes = TimetableServiceTests.routes

    static func sample(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: "\(routes)/google-weather/samples/\(name)")))
    }

    func withService(answering body: [UInt8], capacity: Int = 20_000, _ run: (WeatherService, StandInUpstream) async throws -> Void) async throws {
        let upstream = try StandInUpstream(body: body)
        var policy = UpstreamPolicy()
        policy.origin = upstream.base
        policy.rate = 1000
        policy.burst = 1000
        policy.maxConcurrent = 64
        do {
            let upstreams = try Upstreams(
                catalog: try RouteCatalog.load(from: Self.routes), fetcher: try CurlFetcher(), cache: MemoryCache(), policies: ["google-weather": policy])
            try await run(try WeatherService(upstreams: upstreams, provider: .google, capacity: capacity), upstream)
            await upstream.shutdown()
        } catch {
            await upstream.shutdown()
            throw error
        }
    }

    static func place(_ latitude: Double, _ longitude: Double) -> Place {
        Place(name: "Here", latitude: latitude, longitude: longitude)
    }

    @Test func oneCellAndDayIsAskedOnceHoweverManyAskAtOnce() async throws {
        try await withService(answering: try Self.sample("restsharp-GoogleWeather-newyork-2010-04-12.xml")) { weather, upstream in
            // Two positions 600 m apart in one cell, asked 16 times at once.
            let reports = await withTaskGroup(of: Result<WeatherService.Report, PlaceError>.self) { group in
                for index in 0..<16 {
                    group.addTask { await weather.forecast(for: Self.place(40.713 + Double(index % 2) * 0.004, -74.004), today: "2010-04-12") }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
            #expect(reports.count == 16)
            #expect(reports.allSatisfy { (try? $0.get())?.forecast.days.count == 4 })
            #expect(upstream.hits == 1)
            #expect(weather.upstreamRequests == 1)
            // Another cell, and the same cell on another day, are asked again.
            _ = await weather.forecast(for: Self.place(41.5, -74.004), today: "2010-04-12")
            #expect(upstream.hits == 2)
            _ = await weather.forecast(for: Self.place(40.713, -74.004), today: "2010-04-13")
            #expect(weather.upstreamRequests == 3)
        }
    }

    @Test func aFailureIsNotKeptForTheCell() async throws {
        try await withService(answering: try Self.sample("swiftlet-GoogleWeather-error-problem_cause-empty.xml")) { weather, upstream in
            let first = await weather.forecast(for: Self.place(10, 10), today: "2026-11-30")
            guard case .failure(let error) = first else {
                Issue.record("a problem_cause answer gave a forecast")
                return
            }
            #expect(error.code == "unknown_place")
            upstream.answer(try Self.sample("restsharp-GoogleWeather-newyork-2010-04-12.xml"))
            // The route's error answer is not kept by the upstream layer either: the next call asks again.
            let second = await weather.forecast(for: Self.place(10.001, 10), today: "2026-11-30")
            #expect((try? second.get())?.forecast.current?.sky.condition == "Clear")
            #expect(weather.upstreamRequests == 2)
        }
    }

    @Test func theCellsKeptAreBounded() async throws {
        try await withService(answering: try Self.sample("restsharp-GoogleWeather-newyork-2010-04-12.xml"), capacity: 4) { weather, upstream in
            let places = (0..<6).map { Self.place(40 + Double($0), -74) }
            for place in places { _ = await weather.forecast(for: place, today: "2010-04-12") }
            #expect(weather.upstreamRequests == 6)
            // Six cells do not fit in four: asked again, some are fetched again, never all kept.
            for place in places { _ = await weather.forecast(for: place, today: "2010-04-12") }
            #expect(weather.upstreamRequests > 6)
            // The upstream layer's cache still has those answers: the stand-in is not asked again.
            #expect(upstream.hits == 6)
        }
    }
}
