import Model

/// The weather APIs over a ``WeatherModel`` and a ``PlaceSource``, each on its real path and at
/// the clock's instant: yr.no's `GET /place/{country}/{region}/[{area}/]{place}/forecast.xml`,
/// Google's `GET /ig/api?weather=…&hl=…` and the NWS's
/// `GET /xml/sample_products/browser_interface/ndfdBrowserClientByDay.php?lat=…&lon=…&format=24+hourly&numDays=N`.
///
/// ```swift
/// let service = WeatherSimulator(places: places, now: { 1_780_000_000 })
/// service.respond(path: "/place/Switzerland/Bern/Bern/forecast.xml", query: nil).status   // 200
/// ```
public struct WeatherSimulator: WeatherAPISimulator {
    /// The prefix of yr.no's place paths.
    public static let yrPrefix = "/place/"
    /// Google's weather path.
    public static let googlePath = "/ig/api"
    /// The NWS byDay DWML path.
    public static let nwsPath = "/xml/sample_products/browser_interface/ndfdBrowserClientByDay.php"
    /// How many six-hour periods yr's forecast gives (nine days).
    static let yrPeriods = 36

    /// What it answers from: the places, the weather, the clock.
    public let weather: SimulatedWeather

    /// A service answering from `weather`.
    public init(weather: SimulatedWeather) {
        self.weather = weather
    }

    /// The answer to a GET of `path` with a raw (still percent-encoded) query.
    public func respond(path: String, query: Substring?) -> WebAnswer {
        if path.hasPrefix(Self.yrPrefix) { return yr(path: path) }
        if path == Self.googlePath { return google(query) }
        if path == Self.nwsPath { return nws(query) }
        return .notFound
    }

    /// The offset of a place's zone at an instant.
    func offset(_ place: Place, at instant: Int64) -> Int {
        ZoneOffset.seconds(place.timeZone ?? "", at: instant, longitude: place.longitude)
    }

    /// The instant a local wall time of a place names (the earlier one in a repeated hour).
    func instant(_ local: LocalDateTime, in place: Place) -> Int64 {
        let guess = local.wallSeconds - Int64(offset(place, at: local.wallSeconds))
        return local.wallSeconds - Int64(offset(place, at: guess))
    }

    // MARK: yr.no

    /// yr's place for the parts of a path, or nil.
    func yrPlace(_ parts: [String]) -> Place? {
        guard parts.count == 3 || parts.count == 4 else { return nil }
        let country = PlaceName.folded(parts[0]), region = PlaceName.folded(parts[1])
        return (try? places.search(parts[parts.count - 1], limit: 50))?.first { place in
            PlaceName.folded(place.country ?? "") == country
                && (PlaceName.folded(place.adminName ?? "") == region || PlaceName.folded(place.admin ?? "") == region)
        }
    }

    func yr(path: String) -> WebAnswer {
        let notFound = WebAnswer(status: 404, contentType: "text/html; charset=utf-8", body: YrRenderer.notFound)
        guard path.utf8.count <= WebQuery.maximumLength, path.hasSuffix("/forecast.xml") else { return notFound }
        let inner = path.dropFirst(Self.yrPrefix.count).dropLast("/forecast.xml".count)
        let parts = inner.split(separator: "/", omittingEmptySubsequences: false).map {
            String(WebQuery.decode($0.utf8, plusIsSpace: false).map { $0 == "_" ? " " : $0 })
        }
        guard let place = yrPlace(parts) else { return notFound }
        let issued = now()
        let utcOffset = offset(place, at: issued)
        let local = LocalDateTime(wallSeconds: issued + Int64(utcOffset))
        let lastUpdate = LocalDateTime(date: local.date, secondOfDay: local.secondOfDay / 3600 * 3600)
        var start = LocalDateTime(date: local.date, secondOfDay: local.hour / 6 * 6 * 3600)
        var periods: [YrRenderer.Period] = []
        for _ in 0..<Self.yrPeriods {
            let end = LocalDateTime(wallSeconds: start.wallSeconds + 6 * 3600)
            periods.append(yrPeriod(place, from: start, to: end))
            start = end
        }
        let body = YrRenderer.forecast(
            place, path: parts, utcOffset: utcOffset, lastUpdate: lastUpdate,
            nextUpdate: LocalDateTime(wallSeconds: lastUpdate.wallSeconds + 6 * 3600), periods: periods)
        return WebAnswer(status: 200, contentType: "text/xml; charset=utf-8", body: body)
    }

    /// One six-hour period: the temperature and wind at its start, the symbol at its middle,
    /// the precipitation summed over it.
    func yrPeriod(_ place: Place, from: LocalDateTime, to: LocalDateTime) -> YrRenderer.Period {
        let at = instant(from, in: place)
        let summary = model.summary(latitude: place.latitude, longitude: place.longitude, from: at, hours: 6, conditionHour: 3)
        return YrRenderer.Period(
            from: from, to: to, index: from.hour / 6, symbol: summary.condition, daytime: summary.daytime,
            precipitation: summary.precipitation, reading: model.reading(latitude: place.latitude, longitude: place.longitude, at: at))
    }

