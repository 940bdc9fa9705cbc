import Foundation
import Markup
@testable import Sandbox
import Scrape
import Testing

/// The simulated Routes API computeRoutes read by the repository's google-routes route: the
/// route's own POST (JSON body, key and field mask headers) answered by the simulator, and the
/// answers Google gives to missing keys, bad keys, missing masks and bodies that are not requests.
@Suite("Google Routes computeRoutes through the route")
struct GoogleRoutesTests {
    typealias P = TestPlaces
    static let service = DirectionsSimulator(model: P.model)

    /// The route's request, answered by the simulator and extracted by the route.
    struct Run {
        let request: UpstreamRequest
        let answer: WebAnswer
        let extraction: Extraction

        init(_ parameters: [String: String], key: String? = nil, mask: String? = nil) throws {
            let route = try #require(TestTimetable.routes["google-routes"])
            let built = try route.upstreamRequest(parameters)
            let header = { (name: String) in built.headers.first { $0.name == name }?.value }
            request = built
            answer = GoogleRoutesTests.service.computeRoutes(
                body: try #require(built.body), key: key ?? header("X-Goog-Api-Key"), fieldMask: mask ?? header("X-Goog-FieldMask"))
            extraction = Extractor.run(route, body: answer.body, contentType: answer.contentType, parameters: parameters)
        }

        /// The answer parsed as JSON.
        var json: [String: Any] {
            get throws { try #require(try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any]) }
        }
    }

    static func parameters(_ from: GeoPoint, _ to: GeoPoint, key: String = "k") -> [String: String] {
        ["from_lat": String(from.latitude), "from_lon": String(from.longitude), "to_lat": String(to.latitude), "to_lon": String(to.longitude), "key": key]
    }

    /// The raw answer to a body, key and mask, parsed as JSON.
    static func post(_ body: String, key: String? = "k", mask: String? = "*") throws -> (status: Int, json: [String: Any]) {
        let answer = service.computeRoutes(body: Array(body.utf8), key: key, fieldMask: mask)
        #expect(answer.contentType == "application/json; charset=UTF-8")
        return (answer.status, try #require(try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any]))
    }

    static func error(_ json: [String: Any]) -> (code: Int?, status: String?, message: String?) {
        let error = json["error"] as? [String: Any]
        return (error?["code"] as? Int, error?["status"] as? String, error?["message"] as? String)
    }

    @Test func theRouteReadsBackStepByStep() throws {
        let route = try #require(P.model.route(from: P.bethesda.coordinate, to: P.beverlyHills.coordinate))
        let run = try Run(Self.parameters(P.bethesda.coordinate, P.beverlyHills.coordinate))
        #expect(run.request.method == "POST" && run.request.url == "https://routes.googleapis.com/directions/v2:computeRoutes")
        let record = try #require(run.extraction.records("routes").first)
        #expect(record.value("distance_m") == String(route.distance))
        #expect(record.value("duration_s") == String(route.duration))
        let points = record.texts("points")
        #expect(points.count == route.points.count)
        for (text, point) in zip(points, route.points) { #expect(DirectionsRoutesTests.near(text, point)) }
        let steps = record.list("steps")
        #expect(steps.count == route.steps.count)
        for (read, step) in zip(steps, route.steps) {
            #expect(read.value("instruction") == step.instruction + (step.note.map { " " + $0 } ?? ""))
            #expect(read.value("maneuver") == GoogleRoutesRenderer.maneuver(step.maneuver).lowercased().replacingOccurrences(of: "_", with: "-"))
            #expect(DirectionsRoutesTests.near(read.value("location"), step.start, within: 0.000_001))
            #expect(read.value("distance_m") == String(step.distance))
            #expect(read.value("duration_s") == String(step.duration))
        }
        #expect(run.extraction.diagnostics.isEmpty, "\(run.extraction.diagnostics)")
    }

    @Test func theMaskKeepsOnlyWhatItNames() throws {
        let body = #"{"origin":{"location":{"latLng":{"latitude":46.94809,"longitude":7.44744}}},"destination":{"address":"Zürich"}}"#
        let all = try Self.post(body, mask: "*")
        let full = try #require((all.json["routes"] as? [[String: Any]])?.first)
        #expect(Set(full.keys) == [
            "legs", "distanceMeters", "duration", "staticDuration", "polyline", "description", "viewport", "travelAdvisory", "localizedValues",
            "routeLabels",
        ])
        #expect((full["duration"] as? String)?.hasSuffix("s") == true && full["routeLabels"] as? [String] == ["DEFAULT_ROUTE"])
        // The route's own mask: the route's totals and polyline, and five fields of every step.
        let run = try Run(Self.parameters(P.bern.coordinate, P.zurich.coordinate))
        let route = try #require((try run.json["routes"] as? [[String: Any]])?.first)
        #expect(Set(route.keys) == ["legs", "distanceMeters", "duration", "polyline"])
        let steps = try #require(((route["legs"] as? [[String: Any]])?.first)?["steps"] as? [[String: Any]])
        #expect(!steps.isEmpty && steps.allSatisfy {
            Set($0.keys) == ["distanceMeters", "staticDuration", "startLocation", "navigationInstruction"]
        })
        // snake_case names, spaces, a path through a repeated field, and a path below a plain value.
        let some = try Self.post(body, mask: "routes.duration, routes.legs.steps.distance_meters,routes.distanceMeters.units")
        let trimmed = try #require((some.json["routes"] as? [[String: Any]])?.first)
        #expect(Set(trimmed.keys) == ["duration", "legs"])
        let trimmedSteps = ((trimmed["legs"] as? [[String: Any]])?.first)?["steps"] as? [[String: Any]] ?? []
        #expect(!trimmedSteps.isEmpty && trimmedSteps.allSatisfy { Set($0.keys) == ["distanceMeters"] })
        // A path that names nothing keeps nothing.
        #expect(try Self.post(body, mask: "geocodingResults").json.isEmpty)
    }

