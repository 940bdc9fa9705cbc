public import Markup

/// The weather now at a place: `<current>`.
public struct CurrentWeather: Sendable, Hashable {
    /// The upstream's words and icon for the weather.
    public var sky: Sky
    public var temperature: Temperature?
    /// Relative humidity, percent.
    public var humidity: Int?

    /// Creates the conditions.
    public init(sky: Sky = Sky(), temperature: Temperature? = nil, humidity: Int? = nil) {
        self.sky = sky
        self.temperature = temperature
        self.humidity = humidity
    }

    /// What a `<current>` holds, declared once for its node and the schemas.
    public static let shape = Shape<CurrentWeather>.children(nil, [
        .fields(Sky.shape) { $0.sky },
        .optionalElement("temperature", Temperature.shape) { $0.temperature },
        .optional("humidity", .count) { $0.humidity },
    ])

    public var node: Node { Self.shape.node("current", self) }
}

/// One day's forecast: `<day>`.
public struct ForecastDay: Sendable, Hashable {
    /// The local date, YYYY-MM-DD.
    public var date: String
    /// The upstream's words and icon for the weather.
    public var sky: Sky
    public var low: Temperature?
    public var high: Temperature?
    /// Probability of precipitation, percent.
    public var precipitation: Int?
    /// Expected precipitation, millimetres.
    public var precipitationMM: Double?

    /// Creates a day.
    public init(
        date: String, sky: Sky = Sky(), low: Temperature? = nil, high: Temperature? = nil, precipitation: Int? = nil, precipitationMM: Double? = nil
    ) {
        self.date = date
        self.sky = sky
        self.low = low
        self.high = high
        self.precipitation = precipitation
        self.precipitationMM = precipitationMM
    }

    /// The day's members, for `<day>` and a route place's `<weather>`.
    public static let shape = Shape<ForecastDay>.children("Day", [
        .leaf("date", .date) { $0.date },
        .fields(Sky.shape) { $0.sky },
        .optionalElement("low", Temperature.shape) { $0.low },
        .optionalElement("high", Temperature.shape) { $0.high },
        .optional("precipitation", .count, summary: "Probability of precipitation, percent.") { $0.precipitation },
        .optional("precipitation_mm", .decimal) { $0.precipitationMM },
    ])

    public var node: Node { Self.shape.node("day", self) }
}

/// A period of the forecast shorter than a day (yr.no gives six-hour periods): `<hour>`.
public struct ForecastHour: Sendable, Hashable {
    /// Start and end, ISO 8601 with the place's offset.
    public var from: String
    public var to: String
    /// The start and end in seconds since 1970, for finding the period of an instant.
    public var start: Int64
    public var end: Int64
    /// The upstream's words and icon for the weather.
    public var sky: Sky
    public var temperature: Temperature?
    public var precipitationMM: Double?

    /// Creates a period.
    public init(
        from: String, to: String, start: Int64, end: Int64, sky: Sky = Sky(), temperature: Temperature? = nil, precipitationMM: Double? = nil
    ) {
        self.from = from
        self.to = to
        self.start = start
        self.end = end
        self.sky = sky
        self.temperature = temperature
        self.precipitationMM = precipitationMM
    }

    /// What an `<hour>` holds, declared once for its node and the schemas.
    public static let shape = Shape<ForecastHour>.children("Hour", [
        .leaf("from", .time) { $0.from },
        .leaf("to", .time) { $0.to },
        .fields(Sky.shape) { $0.sky },
        .optionalElement("temperature", Temperature.shape) { $0.temperature },
        .optional("precipitation_mm", .decimal) { $0.precipitationMM },
    ])

    public var node: Node { Self.shape.node("hour", self) }
}

/// What a weather upstream said of one place, in one shape whichever upstream said it.
public struct Forecast: Sendable, Hashable {
    /// The upstream's own name for the place, when it gives one.
    public var placeName: String?
    /// When the upstream made the forecast, as it says.
    public var generated: String?
    public var current: CurrentWeather?
    /// By date, earliest first.
    public var days: [ForecastDay]
    /// By start, earliest first; empty when the upstream gives days only.
    public var hours: [ForecastHour]
    /// The attribution the upstream's licence asks for, as its route gives it.
    public var credit: String?

    /// Creates a forecast.
    public init(
        placeName: String? = nil, generated: String? = nil, current: CurrentWeather? = nil, days: [ForecastDay], hours: [ForecastHour] = [],
        credit: String? = nil
    ) {
        self.placeName = placeName
        self.generated = generated
        self.current = current
        self.days = days
        self.hours = hours
        self.credit = credit
    }

    /// The day with this date.
    public func day(_ date: String) -> ForecastDay? { days.first { $0.date == date } }

    /// The period an instant (seconds since 1970) falls in.
    public func hour(at instant: Int64) -> ForecastHour? { hours.first { $0.start <= instant && instant < $0.end } }
}

/// One place's forecast: `<forecast>`.
public struct WeatherForecast: Representable, Equatable {
    /// What was asked for: the text, or "lat,lon".
    public var query: String
    public var place: Place
    /// The weather upstream's name (`yr-forecast`).
    public var source: String
    /// What the upstream said, cut to the days shown and their periods; `current` only where today is shown.
    public var forecast: Forecast
    /// Seconds since the upstream gave the forecast.
    public var age: Int

    /// Creates the document.
    public init(query: String, place: Place, source: String, forecast: Forecast, age: Int) {
        self.query = query
        self.place = place
        self.source = source
        self.forecast = forecast
        self.age = age
    }

    /// The document, declared once for its node and the schemas.
    public static let document = DocumentShape<WeatherForecast>(
        "forecast", summary: "One place's forecast for up to 7 days.",
        .children(nil, [
            .leaf("query", .string) { $0.query },
            .element("place", Place.shape) { $0.place },
            .leaf("source", .string) { $0.source },
            .optional("generated", .string) { $0.forecast.generated },
            .leaf("age", .count, summary: "Seconds since the upstream gave the forecast.") { $0.age },
            .optionalElement("current", CurrentWeather.shape) { $0.forecast.current },
            .list("days", "day", ForecastDay.shape) { $0.forecast.days },
            .list("hours", "hour", ForecastHour.shape, whenEmpty: .leftOut) { $0.forecast.hours },
            .weatherCredit { $0.forecast.credit },
        ]))

    public var node: Node { Self.document.node(self) }
}
