public import Model
import Store
import Upstream
import Synchronization
public import Kernel

/// The weather along a driving route, the DrivingWeather app's job done on the server:
/// geocode both ends → directions → a point every 50 km along the geometry → the place at each
/// point → weather per ~10 km cell and day, several at once → repeats dropped → the document.
///
/// ```swift
/// var query = RouteWeatherQuery(from: "Bethesda, MD", to: "90210")
/// query.day = 1
/// let answer = await service.plan(query) { event in … }   // progress and rows as they come
/// ```
///
/// A place whose weather fails keeps its row with the error; the others keep theirs.
public final class RouteWeatherService: Sendable {
    public let geocoding: GeocodingService
    /// Nil when the service finds no driving routes: only one-place answers.
    public let directions: DirectionsService?
    public let weather: WeatherService
    /// Finds the time zone of a place the geocoder gave without one.
    let zones: (any PlaceDirectory)?
    /// The longest route served, in metres.
    public let maxMeters: Double
    /// Weather requests under way at once: every place of a coast-to-coast route at the default
    /// spacing (about 120 points over 6,000 km), so that none waits for another's answer to be
    /// read before it is sent; the upstream's own politeness (requests at once, rate) applies on top.
    public let concurrency: Int
    /// The wall clock in milliseconds.
    public let now: @Sendable () -> Int64

    /// A service over its three parts.
    public init(
        geocoding: GeocodingService, directions: DirectionsService?, weather: WeatherService, zones: (any PlaceDirectory)? = nil,
        maxMeters: Double = 6_000_000, concurrency: Int = 128, now: @escaping @Sendable () -> Int64 = WallClock.milliseconds
    ) {
        self.geocoding = geocoding
        self.directions = directions
        self.weather = weather
        self.zones = zones
        self.maxMeters = maxMeters
        self.concurrency = concurrency
        self.now = now
    }

    /// The document, or the error that stops it (an unknown place, a route too long, no route).
    public func plan(_ query: RouteWeatherQuery, events: @escaping @Sendable (RouteWeatherEvent) -> Void = { _ in }) async -> Result<
        RouteWeather, PlaceError
    > {
        await planned(query, events: events).map(\.document)
    }

    /// The document with the driving route it was worked out along and where its upstream
    /// answers came from: until when it may be kept.
    public func planned(_ query: RouteWeatherQuery, events: @escaping @Sendable (RouteWeatherEvent) -> Void = { _ in }) async -> Result<
        Planned, PlaceError
    > {
        events(.progress(stage: .geocoding, done: 0, total: 2))
        let from: Resolved, to: Resolved
        switch await resolve(query.from) {
        case .failure(let error): return .failure(error)
        case .success(let found): from = found
        }
        events(.progress(stage: .geocoding, done: 1, total: 2))
        switch await resolve(query.to) {
        case .failure(let error): return .failure(error)
        case .success(let found): to = found
        }
        events(.progress(stage: .geocoding, done: 2, total: 2))
        let startZone = zone(of: from.best)
        let current = now() / 1000
        let today = CalendarDay.at(current, in: startZone)
        var departure: Int64?
        var day = query.day
        if let depart = query.depart {
            let instant = ZonedTime.instant(
                year: depart.date.year, month: depart.date.month, day: depart.date.day, hour: depart.time.hour, minute: depart.time.minute, in: startZone)
            let offset = Int(ZonedTime.days(year: depart.date.year, month: depart.date.month, day: depart.date.day) - (CalendarDay.number(today) ?? 0))
            guard (0...6).contains(offset), instant + 3600 >= current else {
                return .failure(PlaceError(
                    code: ServiceCode.invalidParameter,
                    message: "Parameter depart must be a time from now to 6 days ahead at the start (today there is \(today))."))
            }
            departure = instant
            day = offset
        }
        let date = CalendarDay.adding(day, to: today) ?? today
        let crow = DrivingRoute.meters(from.best.coordinate, to.best.coordinate)
        if crow > maxMeters { return .failure(tooLong(crow, beeline: true)) }

        var route: DrivingRoute
        var parts = [from.provenance, to.provenance]
        let forecasts = RequestForecasts(weather)
        if crow < 1000 || (from.best.id != nil && from.best.id == to.best.id) {
            route = DrivingRoute(meters: 0, seconds: 0, points: [from.best.coordinate], steps: [])
        } else {
            guard let directions else {
                return .failure(PlaceError(code: ServiceCode.directionsOff, message: "This service is configured without driving directions."))
            }
            events(.progress(stage: .route, done: 0, total: 1))
            // The ends are rows whatever the route: their weather is asked while the directions are.
            for place in [from.best, to.best] { forecasts.start(for: place, today: self.today(at: place)) }
            switch await directions.routeAnswer(from: from.best.coordinate, to: to.best.coordinate) {
            case .failure(let error):
                forecasts.cancel()
                return .failure(error)
            case .success(let found):
                route = found.route
                parts.append(found.provenance)
            }
            if route.meters > maxMeters {
                forecasts.cancel()
                return .failure(tooLong(route.meters, beeline: false))
            }
            events(.progress(stage: .route, done: 1, total: 1))
        }

        // Each cell is asked by its first place in driving order (after the ends), whichever row's task runs first.
        let walked = await rows(
            along: route, from: from.best, to: to.best, query: query, events: events,
            asking: { forecasts.start(for: $0.place, today: self.today(at: $0.place)) }
        ) { [day, departure, route] index, row in
            await self.weather(for: row, from: forecasts, date: date, day: day, departure: departure, route: route)
        }
        let finished = walked.rows.map(\.row)
        if !finished.isEmpty, let error = finished.first?.error, finished.allSatisfy({ $0.error != nil }) {
            return .failure(error)
        }
        let document = RouteWeather(
            from: from.best, to: to.best, fromAlternatives: from.others, toAlternatives: to.others, day: day, date: date,
            depart: departure.flatMap { ZonedTime.iso8601(atUTC: $0, in: startZone) }, distance: Distance(meters: route.meters),
            duration: Self.duration(route.seconds), dedupe: query.dedupe.rawValue,
            sources: [
                "geocoder": geocoding.source, "directions": route.meters == 0 ? "none" : directions?.provider.rawValue ?? "none",
                "weather": weather.provider.rawValue,
            ],
            credit: weather.credit, places: finished)
        parts += walked.provenances + walked.rows.map(\.provenance)
        let provenance = keepable(parts, complete: walked.complete && finished.allSatisfy { $0.error == nil }, departure: departure)
        return .success(Planned(document: document, route: route, provenance: provenance))
    }

