import Foundation
import HTTPTesting
@testable import Sandbox
import Testing

/// Google Routes' computeRoutes and Photon's paths of the sandbox server over loopback: what
/// libcurl gets is what the simulators answer, with the key and the field mask read from the
/// headers or the query as Google reads them.
@Suite("Google Routes and Photon in the sandbox server")
struct ComputeRoutesSandboxServerTests {
    typealias P = TestPlaces

    static let body = #"{"origin":{"location":{"latLng":{"latitude":46.94809,"longitude":7.44744}}},"destination":{"address":"Zürich"},"travelMode":"DRIVE"}"#

    @Test func computeRoutesAnswersThePOSTWithHeadersOrParameters() async throws {
        let sandbox = try GeocodingSandboxServerTests.sandbox()
        let url = sandbox.origin + DirectionsSimulator.googleRoutesPath
        let expected = DirectionsSimulator(model: P.model).computeRoutes(body: Array(Self.body.utf8), key: "k", fieldMask: "routes.duration")
        let headers = [("Content-Type", "application/json"), ("X-Goog-Api-Key", "k"), ("X-Goog-FieldMask", "routes.duration")]
        let byHeaders = try await offPool { try HTTPTestClient().send("POST", url, headers: headers, body: Array(Self.body.utf8)) }
        #expect(byHeaders.status == 200 && byHeaders.body == expected.body)
        #expect(byHeaders.header("Content-Type") == "application/json; charset=UTF-8")
        #expect(String(decoding: byHeaders.body, as: UTF8.self).contains("\"duration\": \""))
        let byQuery = try await offPool {
            try HTTPTestClient().send("POST", url + "?key=k&fields=routes.duration", headers: [("Content-Type", "application/json")], body: Array(Self.body.utf8))
        }
        #expect(byQuery.status == 200 && byQuery.body == expected.body)
        // The same body with another key is another answer: the key is part of what is kept.
        let noKey = try await offPool { try HTTPTestClient().send("POST", url, headers: [("X-Goog-FieldMask", "*")], body: Array(Self.body.utf8)) }
        #expect(noKey.status == 403 && String(decoding: noKey.body, as: UTF8.self).contains("PERMISSION_DENIED"))
        let badKey = try await offPool {
            try HTTPTestClient().send("POST", url, headers: [("X-Goog-Api-Key", "not a key"), ("X-Goog-FieldMask", "*")], body: Array(Self.body.utf8))
        }
        #expect(badKey.status == 400 && String(decoding: badKey.body, as: UTF8.self).contains("API_KEY_INVALID"))
        // Only POST: a GET of the path is not served.
        let get = try await offPool { try HTTPTestClient().send(url + "?key=k") }
        #expect(get.status == 405)
        await sandbox.shutdown()
    }

    @Test func photonSearchAndReverseAnswerOnTheirPaths() async throws {
        let sandbox = try GeocodingSandboxServerTests.sandbox()
        let geocoding = GeocodingSimulator(places: P.source, now: { P.july15 })
        for (path, query) in [
            (GeocodingSimulator.photonSearchPath, "q=Bern&limit=3"), (GeocodingSimulator.reversePath, "lat=46.95&lon=7.45"),
            (GeocodingSimulator.photonSearchPath, "limit=3"),
        ] {
            let expected = geocoding.respond(path: path, query: Substring(query))
            let response = try await offPool { try HTTPTestClient().send(sandbox.origin + path + "?" + query) }
            #expect(response.status == expected.status && response.body == expected.body, "\(path)?\(query)")
            #expect(response.header("Content-Type") == expected.contentType)
        }
        await sandbox.shutdown()
    }

    @Test func withoutPlacesComputeRoutesAnswers503() async throws {
        let sandbox = try GeocodingSandboxServerTests.sandbox(places: nil)
        let response = try await offPool {
            try HTTPTestClient().send("POST", sandbox.origin + DirectionsSimulator.googleRoutesPath, headers: [("X-Goog-Api-Key", "k")], body: Array("{}".utf8))
        }
        #expect(response.status == 503)
        await sandbox.shutdown()
    }
}