    @Test func keysAndMasksAreRefusedAsGoogleRefusesThem() throws {
        let body = #"{"origin":{"address":"Bern"},"destination":{"address":"Thun"}}"#
        for key in [nil, ""] as [String?] {
            let missing = try Self.post(body, key: key)
            #expect(missing.status == 403)
            #expect(Self.error(missing.json) == (403, "PERMISSION_DENIED", "The request is missing a valid API key."))
        }
        for key in ["not a key", "k\"ey", String(repeating: "k", count: 101), "ключ"] {
            let bad = try Self.post(body, key: key)
            #expect(bad.status == 400 && Self.error(bad.json).status == "INVALID_ARGUMENT", "\(key)")
            let details = (bad.json["error"] as? [String: Any])?["details"] as? [[String: Any]]
            #expect(details?.first?["reason"] as? String == "API_KEY_INVALID")
        }
        for mask in [nil, "", "  "] as [String?] {
            let missing = try Self.post(body, mask: mask)
            #expect(missing.status == 400 && Self.error(missing.json).message?.hasPrefix("FieldMask is a required parameter.") == true)
        }
        for mask in ["routes..duration", "routes.dura tion", "routes,", ".routes", "routes.€", String(repeating: "a,", count: 3000)] {
            let bad = try Self.post(body, mask: mask)
            #expect(bad.status == 400 && Self.error(bad.json).status == "INVALID_ARGUMENT", "\(mask.prefix(20))")
        }
        // Through the route: both are the key's refusal, upstream_rejected.
        for key in ["", "a bad key"] {
            let run = try Run(Self.parameters(P.bern.coordinate, P.thun.coordinate), key: key)
            #expect(run.extraction.failure?.code == "upstream_rejected" && run.extraction.failure?.kind == .fault, "\(key)")
            #expect(run.extraction.failure?.message.contains("key") == true)
        }
    }