    /// A name's best place, the other places of the same name, and where the answer came from.
    typealias Resolved = (best: Place, others: [Place], provenance: Provenance?)

    /// The best place for a name, and the other places of the same name.
    func resolve(_ name: String) async -> Result<Resolved, PlaceError> {
        switch await geocoding.searchAnswer(name, limit: 6) {
        case .failure(let error):
            return .failure(error)
        case .success(let found):
            let best = found.places[0]
            let others = found.places.dropFirst().filter { $0.name.lowercased() == best.name.lowercased() && $0 != best }
            return .success((best, Array(others), found.provenance))
        }
    }

    /// The day it is at a place now.
    func today(at place: Place) -> String {
        CalendarDay.at(now() / 1000, in: zone(of: place))
    }

    /// One row's weather on its day, or the error that left it without, and where the forecast came from.
    func weather(for row: RoutePlace, from forecasts: RequestForecasts, date: String, day: Int, departure: Int64?, route: DrivingRoute) async -> Filled {
        var row = row
        let zone = zone(of: row.place)
        let current = now() / 1000
        var wanted = date
        var arrival: Int64?
        if let departure {
            let instant = departure + Int64(route.seconds(toMeters: row.distance.meters).rounded())
            arrival = instant
            row.arrival = ZonedTime.iso8601(atUTC: instant, in: zone)
            wanted = CalendarDay.at(instant, in: zone)
        }
        var provenance: Provenance?
        switch await forecasts.forecast(for: row.place, today: CalendarDay.at(current, in: zone)) {
        case .failure(let error):
            row.error = error
        case .success(let report):
            provenance = report.provenance
            guard let forecast = report.forecast.day(wanted) else {
                row.error = PlaceError(
                    code: ServiceCode.noForecast, message: "The weather upstream has no forecast for \(wanted) at \(row.place.label).")
                break
            }
            row.day = forecast
            if day == 0, departure == nil {
                row.current = report.forecast.current?.temperature ?? report.forecast.hour(at: current)?.temperature
            }
            if let arrival { row.hour = report.forecast.hour(at: arrival) }
        }
        return Filled(row: row, provenance: provenance)
    }

    /// The key repeats share.
    static func key(_ place: Place, _ dedupe: RouteWeatherQuery.Dedupe) -> String {
        if dedupe == .postcode, let postcode = place.postcode, !postcode.isEmpty { return "postcode:\(place.countryCode ?? "")\(postcode)" }
        return "place:\(place.name.lowercased())|\(place.admin ?? "")|\(place.countryCode ?? "")"
    }

    /// The place's time zone; the nearest gazetteer place's where the geocoder gave none; UTC else.
    func zone(of place: Place) -> ZoneRules {
        let name = place.timeZone ?? (try? zones?.nearest(latitude: place.latitude, longitude: place.longitude))?.timeZone
        return name.flatMap { try? ZoneRules.named($0) } ?? .utc
    }

    func tooLong(_ meters: Double, beeline: Bool) -> PlaceError {
        PlaceError(
            code: ServiceCode.routeTooLong,
            message: "The route is \(Int(meters / 1000)) km\(beeline ? " as the crow flies" : ""); routes up to \(Int(maxMeters / 1000)) km are served.")
    }

    /// ISO 8601 duration of whole minutes: `PT40H12M`.
    static func duration(_ seconds: Double) -> String {
        let minutes = Int((seconds / 60).rounded())
        let hours = minutes / 60, rest = minutes % 60
        if minutes == 0 { return "PT0M" }
        return "PT" + (hours > 0 ? "\(hours)H" : "") + (rest > 0 ? "\(rest)M" : "")
    }
}

extension Place {
    /// The place's position.
    var coordinate: Coordinate { Coordinate(latitude: latitude, longitude: longitude) ?? Coordinate(latitude: 0, longitude: 0)! }
}
