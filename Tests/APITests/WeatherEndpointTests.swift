import Foundation
import HTTPTesting
import Model
import Sandbox
import Services
import Store
import Testing
@testable import API
import Kernel

/// The weather along a route, one place's forecast and geocoding over real parts: the embedded
/// gazetteer, the shipped routes, libcurl, and the sandbox's directions and weather simulators on
/// loopback, at 2026-11-29T15:00Z. What the API says is compared with what the weather model meant.
@Suite("WeatherEndpoints", .serialized)
struct WeatherEndpointTests {
    static func json(_ response: TestResponse) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
    }

    static func places(_ document: [String: Any]) -> [[String: Any]] {
        (document["places"] as? [[String: Any]]) ?? []
    }

    static func number(_ object: [String: Any]?, _ path: String...) -> Double? {
        var current: Any? = object
        for key in path { current = (current as? [String: Any])?[key] }
        return (current as? NSNumber)?.doubleValue
    }

    /// The temperature yr's simulated forecast gives for the six hours from `start` at a place.
    static func modelTemperature(_ place: [String: Any], at start: Int64) -> Double {
        WeatherModel().reading(latitude: place["lat"] as! Double, longitude: place["lon"] as! Double, at: start).temperature.rounded()
    }

    @Test("Bethesda, MD → 90210: places in driving order, one per postal code, each with the day's weather from the model")
    func bethesdaToBeverlyHills() async throws {
        try await WeatherApp.with { app in
            let xml = try await WeatherApp.get(app.live, "/api/weather/route/from/Bethesda/to/90210?day=1")
            #expect(xml.status == 200)
            let response = try await WeatherApp.get(app.live, "/api/weather/route/from/Bethesda/to/90210.json?day=1")
            let document = try #require(try Self.json(response)["routeweather"] as? [String: Any])
            let from = try #require(document["from"] as? [String: Any]), to = try #require(document["to"] as? [String: Any])
            #expect(from["id"] as? Int == 4_348_599 && from["admin"] as? String == "MD")
            #expect(to["name"] as? String == "Beverly Hills" && to["postcode"] as? String == "90210")
            // "Bethesda" alone is ambiguous: the others of that name are listed.
            let alternatives = (document["alternatives"] as? [String: Any])?["from"] as? [[String: Any]] ?? []
            #expect(Set(alternatives.compactMap { $0["admin"] as? String }).isSuperset(of: ["OH"]))
            #expect(document["day"] as? Int == 1 && document["date"] as? String == "2026-11-30")
            let km = try #require(Self.number(document, "distance", "km"))
            #expect((4000...4700).contains(km))
            let rows = Self.places(document)
            // A point every 50 km, fewer repeats: between 60 and 95 places.
            #expect((60...95).contains(rows.count), "\(rows.count) places")
            #expect(rows.first?["id"] as? Int == 4_348_599)
            #expect(rows.last?["postcode"] as? String == "90210")
            #expect(rows.map { $0["index"] as? Int } == Array(0..<rows.count))
            let distances = rows.compactMap { Self.number($0, "distance", "km") }
            #expect(distances.count == rows.count && zip(distances, distances.dropFirst()).allSatisfy { $0 < $1 })
            let postcodes = rows.compactMap { $0["postcode"] as? String }
            #expect(Set(postcodes).count == postcodes.count, "a postal code repeats")
            for row in rows {
                let weather = try #require(row["weather"] as? [String: Any], "\(row["name"] ?? "")")
                #expect(weather["date"] as? String == "2026-11-30")
                let low = try #require(Self.number(weather, "low", "c")), high = try #require(Self.number(weather, "high", "c"))
                #expect(low <= high)
                #expect(Self.number(weather, "low", "f") == ((low * 9 / 5 + 32) * 10).rounded() / 10)
                #expect(weather["icon"] as? String != nil && weather["current"] == nil)
                // The day's low and high are those of yr's four periods of the date, as the model gives them.
                let zone = try ZoneRules.named(row["timezone"] as! String)
                let midnight = ZonedTime.instant(year: 2026, month: 11, day: 30, hour: 0, minute: 0, in: zone)
                let temperatures = (0..<4).map { Self.modelTemperature(row, at: midnight + Int64($0) * 6 * 3600) }
                #expect(low == temperatures.min() && high == temperatures.max(), "\(row["name"] ?? "")")
            }
            // One weather request per grid cell and day.
            let cells = Set(rows.map { GridCell(latitude: $0["lat"] as! Double, longitude: $0["lon"] as! Double) })
            #expect(app.weather.weather.upstreamRequests == cells.count)
            // Asked again, nothing more is fetched.
            _ = try await app.live.get("/api/weather/route/from/Bethesda/to/90210.json?day=1")
            #expect(app.weather.weather.upstreamRequests == cells.count)
            // By town: no town twice (places of one town's postal code are kept apart).
            let byCity = Self.places(try Self.json(try await app.live.get("/api/weather/route/from/Bethesda/to/90210.json?day=1&dedupe=city"))["routeweather"] as! [String: Any])
            let towns = byCity.map { "\($0["name"] ?? "")|\($0["admin"] ?? "")" }
            #expect(Set(towns).count == towns.count && (60...95).contains(towns.count))
        }
    }

    @Test("depart: each place's arrival in its own zone, and the forecast period it falls in")
    func departure() async throws {
        try await WeatherApp.with { app in
            let response = try await WeatherApp.get(app.live, "/api/weather/route/from/Bethesda,%20MD/to/Pittsburgh.json?depart=2026-12-01T08:00")
            #expect(response.status == 200)
            let document = try #require(try Self.json(response)["routeweather"] as? [String: Any])
            #expect(document["depart"] as? String == "2026-12-01T08:00:00-05:00")
            #expect(document["day"] as? Int == 2)
            let rows = Self.places(document)
            #expect(rows.count >= 4)
            #expect(rows.first?["arrival"] as? String == "2026-12-01T08:00:00-05:00")
            let arrivals = rows.compactMap { ($0["arrival"] as? String).flatMap { ZonedTime.instant($0) } }
            #expect(arrivals.count == rows.count && zip(arrivals, arrivals.dropFirst()).allSatisfy { $0 < $1 })
            #expect((document["duration"] as? String)?.hasPrefix("PT") == true)
            for (row, arrival) in zip(rows, arrivals) {
                let weather = try #require(row["weather"] as? [String: Any])
                let hour = try #require(weather["hour"] as? [String: Any])
                let start = try #require((hour["from"] as? String).flatMap { ZonedTime.instant($0) })
                let end = try #require((hour["to"] as? String).flatMap { ZonedTime.instant($0) })
                #expect(start <= arrival && arrival < end)
                #expect(Self.number(hour, "temperature", "c") == Self.modelTemperature(row, at: start))
            }
        }
    }

    @Test("with Accept: text/event-stream, progress by stage, every row as it is ready, then the document")
    func events() async throws {
        try await WeatherApp.with { app in
            let url = app.live.base + "/api/weather/route/from/Bern/to/Basel.json?day=1&every=20"
            let streamed = try await offPool { try HTTPTestClient().stream(url, headers: [("Accept", "text/event-stream")]) }
            #expect(streamed.status == 200)
            #expect(streamed.header("Content-Type") == "text/event-stream; charset=utf-8")
            let events = ServerSentEvents(streamed.body).events
            let stages = events.filter { $0.name == "progress" }.compactMap { event -> String? in
                ((try? JSONSerialization.jsonObject(with: Data(event.data.utf8))) as? [String: Any])?["stage"] as? String
            }
            var seen: [String] = []
            for stage in stages where seen.last != stage { seen.append(stage) }
            #expect(seen == ["geocoding", "route", "places", "weather"])
            let done = try #require(events.last)
            #expect(done.name == "done")
            let plain = try await app.live.get("/api/weather/route/from/Bern/to/Basel.json?day=1&every=20")
            #expect(done.data == plain.text)
            let rows = events.filter { $0.name == "place" }
            let indexes = rows.compactMap { ((try? JSONSerialization.jsonObject(with: Data($0.data.utf8))) as? [String: Any])?["place"] as? [String: Any] }
                .compactMap { $0["index"] as? Int }
            #expect(indexes.sorted() == Array(0..<Self.places(try Self.json(plain)["routeweather"] as! [String: Any]).count))
            // An error is an event too.
            let failed = try await offPool {
                try HTTPTestClient().stream(app.live.base + "/api/weather/route/from/Xyzzyq/to/Bern", headers: [("Accept", "text/event-stream")])
            }
            #expect(ServerSentEvents(failed.body).events.last?.name == "error")
            #expect(ServerSentEvents(failed.body).events.last?.data.contains("<code>unknown_place</code>") == true)
        }
    }

    @Test("unknown places, too long a route, the same place twice, and every bad parameter")
    func badInput() async throws {
        try await WeatherApp.with { app in
            let unknown = try await WeatherApp.get(app.live, "/api/weather/route/from/Bethseda/to/90210")
            #expect(unknown.status == 404 && unknown.text.contains("<code>unknown_place</code>") && unknown.text.contains("<name>Bethesda</name>"))
            let far = try await WeatherApp.get(app.live, "/api/weather/route/from/Bern/to/New%20York")
            #expect(far.status == 400 && far.text.contains("<code>route_too_long</code>"))
            let same = try await WeatherApp.get(app.live, "/api/weather/route/from/Bern/to/Bern.json")
            let rows = Self.places(try Self.json(same)["routeweather"] as! [String: Any])
            #expect(same.status == 200 && rows.count == 1 && rows.first?["name"] as? String == "Bern")
            for (query, parameter) in [
                ("day=7", "day"), ("day=-1", "day"), ("day=x", "day"), ("depart=2026-12-01", "depart"), ("depart=2026-13-01T08:00", "depart"),
                ("depart=2026-12-01T08:00&day=1", "depart"), ("dedupe=zip", "dedupe"), ("every=5", "every"), ("day=1&day=2", "day"),
            ] {
                let response = try await WeatherApp.get(app.live, "/api/weather/route/from/Bern/to/Thun?\(query)")
                #expect(response.status == 400 && response.text.contains("Parameter \(parameter)"), "\(query)")
            }
            let unknownParameter = try await WeatherApp.get(app.live, "/api/weather/route/from/Bern/to/Thun?days=1")
            #expect(unknownParameter.status == 400 && unknownParameter.text.contains("<code>unknown_parameter</code>"))
            // A departure beyond the forecast, or in the past.
            for depart in ["2026-12-09T08:00", "2026-11-20T08:00"] {
                let response = try await WeatherApp.get(app.live, "/api/weather/route/from/Bern/to/Thun?depart=\(depart)")
                #expect(response.status == 400 && response.text.contains("depart"), "\(depart)")
            }
            let long = String(repeating: "a", count: 300)
            #expect(try await app.live.get("/api/weather/route/from/\(long)/to/Bern").status == 400)
            #expect(try await app.live.get("/api/weather/route/from/%01Bern/to/Bern").status == 400)
            #expect(try await app.live.get("/api/weather/route/from/%20/to/Bern").status == 400)
            // SQL and wildcard characters are names like any other.
            let wild = try await WeatherApp.get(app.live, "/api/weather/route/from/%25/to/'%3B%20DROP%20TABLE%20places")
            #expect(wild.status == 404)
        }
    }

    @Test("a place's forecast by name and by position, for 7 days or one; the day's weather as on the route")
    func placeForecast() async throws {
        try await WeatherApp.with { app in
            let byName = try await WeatherApp.get(app.live, "/api/weather.json?q=Bern,%20CH")
            #expect(byName.status == 200)
            let forecast = try #require(try Self.json(byName)["forecast"] as? [String: Any])
            let days = try #require(forecast["days"] as? [[String: Any]])
            #expect(days.compactMap { $0["date"] as? String } == (29...30).map { "2026-11-\($0)" } + (1...5).map { "2026-12-0\($0)" })
            #expect((forecast["place"] as? [String: Any])?["id"] as? Int == 2_661_552)
            let byPosition = try await WeatherApp.get(app.live, "/api/weather?lat=46.95&lon=7.45&day=1")
            #expect(byPosition.status == 200 && byPosition.text.contains("<date>2026-11-30</date>") && !byPosition.text.contains("<date>2026-12-01</date>"))
            #expect(byPosition.text.contains("<name>Bern</name>"))
            for bad in ["", "?q=Bern&lat=46&lon=7", "?lat=46", "?q=Bern&day=7", "?q="] {
                #expect(try await app.live.get("/api/weather\(bad)").status == 400, "\(bad)")
            }
            #expect(try await WeatherApp.get(app.live, "/api/weather?q=Qwxzv").status == 404)
        }
    }

    @Test("geocoding: names, \"City, ST\", postal codes and positions, from the gazetteer")
    func geocoding() async throws {
        try await WeatherApp.with { app in
            let found = try Self.json(try await WeatherApp.get(app.live, "/api/geocode.json?q=Springfield,%20IL&limit=3"))
            let results = try #require((found["places"] as? [String: Any])?["results"] as? [[String: Any]])
            #expect(results.count <= 3 && results.first?["admin"] as? String == "IL")
            let zip = try await WeatherApp.get(app.live, "/api/geocode?q=90210")
            #expect(zip.status == 200 && zip.text.contains("<name>Beverly Hills</name>") && zip.text.contains("<kind>postcode</kind>"))
            let reverse = try await WeatherApp.get(app.live, "/api/geocode/reverse?lat=34.0736&lon=-118.4004")
            #expect(reverse.status == 200 && reverse.text.contains("<id>5328041</id>") && reverse.text.contains("<postcode>90210</postcode>"))
            let misspelt = try await WeatherApp.get(app.live, "/api/geocode?q=Bethseda")
            #expect(misspelt.status == 404 && misspelt.text.contains("<suggestions><place><id>4348599</id>"))
            for bad in ["", "?q=", "?q=Bern&limit=0", "?q=Bern&limit=41", "?q=Bern&near=1"] {
                #expect(try await app.live.get("/api/geocode\(bad)").status == 400, "\(bad)")
            }
            for bad in ["", "?lat=91&lon=0", "?lat=1"] {
                #expect(try await app.live.get("/api/geocode/reverse\(bad)").status == 400, "\(bad)")
            }
        }
    }

    @Test("the other upstreams: Google Directions, Google Routes and GraphHopper routes, Nominatim, Photon and Google places, NWS and Google weather", arguments: [
        (DirectionsProvider.google, GeocoderProvider.nominatim, WeatherProvider.nws),
        (DirectionsProvider.googleRoutes, GeocoderProvider.photon, WeatherProvider.yr),
        (DirectionsProvider.graphhopper, GeocoderProvider.google, WeatherProvider.google),
    ])
    func otherUpstreams(directions: DirectionsProvider, geocoder: GeocoderProvider, weather: WeatherProvider) async throws {
        try await WeatherApp.with(weather: weather, directions: directions, geocoder: geocoder) { app in
            let response = try await WeatherApp.get(app.live, "/api/weather/route/from/Bethesda,%20MD/to/Pittsburgh.json?day=1")
            #expect(response.status == 200, "\(response.text.prefix(300))")
            let document = try #require(try Self.json(response)["routeweather"] as? [String: Any])
            let sources = document["sources"] as? [String: Any]
            #expect(sources?["directions"] as? String == directions.rawValue && sources?["weather"] as? String == weather.rawValue)
            #expect(sources?["geocoder"] as? String == geocoder.rawValue)
            #expect((300...450).contains(Self.number(document, "distance", "km") ?? 0))
            let rows = Self.places(document)
            #expect(rows.count >= 4)
            #expect(rows.allSatisfy { ($0["weather"] as? [String: Any])?["date"] as? String == "2026-11-30" }, "\(rows.map { $0["error"] ?? "" })")
            let geocode = try await WeatherApp.get(app.live, "/api/geocode?q=Bethesda")
            #expect(geocode.status == 200 && geocode.text.contains("<source>\(geocoder.rawValue)</source>"))
        }
    }

    @Test("today's weather APIs over the sandbox: met.no (days made from its hours), Open-Meteo (parallel arrays), api.weather.gov (points, then the forecast they name)", arguments: [
        WeatherProvider.metno, .openMeteo, .nwsAPI,
    ])
    func todaysWeather(weather: WeatherProvider) async throws {
        try await WeatherApp.with(weather: weather) { app in
            let response = try await WeatherApp.get(app.live, "/api/weather/route/from/Bethesda,%20MD/to/Pittsburgh.json?day=1")
            #expect(response.status == 200, "\(response.text.prefix(300))")
            let document = try #require(try Self.json(response)["routeweather"] as? [String: Any])
            #expect((document["sources"] as? [String: Any])?["weather"] as? String == weather.rawValue)
            let rows = Self.places(document)
            #expect(rows.count >= 4)
            for row in rows {
                let day = row["weather"] as? [String: Any]
                #expect(day?["date"] as? String == "2026-11-30", "\(row["error"] ?? "")")
                let low = Self.number(day ?? [:], "low", "c"), high = Self.number(day ?? [:], "high", "c")
                #expect(low != nil && high != nil && low! <= high!, "\(day ?? [:])")
            }
            // The licences of met.no and Open-Meteo ask for their credit; the NWS's data is public.
            let credit = document["credit"] as? String
            switch weather {
            case .metno: #expect(credit == "Data from MET Norway (CC BY 4.0)")
            case .openMeteo: #expect(credit == "Weather data by Open-Meteo.com (CC BY 4.0)")
            default: #expect(credit == nil)
            }
            // One place's week, with the periods of its days, in XML checked against the schema.
            let forecast = try await WeatherApp.get(app.live, "/api/weather?q=Bethesda,%20MD")
            #expect(forecast.status == 200, "\(forecast.text.prefix(300))")
            #expect(forecast.text.contains("<source>\(weather.rawValue)</source>") && forecast.text.contains("<hours><hour><from>2026-11-29T"))
            #expect(forecast.text.components(separatedBy: "<day>").count - 1 >= 6)
        }
    }

    @Test("api.weather.gov knows the United States only: Canadian rows carry its error, the others their weather")
    func nwsAPIOutsideTheUnitedStates() async throws {
        try await WeatherApp.with(weather: .nwsAPI) { app in
            let response = try await WeatherApp.get(app.live, "/api/weather/route/from/Buffalo,%20NY/to/Toronto.json?day=1&every=20")
            #expect(response.status == 200)
            let rows = Self.places(try Self.json(response)["routeweather"] as! [String: Any])
            let failed = rows.filter { $0["error"] != nil }, kept = rows.filter { $0["weather"] != nil }
            #expect(!failed.isEmpty && !kept.isEmpty)
            #expect(failed.allSatisfy { (($0["error"] as? [String: Any])?["code"] as? String) == "no_forecast" }, "\(failed.map { $0["error"] ?? "" })")
            #expect(failed.allSatisfy { ($0["country_code"] as? String) == "CA" })
        }
    }

    @Test("Google Routes and Photon: the key goes in the header; a bad one is the upstream's refusal, named")
    func googleRoutesKey() async throws {
        try await WeatherApp.with(directions: .googleRoutes, geocoder: .photon, key: "not a key") { app in
            let response = try await WeatherApp.get(app.live, "/api/weather/route/from/Bern/to/Thun")
            #expect(response.status == 502)
            #expect(response.text.contains("<code>upstream_rejected</code>") && response.text.contains("<upstream>google-routes</upstream>"))
            #expect(response.text.contains("API key not valid. Please pass a valid API key."))
            // Photon takes no key: the places are found all the same.
            let places = try await WeatherApp.get(app.live, "/api/geocode?q=Thun")
            #expect(places.status == 200 && places.text.contains("<source>photon</source>") && places.text.contains("<name>Thun</name>"))
        }
    }

    @Test("a weather call that fails leaves its row with the error; the others keep their weather")
    func partialFailure() async throws {
        // NWS forecasts only the United States: Buffalo → Toronto crosses into Canada.
        try await WeatherApp.with(weather: .nws) { app in
            let response = try await WeatherApp.get(app.live, "/api/weather/route/from/Buffalo,%20NY/to/Toronto.json?day=1&every=20")
            #expect(response.status == 200)
            let rows = Self.places(try Self.json(response)["routeweather"] as! [String: Any])
            let failed = rows.filter { $0["error"] != nil }, kept = rows.filter { $0["weather"] != nil }
            #expect(!failed.isEmpty && !kept.isEmpty)
            #expect(failed.allSatisfy { $0["country_code"] as? String == "CA" })
            #expect(kept.allSatisfy { $0["country_code"] as? String == "US" })
            // Google's weather has four days: day 5 has none anywhere.
        }
        try await WeatherApp.with(weather: .google) { app in
            let response = try await WeatherApp.get(app.live, "/api/weather/route/from/Bern/to/Thun?day=5")
            #expect(response.status == 404 && response.text.contains("<code>no_forecast</code>"))
        }
    }
}
