/// Open-Meteo's forecast API over the weather model, on its real path:
/// `GET /v1/forecast?latitude=…&longitude=…&hourly=a,b&daily=c,d&current=e&timezone=auto|NAME
/// &forecast_days=N[&temperature_unit=fahrenheit][&wind_speed_unit=…][&precipitation_unit=inch]
/// [&timeformat=unixtime][&current_weather=true]`.
///
/// The point is moved to its grid cell (``gridStep``), whose coordinates the answer gives, as
/// Open-Meteo answers with its model's grid point. Hourly values run from the local midnight of
/// the answer's day for `forecast_days` × 24 hours, daily ones summarise those days (extremes,
/// sums, the most severe WMO code, the sun's times), `current` is the quarter hour in progress;
/// local times use the zone's offset at the answer's instant throughout. A query the API would
/// refuse gets 400 and `{"error":true,"reason":…}` with its reason (``OpenMeteoQuery``).
public struct OpenMeteoSimulator: WeatherAPISimulator {
    /// The forecast path.
    public static let path = "/v1/forecast"
    /// The grid the answers snap to, degrees (about 2.8 km north to south).
    static let gridStep = 0.025
    /// `current`'s interval, seconds.
    static let currentInterval = 900

    /// What it answers from; `timezone=auto` finds the zone of the nearest of its places.
    public let weather: SimulatedWeather

    /// A service answering from `weather`.
    public init(weather: SimulatedWeather) {
        self.weather = weather
    }

    /// The answer to a GET.
    public func respond(to request: WebRequest) -> WebAnswer {
        guard request.path == Self.path else { return Self.refusal("Not Found", status: 404) }
        guard let raw = try? WebQuery(request.query) else { return .tooLong }
        let query: OpenMeteoQuery
        do {
            query = try OpenMeteoQuery(raw)
        } catch {
            return Self.refusal(error.reason, status: 400)
        }
        return WebAnswer(status: 200, contentType: "application/json; charset=utf-8", body: forecast(query))
    }

    /// The grid cell's centre of a coordinate.
    static func snapped(_ degrees: Double) -> Double {
        ((degrees / gridStep).rounded() * gridStep * 1_000_000).rounded() / 1_000_000
    }

    /// The zone's name and offset for an answer at `instant`.
    func zone(_ choice: OpenMeteoQuery.Zone, latitude: Double, longitude: Double, at instant: Int64) -> (name: String, offset: Int) {
        switch choice {
        case .gmt:
            return ("GMT", 0)
        case .auto:
            guard let place = (try? places.nearest(latitude: latitude, longitude: longitude)) else { return ("GMT", 0) }
            let zone = place.timeZone ?? "GMT"
            return (zone, ZoneOffset.seconds(zone, at: instant, longitude: place.longitude))
        case .named(let name):
            return (name, ZoneOffset.seconds(name, at: instant, longitude: longitude))
        }
    }

    /// The answer to a checked query at the clock's instant.
    func forecast(_ query: OpenMeteoQuery) -> [UInt8] {
        let instant = now()
        let latitude = Self.snapped(query.latitude), longitude = Self.snapped(query.longitude)
        let (zoneName, offset) = zone(query.zone, latitude: latitude, longitude: longitude, at: instant)
        let midnight = MetNoTimeline.floor(instant + Int64(offset), 86_400) - Int64(offset)
        let hours = HourlyReadings(model: model, latitude: latitude, longitude: longitude, from: midnight, hours: max(1, 24 * query.forecastDays))
        let units = query.units
        let quarter = MetNoTimeline.floor(instant, Int64(Self.currentInterval))
        let now = model.reading(latitude: latitude, longitude: longitude, at: quarter)
        var current: OpenMeteoRenderer.Columns?
        if !query.current.isEmpty {
            current = OpenMeteoRenderer.Columns(times: [quarter], columns: query.current.map { ($0.name, $0.variable.unit(units), [$0.variable.value(now, units)]) })
        }
        var currentWeather: OpenMeteoRenderer.Columns?
        if query.currentWeather {
            let legacy: [(String, OpenMeteoVariable)] = [
                ("temperature", .temperature), ("windspeed", .windSpeed), ("winddirection", .windDirection), ("is_day", .isDay), ("weathercode", .weatherCode),
            ]
            currentWeather = OpenMeteoRenderer.Columns(times: [quarter], columns: legacy.map { ($0.0, $0.1.unit(units), [$0.1.value(now, units)]) })
        }
        var hourly: OpenMeteoRenderer.Columns?
        if !query.hourly.isEmpty {
            let readings = query.forecastDays == 0 ? [] : hours.readings
            hourly = OpenMeteoRenderer.Columns(
                times: readings.indices.map { midnight + Int64($0) * 3600 },
                columns: query.hourly.map { column in (column.name, column.variable.unit(units), readings.map { column.variable.value($0, units) }) })
        }
        var daily: OpenMeteoRenderer.Columns?
        if !query.daily.isEmpty {
            let starts = (0..<query.forecastDays).map { midnight + Int64($0) * 86_400 }
            daily = OpenMeteoRenderer.Columns(
                times: starts,
                columns: query.daily.map { column in
                    (column.name, column.variable.unit(units), starts.map {
                        dailyValue(column.variable, hours.period(from: $0, hours: 24), dayStart: $0, latitude: latitude, longitude: longitude,
                                   offset: offset, units: units)
                    })
                })
        }
        let values = (currentWeather?.columns.count ?? 0) + (current?.columns.count ?? 0) + (hourly.map { $0.times.count * $0.columns.count } ?? 0) + (daily.map { $0.times.count * $0.columns.count } ?? 0)
        let frame = OpenMeteoRenderer.Frame(
            latitude: latitude, longitude: longitude, generationMilliseconds: 0.0625 + Double(values) / 4096, utcOffset: offset,
            timezone: zoneName, abbreviation: OpenMeteoRenderer.abbreviation(offset), units: units)
        return OpenMeteoRenderer.forecast(frame, currentWeather: currentWeather, current: current, hourly: hourly, daily: daily)
    }

    /// One day's value of a daily variable, formatted.
    func dailyValue(
        _ variable: OpenMeteoDailyVariable, _ day: PeriodWeather, dayStart: Int64, latitude: Double, longitude: Double, offset: Int, units: OpenMeteoUnits
    ) -> String {
        switch variable {
        case .temperatureMax: return units.temperature(day.high)
        case .temperatureMin: return units.temperature(day.low)
        case .precipitationSum: return units.precipitation(day.precipitation)
        case .precipitationHours: return JSONAnswer.decimal(Double(day.readings.filter { $0.precipitation > 0 }.count), 1)
        case .precipitationProbabilityMax: return String(day.precipitationChance)
        case .weatherCode: return String(day.readings.map(OpenMeteoVariable.weatherCode).max()!)
        case .windSpeedMax: return units.windSpeed(day.windRange.high)
        case .sunrise, .sunset:
            let date = LocalDateTime(wallSeconds: dayStart + Int64(offset)).date
            let sun = SunTimes(latitude: latitude, longitude: longitude, date: date)
            // In a polar night or day there is no rise or set: the day's midnight stands for both.
            let instant = (variable == .sunrise ? sun.rise : sun.set) ?? dayStart
            if units.unixTime { return String(instant) }
            return "\"" + OpenMeteoRenderer.local(instant, offset) + "\""
        }
    }

    static func refusal(_ reason: String, status: Int) -> WebAnswer {
        WebAnswer(status: status, contentType: "application/json; charset=utf-8", body: OpenMeteoRenderer.error(reason))
    }
}
