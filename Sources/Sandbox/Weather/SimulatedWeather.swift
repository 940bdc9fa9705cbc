import Model

/// What the weather APIs answer from: the places that give a point its name, zone and country,
/// the weather model, and the clock.
public struct SimulatedWeather: Sendable {
    /// Where the places come from.
    public let places: any PlaceSource
    /// The weather.
    public let model: WeatherModel
    /// Seconds since 1970.
    let now: @Sendable () -> Int64

    /// Weather over places, with a clock giving seconds since 1970.
    public init(places: any PlaceSource, model: WeatherModel = WeatherModel(), now: @escaping @Sendable () -> Int64) {
        self.places = places
        self.model = model
        self.now = now
    }
}

/// A weather API answering from ``SimulatedWeather`` (yr.no, Google and the NWS's DWML, Open-Meteo,
/// api.weather.gov).
public protocol WeatherAPISimulator: Sendable {
    /// What it answers from.
    var weather: SimulatedWeather { get }

    /// A simulator answering from `weather`.
    init(weather: SimulatedWeather)
}

extension WeatherAPISimulator {
    /// A simulator over places, with a clock giving seconds since 1970.
    public init(places: any PlaceSource, model: WeatherModel = WeatherModel(), now: @escaping @Sendable () -> Int64) {
        self.init(weather: SimulatedWeather(places: places, model: model, now: now))
    }

    /// Where the places come from.
    public var places: any PlaceSource { weather.places }
    /// The weather.
    public var model: WeatherModel { weather.model }

    /// The clock's instant, seconds since 1970.
    func now() -> Int64 { weather.now() }
}
