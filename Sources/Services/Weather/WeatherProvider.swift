import Model

/// Which upstream gives the weather: a route and how a place becomes its parameters.
public enum WeatherProvider: String, Sendable, CaseIterable {
    /// MET Norway's Locationforecast 2.0 (api.met.no), by position: hourly, then six-hourly, for nine days.
    case metno
    /// yr.no's `forecast.xml`, by place path: six-hour periods for nine days.
    case yr = "yr-forecast"
    /// The iGoogle weather API (the original app's upstream), by postal code or position: now and four days.
    case google = "google-weather"
    /// Open-Meteo's /v1/forecast, by position: hours and days as parallel arrays, seven days.
    case openMeteo = "open-meteo"
    /// api.weather.gov: the point's grid (`nws-points`, kept for a week), then the forecast it names
    /// (`nws-forecast`): twelve-hour periods for seven days, the United States only.
    case nwsAPI = "nws-api"
    /// The NWS's DWML by day, by position, United States only: seven days.
    case nws = "nws-dwml"

    /// The route that reads it.
    public var routeID: String {
        switch self {
        case .metno: "metno-forecast"
        case .nwsAPI: "nws-points"
        case .openMeteo: "open-meteo-forecast"
        default: rawValue
        }
    }

    /// How many days ahead it forecasts, today included.
    public var days: Int {
        switch self {
        case .metno: 9
        case .nwsAPI: 7
        case .openMeteo: 7
        case .yr: 9
        case .google: 4
        case .nws: 7
        }
    }

    /// The route's parameters for a place.
    func parameters(for place: Place) -> [String: String] {
        switch self {
        case .nwsAPI, .openMeteo:
            // More than four decimals make api.weather.gov redirect; Open-Meteo's cells are coarser still.
            return [
                "lat": String(Place.rounded(place.latitude, 4)), "lon": String(Place.rounded(place.longitude, 4)),
                "tz": place.timeZone ?? "UTC",
            ]
        case .metno:
            // met.no's terms: at most 4 decimals, so that nearby requests share its cache.
            return [
                "lat": String(Place.rounded(place.latitude, 4)), "lon": String(Place.rounded(place.longitude, 4)),
                "tz": place.timeZone ?? "UTC",
            ]
        case .yr:
            // yr.no names a place by country, region and name, as its place paths do.
            return [
                "country": place.country ?? place.countryCode ?? "", "region": place.adminName ?? place.admin ?? "",
                "place": place.name,
            ]
        case .google:
            if let postcode = place.postcode, !postcode.isEmpty { return ["place": postcode] }
            // Google's own form for a position: ",,,latitude,longitude" in millionths of a degree.
            let lat = Int((place.latitude * 1_000_000).rounded()), lon = Int((place.longitude * 1_000_000).rounded())
            return ["place": ",,,\(lat),\(lon)"]
        case .nws:
            return ["lat": String(Place.rounded(place.latitude, 4)), "lon": String(Place.rounded(place.longitude, 4)), "days": "7"]
        }
    }
}
