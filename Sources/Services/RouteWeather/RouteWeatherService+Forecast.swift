public import Model
public import Kernel

extension RouteWeatherService {
    /// One place's forecast for up to 7 days from today at the place (only `day` when given): the
    /// place found by name, or the place nearest to a position.
    public func forecast(query: String?, position: Coordinate?, day: Int?) async -> Result<WeatherForecast, PlaceError> {
        let place: Place
        if let query {
            switch await resolve(query) {
            case .failure(let error): return .failure(error)
            case .success(let found): place = found.best
            }
        } else if let position {
            switch await geocoding.reverse(latitude: position.latitude, longitude: position.longitude) {
            case .failure(let error): return .failure(error)
            case .success(let found): place = found
            }
        } else {
            return .failure(PlaceError(code: ServiceCode.invalidParameter, message: "Parameter q, or lat and lon, is required."))
        }
        let today = CalendarDay.at(now() / 1000, in: zone(of: place))
        switch await weather.forecast(for: place, today: today) {
        case .failure(let error):
            return .failure(error)
        case .success(let report):
            let dates = day.map { [CalendarDay.adding($0, to: today) ?? today] } ?? (0..<7).compactMap { CalendarDay.adding($0, to: today) }
            let days = report.forecast.days.filter { dates.contains($0.date) }
            guard !days.isEmpty else {
                return .failure(PlaceError(
                    code: ServiceCode.noForecast,
                    message: "The weather upstream (\(weather.provider.rawValue)) has no forecast for \(dates[0]) at \(place.label)."))
            }
            let hours = report.forecast.hours.filter { hour in dates.contains { hour.from.hasPrefix($0) } }
            let asked = query ?? position.map { "\($0.latitude),\($0.longitude)" } ?? ""
            var shown = report.forecast
            shown.days = days
            shown.hours = hours
            if let day, day != 0 { shown.current = nil }
            return .success(WeatherForecast(query: asked, place: place, source: weather.provider.rawValue, forecast: shown, age: report.age))
        }
    }
}
