import Model

/// api.weather.gov over the weather model, on its real paths:
/// `GET /points/{lat},{lon}` (the point's grid point, links to its forecasts, its place and
/// zone), `GET /gridpoints/{office}/{x},{y}/forecast` (14 named 12-hour periods) and
/// `GET /gridpoints/{office}/{x},{y}/forecast/hourly` (156 hours), each with `?units=si|us`.
///
/// The links in the answers are absolute and start with the origin the request came to (its
/// `Host`), or the sandbox's own, so that the forecasts are fetched from the same server. As the
/// API does, it refuses a request without a `User-Agent` (403, the HTML page of its front end),
/// redirects a point with more than four decimals to the rounded one (301), and answers
/// problem+json 404 for a point outside the United States and for a grid point no points answer
/// gives (``NWSGridPoint``), 400 for a malformed point or parameter.
///
/// ```swift
/// let nws = NWSAPISimulator(places: places, now: { 1_784_116_800 })
/// var headers = HTTPHeaders(); headers.add("User-Agent", "(acmeweather.example, support@acmeweather.example)")
/// nws.respond(to: WebRequest(path: "/points/38.8894,-77.0352", headers: headers), origin: "http://127.0.0.1:8081").status  // 200
/// ```
public struct NWSAPISimulator: WeatherAPISimulator {
    /// The points path's prefix.
    public static let pointsPrefix = "/points/"
    /// The grid points' prefix.
    public static let gridPrefix = "/gridpoints/"
    /// How far a point's nearest place may be for the point to count as in the United States, m.
    static let reach = 200_000.0
    /// The countries the NWS forecasts for: the states and Puerto Rico.
    static let countries: Set<String> = ["US", "PR"]

    /// What it answers from; the points find their place, state and zone among its places.
    public let weather: SimulatedWeather

    /// A service answering from `weather`.
    public init(weather: SimulatedWeather) {
        self.weather = weather
    }

    /// The answer to a GET; `origin` (`http://host:port`) is where the request was sent, the
    /// start of every link in the answer.
    public func respond(to request: WebRequest, origin: String) -> WebAnswer {
        guard UserAgent.isPresent(request.headers["User-Agent"]) else { return Self.accessDenied(request.path) }
        let seed = request.path + "?" + String(request.query ?? "") + "@" + String(now())
        func problem(_ problem: NWSProblem, headers: [(name: String, value: String)] = []) -> WebAnswer {
            WebAnswer(status: problem.status, contentType: "application/problem+json", body: problem.body(origin: origin, correlationSeed: seed), headers: headers)
        }
        guard let query = try? WebQuery(request.query) else { return .tooLong }
        if request.path.hasPrefix(Self.pointsPrefix) {
            let text = WebQuery.decode(request.path.utf8.dropFirst(Self.pointsPrefix.utf8.count), plusIsSpace: false)
            switch point(text) {
            case .success(let info):
                return WebAnswer(status: 200, contentType: "application/geo+json", body: NWSRenderer.point(info, origin: origin))
            case .failure(let refusal):
                let location = refusal.location.map { [(name: "Location", value: origin + Self.pointsPrefix + $0)] } ?? []
                return problem(refusal.problem, headers: location)
            }
        }
        guard let forecast = Self.gridRequest(request.path) else { return problem(.notFound) }
        let si: Bool
        switch query["units"] ?? "us" {
        case "si": si = true
        case "us": si = false
        case let other: return problem(.invalidParameter("Query parameter \"units\" is invalid: '\(MetNoSimulator.clipped(other))' must be one of: us, si"))
        }
        guard let grid = forecast.grid else { return problem(.invalidPoint(Self.gridText(request.path))) }
        let hourly = forecast.hourly
        let centre = grid.centre
        guard let place = usPlace(centre) else { return problem(.invalidPoint(Self.gridText(request.path))) }
        let instant = now()
        let forecaster = NWSForecaster(model: model, point: centre, zone: PlaceZone(place.timeZone ?? "", longitude: place.longitude), si: si)
        let info = NWSRenderer.ForecastInfo(grid: grid, hourly: hourly, si: si, generated: instant, updated: MetNoTimeline.floor(instant, 3600))
        let periods = hourly ? forecaster.hourly(now: instant) : forecaster.periods(now: instant)
        return WebAnswer(status: 200, contentType: "application/geo+json", body: NWSRenderer.forecast(info, periods: periods))
    }