    // MARK: Google

    func google(_ raw: Substring?) -> WebAnswer {
        let problem = WebAnswer(status: 200, contentType: "text/xml; charset=utf-8", body: GoogleWeatherRenderer.problem())
        guard let query = try? WebQuery(raw), let text = query["weather"], !text.isEmpty else { return problem }
        let language = String((query["hl"] ?? "en").prefix(8))
        var coordinate: GeoPoint?
        let place: Place?
        if text.hasPrefix(",,,") {
            let numbers = text.dropFirst(3).split(separator: ",", omittingEmptySubsequences: false)
            guard numbers.count == 2, let lat = Int(numbers[0]), let lon = Int(numbers[1]),
                let point = WebQuery.coordinate("\(Double(lat) / 1_000_000),\(Double(lon) / 1_000_000)")
            else { return problem }
            coordinate = point
            place = (try? places.nearest(latitude: point.latitude, longitude: point.longitude)).flatMap { $0.coordinate.meters(to: point) < 100_000 ? $0 : nil }
        } else {
            place = (try? places.search(text, limit: 1))?.first
        }
        guard let place else { return problem }
        let body = googleForecast(place, query: text, coordinate: coordinate, language: language)
        return WebAnswer(status: 200, contentType: "text/xml; charset=utf-8", body: body)
    }

    func googleForecast(_ place: Place, query: String, coordinate: GeoPoint?, language: String) -> [UInt8] {
        let issued = now()
        let point = coordinate ?? place.coordinate
        let utcOffset = offset(place, at: issued)
        let today = LocalDateTime(wallSeconds: issued + Int64(utcOffset)).date
        let days = (0..<4).map { index -> GoogleWeatherRenderer.Day in
            let date = today.adding(days: index)
            let midnight = instant(LocalDateTime(date: date, secondOfDay: 0), in: place)
            return GoogleWeatherRenderer.Day(
                weekday: date.weekday,
                summary: model.summary(latitude: point.latitude, longitude: point.longitude, from: midnight, hours: 24, conditionHour: 14))
        }
        let city = [place.name, place.admin ?? place.country ?? ""].joined(separator: ", ")
        return GoogleWeatherRenderer.forecast(
            city: city, postalCode: query, coordinate: coordinate, date: today, observed: LocalDateTime(wallSeconds: issued / 60 * 60),
            current: model.reading(latitude: point.latitude, longitude: point.longitude, at: issued), days: days, language: language)
    }

    // MARK: NWS

    func nws(_ raw: Substring?) -> WebAnswer {
        func answer(_ body: [UInt8]) -> WebAnswer { WebAnswer(status: 200, contentType: "text/xml", body: body) }
        guard let query = try? WebQuery(raw) else { return answer(DWMLRenderer.error(latitude: "", longitude: "")) }
        let latText = String((query["lat"] ?? "").prefix(32)), lonText = String((query["lon"] ?? "").prefix(32))
        let count = Int(query["numDays"] ?? "7") ?? 0
        guard let point = WebQuery.coordinate(latText + "," + lonText), (1...7).contains(count),
            let place = try? places.nearest(latitude: point.latitude, longitude: point.longitude), place.countryCode == "US",
            place.coordinate.meters(to: point) < 200_000
        else { return answer(DWMLRenderer.error(latitude: latText, longitude: lonText)) }
        return answer(nwsForecast(point, place: place, days: count))
    }

    func nwsForecast(_ point: GeoPoint, place: Place, days count: Int) -> [UInt8] {
        let issued = now()
        let today = LocalDateTime(wallSeconds: issued + Int64(offset(place, at: issued))).date
        let days = (0..<count).map { index -> DWMLRenderer.Day in
            let start = instant(LocalDateTime(date: today.adding(days: index), secondOfDay: 6 * 3600), in: place)
            let evening = instant(LocalDateTime(date: today.adding(days: index), secondOfDay: 18 * 3600), in: place)
            let halves = [start, evening].map { at in
                (Moment(instant: at, utcOffset: offset(place, at: at)),
                 model.summary(latitude: point.latitude, longitude: point.longitude, from: at, hours: 12, conditionHour: 6))
            }
            return DWMLRenderer.Day(
                start: Moment(instant: start, utcOffset: offset(place, at: start)),
                day: model.summary(latitude: point.latitude, longitude: point.longitude, from: start, hours: 24, conditionHour: 8), halves: halves)
        }
        let created = LocalDateTime(wallSeconds: issued).description + "Z"
        return DWMLRenderer.forecast(latitude: point.latitude, longitude: point.longitude, created: created, days: days)
    }
}
