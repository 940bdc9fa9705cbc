import Kernel

/// MET Norway's Locationforecast 2.0 over the weather model, on its real path:
/// `GET /weatherapi/locationforecast/2.0/compact?lat=…&lon=…[&altitude=…]`, answered in the
/// `compact` GeoJSON (``MetNoRenderer``, ``MetNoTimeline``).
///
/// The service's terms, enforced as MET enforces them (api.met.no/doc/TermsOfService, /doc/FAQ,
/// /doc/StatusCodes): 403 without an identifying `User-Agent` (``UserAgent``) and for
/// coordinates with more than four decimals; 400 (an HTML page) for a missing, malformed or
/// out-of-range parameter. The forecast is updated every hour, ``updateMinute`` past, on the
/// injected clock: `updated_at` and `Last-Modified` name the update, `Expires` the next one, and
/// an `If-Modified-Since` not older than the update gets 304 without a body.
///
/// ```swift
/// let metno = MetNoSimulator(now: { 1_784_116_800 })
/// var headers = HTTPHeaders(); headers.add("User-Agent", "acmeweather.example support@acmeweather.example")
/// metno.respond(to: WebRequest(path: MetNoSimulator.compactPath, query: "lat=59.9139&lon=10.7522", headers: headers)).status  // 200
/// ```
public struct MetNoSimulator: Sendable {
    /// The compact product's path.
    public static let compactPath = "/weatherapi/locationforecast/2.0/compact"
    /// The forecast's updates: every hour, this many seconds past the hour (27 min 6 s, as the
    /// 2026 sample's `updated_at`).
    static let updateMinute: Int64 = 27 * 60 + 6
    /// How far the altitude may be from sea level, metres (the Dead Sea shore to above Everest).
    static let altitudeRange = -500...9000
    /// The temperature's fall with height, °C per metre, by which `altitude` moves the model's
    /// sea-level temperature ("used to adjust temperature according to elevation").
    static let lapseRate = 0.0065

    /// The weather.
    public let model: WeatherModel
    private let now: @Sendable () -> Int64

    /// A service over the model, with a clock giving seconds since 1970.
    public init(model: WeatherModel = WeatherModel(), now: @escaping @Sendable () -> Int64) {
        self.model = model
        self.now = now
    }

    /// The last update at or before `instant`, and the next one (when the answer expires).
    static func updates(at instant: Int64) -> (updated: Int64, next: Int64) {
        let updated = MetNoTimeline.floor(instant - updateMinute, 3600) + updateMinute
        return (updated, updated + 3600)
    }

    /// The answer to a GET.
    public func respond(to request: WebRequest) -> WebAnswer {
        guard request.path == Self.compactPath else {
            return Self.error(404, "Not Found", "No such product: \(Self.clipped(request.path)).")
        }
        guard UserAgent.isIdentifying(request.headers["User-Agent"]) else {
            return Self.error(403, "Forbidden", "Identify your application in the User-Agent header (see https://api.met.no/doc/TermsOfService).")
        }
        guard let query = try? WebQuery(request.query) else { return .tooLong }
        let point: (latitude: Double, longitude: Double, altitude: Int?)
        switch Self.point(query) {
        case .success(let read): point = read
        case .failure(let refusal): return refusal.answer
        }
        let instant = now()
        let (updated, next) = Self.updates(at: instant)
        let dates = [("Last-Modified", HTTPDate.text(updated)), ("Expires", HTTPDate.text(next))]
        if let since = request.headers["If-Modified-Since"].flatMap(HTTPDate.instant), since >= updated {
            return WebAnswer(status: 304, contentType: "", body: [], headers: dates)
        }
        let body = forecast(latitude: point.latitude, longitude: point.longitude, altitude: point.altitude, now: instant, updated: updated)
        return WebAnswer(status: 200, contentType: "application/json", body: body, headers: dates)
    }

    /// The compact answer for a point at `now`, from the update of `updated`.
    func forecast(latitude: Double, longitude: Double, altitude: Int?, now: Int64, updated: Int64) -> [UInt8] {
        let timeline = MetNoTimeline(now: now, updated: updated)
        let first = timeline.steps[0], last = timeline.steps[timeline.steps.count - 1]
        let hours = HourlyReadings(model: model, latitude: latitude, longitude: longitude, from: first, hours: Int((last - first) / 3600) + 12)
        let steps = timeline.steps.map { time in
            let reading = hours[time]
            let periods = timeline.periods(at: time).map { length in
                let period = hours.period(from: time, hours: length)
                let symbol = period.condition.metNoSymbol(
                    daytime: period.representative.daytime, cloudCover: period.representative.cloudCover,
                    millimetresPerHour: period.millimetresPerHour)
                return (hours: length, symbol: symbol, precipitation: period.precipitation)
            }
            return MetNoRenderer.Step(
                time: time, instant: reading, temperature: Self.temperature(reading.temperature, altitude: altitude), periods: periods)
        }
        return MetNoRenderer.forecast(latitude: latitude, longitude: longitude, altitude: altitude ?? 0, updated: updated, steps: steps)
    }

    /// The model's sea-level temperature moved to an altitude, one decimal.
    static func temperature(_ celsius: Double, altitude: Int?) -> Double {
        guard let altitude else { return celsius }
        return ((celsius - lapseRate * Double(altitude)) * 10).rounded() / 10
    }

    // MARK: The request

    /// Why a request was refused, as MET answers it.
    struct Refusal: Error {
        let answer: WebAnswer
    }

    /// The point a query asks for, or the answer refusing it.
    static func point(_ query: WebQuery) -> Result<(latitude: Double, longitude: Double, altitude: Int?), Refusal> {
        var values: [Double] = []
        for (name, range) in [("lat", -90.0...90.0), ("lon", -180.0...180.0)] {
            guard let text = query[name], !text.isEmpty else {
                return .failure(Refusal(answer: error(400, "Bad Request", "Missing parameter: \(name).")))
            }
            guard let number = DecimalText(text) else {
                return .failure(Refusal(answer: error(400, "Bad Request", "Parameter \(name) is not a number: \(clipped(text)).")))
            }
            guard number.decimals <= 4 else {
                return .failure(Refusal(answer: error(
                    403, "Forbidden", "Parameter \(name) has more than 4 decimals; truncate coordinates (see https://api.met.no/doc/TermsOfService).")))
            }
            guard range.contains(number.value) else {
                return .failure(Refusal(answer: error(
                    400, "Bad Request", "Parameter \(name) is out of range: \(text) (from \(Int(range.lowerBound)) to \(Int(range.upperBound))).")))
            }
            values.append(number.value)
        }
        var altitude: Int?
        if let text = query["altitude"], !text.isEmpty {
            guard let metres = Int(text), text.utf8.count <= 6, altitudeRange.contains(metres) else {
                return .failure(Refusal(answer: error(400, "Bad Request", "Parameter altitude must be whole metres from -500 to 9000: \(clipped(text)).")))
            }
            altitude = metres
        }
        return .success((values[0], values[1], altitude))
    }

    static func error(_ status: Int, _ title: String, _ message: String) -> WebAnswer {
        WebAnswer(status: status, contentType: "text/html; charset=utf-8", body: MetNoRenderer.errorPage(status: status, title: title, message: message))
    }

    /// At most 64 characters of a text echoed in a message.
    static func clipped(_ text: String) -> String {
        text.count <= 64 ? text : String(text.prefix(64)) + "…"
    }
}