    // MARK: Points

    /// Why a point was refused: the problem, and for a too precise one where to go instead.
    struct PointRefusal: Error {
        let problem: NWSProblem
        var location: String?
    }

    /// The answer's facts about a point given as `lat,lon`, or why there are none.
    func point(_ text: String) -> Result<NWSRenderer.PointInfo, PointRefusal> {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        let invalid = PointRefusal(problem: .invalidParameter(
            "Parameter \"point\" is invalid: '\(MetNoSimulator.clipped(text))' does not appear to be a valid coordinate"))
        guard parts.count == 2, let latitude = DecimalText(parts[0]), let longitude = DecimalText(parts[1]),
            abs(latitude.value) <= 90, abs(longitude.value) <= 180
        else { return .failure(invalid) }
        guard latitude.decimals <= 4, longitude.decimals <= 4 else {
            let rounded = Fixed.short(latitude.value, 4) + "," + Fixed.short(longitude.value, 4)
            return .failure(PointRefusal(problem: .adjustPrecision, location: rounded))
        }
        guard let place = usPlace(GeoPoint(latitude.value, longitude.value)),
            let grid = NWSGridPoint(latitude: latitude.value, longitude: longitude.value)
        else { return .failure(PointRefusal(problem: .invalidPoint(text))) }
        let city = (try? places.places(near: latitude.value, longitude: longitude.value, withinKm: 100, minimumPopulation: 1000, limit: 1))?.first ?? place
        let zone = 1 + StableHash(city.name, city.admin ?? "").pick(99)
        return .success(NWSRenderer.PointInfo(
            point: GeoPoint(latitude.value, longitude.value), grid: grid, city: city, timeZone: place.timeZone ?? "", zone: zone))
    }

    /// The nearest place to a point when it is in the United States, or nil.
    func usPlace(_ point: GeoPoint) -> Place? {
        guard let place = try? places.nearest(latitude: point.latitude, longitude: point.longitude), Self.countries.contains(place.countryCode ?? ""),
            place.coordinate.meters(to: point) <= Self.reach
        else { return nil }
        return place
    }

    // MARK: Grid points

    /// The grid point and kind of a forecast path: nil when the path is not a forecast's, a nil
    /// grid point when it names none.
    static func gridRequest(_ path: String) -> (grid: NWSGridPoint?, hourly: Bool)? {
        guard path.hasPrefix(gridPrefix) else { return nil }
        let parts = path.dropFirst(gridPrefix.count).split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3 || parts.count == 4, parts[2] == "forecast", parts.count == 3 || parts[3] == "hourly" else { return nil }
        let numbers = parts[1].split(separator: ",", omittingEmptySubsequences: false)
        guard numbers.count == 2, numbers.allSatisfy({ $0.utf8.count <= 4 }), let x = Int(numbers[0]), let y = Int(numbers[1]) else {
            return (nil, parts.count == 4)
        }
        return (NWSGridPoint(office: String(parts[0]), x: x, y: y), parts.count == 4)
    }

    /// The grid point's part of a path, as the problem's detail repeats it.
    static func gridText(_ path: String) -> String {
        let parts = path.dropFirst(gridPrefix.count).split(separator: "/")
        return MetNoSimulator.clipped(parts.prefix(2).joined(separator: "/"))
    }

    // MARK: Without a User-Agent

    /// The front end's refusal of a request without a `User-Agent`: an HTML page, not problem+json.
    static func accessDenied(_ path: String) -> WebAnswer {
        let escaped = MetNoSimulator.clipped(path).map { $0 == "&" ? "&amp;" : $0 == "<" ? "&lt;" : $0 == "\"" ? "&quot;" : String($0) }.joined()
        let page = """
            <HTML><HEAD>
            <TITLE>Access Denied</TITLE>
            </HEAD><BODY>
            <H1>Access Denied</H1>
             You don't have permission to access "\(escaped)" on this server.<P>
            A User-Agent header naming your application is required.
            </BODY>
            </HTML>

            """
        return WebAnswer(status: 403, contentType: "text/html", body: Array(page.utf8))
    }
}
