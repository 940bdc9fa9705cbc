import Kernel

/// api.weather.gov's errors: RFC 7807 `application/problem+json` documents with a correlation
/// id, a title, a problem type under `/problems/`, the status, a detail and the request's
/// instance, as the recorded 500 and 503 answers and the documented 400, 404 and 301 ones have them.
struct NWSProblem: Sendable {
    let status: Int
    let title: String
    /// The last part of the type's address (`InvalidPoint`).
    let type: String
    let detail: String

    /// A point outside the forecast area (outside the United States), or a grid point there is no forecast for.
    static func invalidPoint(_ point: String) -> NWSProblem {
        NWSProblem(status: 404, title: "Data Unavailable For Requested Point", type: "InvalidPoint",
                   detail: "Unable to provide data for requested point \(point)")
    }

    /// A parameter that is not what the API takes.
    static func invalidParameter(_ detail: String) -> NWSProblem {
        NWSProblem(status: 400, title: "Invalid Parameter", type: "InvalidParameter", detail: detail)
    }

    /// Coordinates with more than four decimals: answered with 301 to the rounded point.
    static let adjustPrecision = NWSProblem(
        status: 301, title: "Adjusting Precision Of Point Coordinate", type: "AdjustPointPrecision",
        detail: "The precision of latitude/longitude points is limited to 4 decimal digits for efficiency. The location attribute contains your request mapped to the nearest supported point. If your client supports it, you will be redirected.")

    /// A path the API does not serve.
    static let notFound = NWSProblem(status: 404, title: "Not Found", type: "NotFound", detail: "Not Found")

    /// The document, with a correlation id derived from the request (the same request at the same instant gets the same id).
    func body(origin: String, correlationSeed: String) -> [UInt8] {
        let id = String(StableHash(correlationSeed, detail).pick(Int(UInt32.max)), radix: 16)
        let correlationId = String(repeating: "0", count: max(0, 8 - id.count)) + id
        var json = JSONAnswer(indent: NWSRenderer.indent)
        json.object { json in
            json.string("correlationId", correlationId)
            json.string("title", title)
            json.string("type", "https://api.weather.gov/problems/" + type)
            json.integer("status", status)
            json.string("detail", detail)
            json.string("instance", origin + "/requests/" + correlationId)
        }
        return json.bytes
    }
}
