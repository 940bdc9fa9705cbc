import Model
import Synchronization

/// The forecasts one route-weather request asks for, by grid cell and day: each asked of the
/// weather service once, by the first place in it (the ends, asked while the directions are,
/// then the rows in driving order), and shared by the request's other places in that cell,
/// failure included. So a request asks a cell whose forecast fails once, not once per place
/// that comes after the failure, and every place of the cell reads the same outcome.
final class RequestForecasts: Sendable {
    private let weather: WeatherService
    private let asked = Mutex<[WeatherService.Key: Task<Result<WeatherService.Report, PlaceError>, Never>]>([:])

    init(_ weather: WeatherService) {
        self.weather = weather
    }

    /// The forecast of `place`'s cell on the day that is `today` there: asked now if it is the
    /// first of its cell, else the one asked first.
    func forecast(for place: Place, today: String) async -> Result<WeatherService.Report, PlaceError> {
        await task(for: place, today: today).value
    }

    /// Starts the forecast of `place`'s cell unless it is under way, without waiting for it.
    func start(for place: Place, today: String) {
        _ = task(for: place, today: today)
    }

    /// Stops waiting for the forecasts still under way (the request failed); the weather
    /// service's own fetches go on, for the other requests of their cells and for its cache.
    func cancel() {
        for task in asked.withLock({ Array($0.values) }) { task.cancel() }
    }

    private func task(for place: Place, today: String) -> Task<Result<WeatherService.Report, PlaceError>, Never> {
        asked.withLock { asked in
            let key = WeatherService.Key(place, today: today)
            if let task = asked[key] { return task }
            let task = Task { [weather] in await weather.forecast(for: place, today: today) }
            asked[key] = task
            return task
        }
    }
}