    @Test func bodiesThatAreNotRequestsGetInvalidArgument() throws {
        let bodies = [
            "", "not json", "[1, 2]", "\"a string\"", #"{"origin": "#, #"{"origin":{"address":"Bern"}}"#,
            #"{"origin":{"address":"Bern"},"destination":{"address":"Thun"},"colour":"red"}"#,
            #"{"origin":{"address":"Bern"},"destination":{"address":"Thun"},"travelMode":"WALK"}"#,
            #"{"origin":{"location":{"latLng":{"latitude":91,"longitude":7}}},"destination":{"address":"Thun"}}"#,
            #"{"origin":{"location":{"latLng":{"latitude":"north","longitude":7}}},"destination":{"address":"Thun"}}"#,
            #"{"origin":{"location":{"latLng":{"latitude":1e999,"longitude":7}}},"destination":{"address":"Thun"}}"#,
            #"{"origin":{"placeId":"ChIJW6AIkVXemwARTtIvZ2xC3FA"},"destination":{"address":"Thun"}}"#,
            String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000),
            "{\"origin\":{\"address\":\"Bern\u{0}\"}",
        ]
        for body in bodies {
            let answer = try Self.post(body)
            #expect(answer.status == 400, "\(body.prefix(60))")
            #expect(Self.error(answer.json).code == 400 && Self.error(answer.json).status == "INVALID_ARGUMENT", "\(body.prefix(60))")
            #expect(Self.error(answer.json).message?.isEmpty == false)
        }
        #expect(Self.error(try Self.post(#"{"origin":{"address":"Bern"}}"#).json).message == "Origin and destination must be set.")
        // Numbers as strings and snake_case names, as proto3 JSON allows.
        let loose = try Self.post(#"{"origin":{"location":{"lat_lng":{"latitude":"46.94809","longitude":"7.44744"}}},"destination":{"address":"Thun"},"travel_mode":"DRIVE"}"#)
        #expect(loose.status == 200 && (loose.json["routes"] as? [Any])?.count == 1)
    }

    @Test func noRoadIsAnEmptyObjectAndTheSamePlaceIsOneStepWithoutADistance() throws {
        let ocean = try Run(Self.parameters(P.bern.coordinate, P.newYork.coordinate))
        #expect(ocean.answer.status == 200 && String(decoding: ocean.answer.body, as: UTF8.self) == "{}\n")
        #expect(ocean.extraction.failure?.code == "no_route" && ocean.extraction.failure?.kind == .answer)
        let unknown = try Self.post(#"{"origin":{"address":"Atlantis"},"destination":{"address":"Bern"}}"#)
        #expect(unknown.status == 200 && unknown.json.isEmpty)
        let same = try Run(Self.parameters(P.bern.coordinate, P.bern.coordinate))
        let route = try #require((try same.json["routes"] as? [[String: Any]])?.first)
        #expect(route["distanceMeters"] == nil)
        let record = try #require(same.extraction.records("routes").first)
        #expect(record.value("distance_m") == "0" && record.list("steps").count == 1)
        #expect(record.list("steps").first?.value("distance_m") == "0")
    }

    @Test func aCoordinateOfZeroLeftOutReadsAsZero() throws {
        let route = try #require(TestTimetable.routes["google-routes"])
        let body = #"{"routes":[{"distanceMeters":5,"duration":"7s","polyline":{"encodedPolyline":"??_ibE_ibE"},"legs":[{"steps":[{"startLocation":{"latLng":{"longitude":9.5}}},{"startLocation":{"latLng":{"latitude":-1.25}}},{"startLocation":{}}]}]}]}"#
        let extraction = Extractor.run(route, body: Array(body.utf8), parameters: Self.parameters(P.bern.coordinate, P.thun.coordinate))
        let record = try #require(extraction.records("routes").first)
        #expect(record.texts("points") == ["0,0", "1,1"])
        // A step without any location is dropped (and noted); the others read 0 for the missing coordinate.
        #expect(record.list("steps").map { $0.value("location") } == ["0,9.5", "-1.25,0"])
        // The simulator leaves zeros out the same way.
        #expect(GoogleRoutesRenderer.latLng(GeoPoint(0, 9.5)).text(indent: 0) == #"{"longitude":9.5}"#)
        #expect(GoogleRoutesRenderer.latLng(GeoPoint(-1.25, 0.000_000_01)).text(indent: 0) == #"{"latitude":-1.25}"#)
    }
}
