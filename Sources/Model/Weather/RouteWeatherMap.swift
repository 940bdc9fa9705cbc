public import Kernel
import Markup

/// The weather along a route drawn as a self-contained SVG 1.1 image, 800 × 600: the route's
/// line on Web Mercator fitted to it, each place a disc coloured by the day's high with its
/// name and low/high, a few large towns as context, a temperature legend and a scale bar.
///
/// ```swift
/// let map = RouteWeatherMap(line: line, places: weather.places.map(\.place))
/// let box = map.projection.bounds                      // ask the gazetteer for towns in it
/// let svg = map.render(weather, line: line, towns: towns)
/// ```
///
/// Pure: the same input gives the same bytes. Written with the XML writer, so every name is
/// escaped; no scripts, images, fonts or links, only a generic `sans-serif` family.
public struct RouteWeatherMap: Sendable {
    /// The canvas size in pixels.
    public static let width = 800.0, height = 600.0
    /// The map's rectangle: below the heading, above the legend.
    public static let area = MapProjection.Rectangle(left: 10, top: 54, right: 790, bottom: 532)
    /// The most context towns drawn.
    public static let maxTowns = 8
    /// How far from the line a context town may lie, in pixels.
    static let townReach = 40.0
    /// The longest place name shown in a label, in characters.
    static let maxLabel = 32

    /// The projection, fitted to the line and the places.
    public let projection: MapProjection
    /// The line's and the places' points on the canvas.
    let points: [(x: Double, y: Double)]

    /// A map fitted to a route's line and places.
    public init(line: [Coordinate], places: [Place]) {
        let positions = line + places.compactMap { Coordinate(latitude: $0.latitude, longitude: $0.longitude) }
        projection = MapProjection(fitting: positions, in: Self.area)
        points = positions.map(projection.point)
    }

    /// The box to look for context towns in: around the line and the places, as far as a town
    /// may lie from them, inside the map.
    public var townBounds: (south: Double, north: Double, west: Double, east: Double) {
        let area = Self.area, reach = Self.townReach
        let box = MapProjection.Rectangle(
            left: max(area.left, (points.map(\.x).min() ?? area.left) - reach), top: max(area.top, (points.map(\.y).min() ?? area.top) - reach),
            right: min(area.right, (points.map(\.x).max() ?? area.right) + reach),
            bottom: min(area.bottom, (points.map(\.y).max() ?? area.bottom) + reach))
        return projection.bounds(of: box)
    }

    /// The SVG document, UTF-8. `towns` are context places, most important first: those that
    /// are places of the route, or lie outside the map or on a place's marker, are left out.
    public func render(_ weather: RouteWeather, line: [Coordinate], towns: [Place]) -> [UInt8] {
        XMLRenderer.render(node(weather, line: line, towns: towns))
    }

    /// The document's tree.
    func node(_ weather: RouteWeather, line: [Coordinate], towns: [Place]) -> Node {
        let title = "Weather along the route from \(weather.from.label) to \(weather.to.label) on \(weather.date)"
        var labels = LabelPlacer(bounds: Self.area)
        let markers = weather.places.map { row in (row: row, point: projection.point(latitude: row.place.latitude, longitude: row.place.longitude)) }
        for (index, marker) in markers.enumerated() { labels.reserve(x: marker.point.x, y: marker.point.y, radius: radius(index, of: markers.count)) }
        // The ends are labelled before the towns' dots are reserved, which may then not cover their labels.
        let order = labelOrder(weather.places), ends = min(2, markers.count)
        var spots = [LabelPlacer.Spot?](repeating: nil, count: markers.count)
        func label(_ index: Int) {
            let point = markers[index].point
            spots[index] = labels.place(
                Self.label(markers[index].row), x: point.x, y: point.y, radius: radius(index, of: markers.count), fontSize: 10,
                farther: index == 0 || index == markers.count - 1)
        }
        order.prefix(ends).forEach(label)
        let shown = contextTowns(towns, besides: weather.places, line: line)
        for town in shown { labels.reserve(x: town.point.x, y: town.point.y, radius: 2.5) }
        order.dropFirst(ends).forEach(label)
        let townNodes = shown.map { town in
            let spot = labels.place(Self.shortened(town.place.name), x: town.point.x, y: town.point.y, radius: 2.5, fontSize: 9)
            return Self.town(town.place, at: town.point, label: spot)
        }
        let placeNodes = markers.enumerated().map { index, marker in
            Self.place(marker.row, at: marker.point, radius: radius(index, of: markers.count), label: spots[index])
        }
        return .element("svg", attributes: [
            .init("xmlns", "http://www.w3.org/2000/svg"), .init("version", "1.1"),
            .init("width", Self.number(Self.width)), .init("height", Self.number(Self.height)),
            .init("viewBox", "0 0 \(Self.number(Self.width)) \(Self.number(Self.height))"),
        ], [
            .leaf("title", title),
            .leaf("desc", Self.description(weather)),
            .leaf("style", attributes: [.init("type", "text/css")], Self.style),
            .element("rect", attributes: [.init("width", "100%"), .init("height", "100%"), .init("fill", "#ffffff")], []),
            .element("rect", attributes: [
                .init("class", "land"), .init("x", Self.number(Self.area.left)), .init("y", Self.number(Self.area.top)),
                .init("width", Self.number(Self.area.width)), .init("height", Self.number(Self.area.height)),
            ], []),
            heading(weather),
            routeLine(line),
            .element("g", attributes: [.init("class", "towns")], townNodes),
            .element("g", attributes: [.init("class", "places")], placeNodes),
            Self.legend(),
            scaleBar(),
            Self.credits(weather),
        ])
    }

    /// The ends are drawn larger.
    func radius(_ index: Int, of count: Int) -> Double {
        index == 0 || index == count - 1 ? 7 : 5
    }

    /// Which places get a label first: the ends, then the most populous, then in driving order.
    func labelOrder(_ places: [RoutePlace]) -> [Int] {
        places.indices.sorted { a, b in
            let endA = a == 0 || a == places.count - 1, endB = b == 0 || b == places.count - 1
            if endA != endB { return endA }
            let populationA = places[a].place.population ?? 0, populationB = places[b].place.population ?? 0
            return populationA != populationB ? populationA > populationB : a < b
        }
    }

    /// The towns to draw: inside the map, near the line, neither a place of the route nor on a
    /// place's marker, at most `maxTowns`.
    func contextTowns(_ towns: [Place], besides places: [RoutePlace], line: [Coordinate]) -> [(place: Place, point: (x: Double, y: Double))] {
        let path = line.map(projection.point)
        let ids = Set(places.compactMap(\.place.id))
        let markers = places.map { projection.point(latitude: $0.place.latitude, longitude: $0.place.longitude) }
        var shown: [(place: Place, point: (x: Double, y: Double))] = []
        for town in towns where shown.count < Self.maxTowns {
            if let id = town.id, ids.contains(id) { continue }
            let point = projection.point(latitude: town.latitude, longitude: town.longitude)
            let area = Self.area
            guard point.x > area.left + 4, point.x < area.right - 4, point.y > area.top + 4, point.y < area.bottom - 4 else { continue }
            guard !markers.contains(where: { ($0.x - point.x) * ($0.x - point.x) + ($0.y - point.y) * ($0.y - point.y) < 100 }) else { continue }
            guard Self.distance(from: point, to: path.isEmpty ? markers : path) <= Self.townReach else { continue }
            shown.append((town, point))
        }
        return shown
    }

    /// The distance in pixels from a point to a line of points (to the point itself for one).
    static func distance(from point: (x: Double, y: Double), to line: [(x: Double, y: Double)]) -> Double {
        guard let first = line.first else { return .infinity }
        var best = ((point.x - first.x) * (point.x - first.x) + (point.y - first.y) * (point.y - first.y)).squareRoot()
        for (a, b) in zip(line, line.dropFirst()) {
            let dx = b.x - a.x, dy = b.y - a.y, length2 = dx * dx + dy * dy
            let t = length2 > 0 ? max(0, min(1, ((point.x - a.x) * dx + (point.y - a.y) * dy) / length2)) : 0
            let x = a.x + t * dx - point.x, y = a.y + t * dy - point.y
            best = min(best, (x * x + y * y).squareRoot())
        }
        return best
    }

    /// The line as one polyline, its points to a tenth of a pixel.
    func routeLine(_ line: [Coordinate]) -> Node {
        let points = line.map { position in
            let point = projection.point(position)
            return Self.number(point.x) + "," + Self.number(point.y)
        }
        return .element("polyline", attributes: [.init("class", "route"), .init("points", points.joined(separator: " "))], [])
    }

    /// The title and the route's facts above the map.
    func heading(_ weather: RouteWeather) -> Node {
        let ends = Self.shortened(weather.from.label, to: 44) + " → " + Self.shortened(weather.to.label, to: 44)
        let km = Int(weather.distance.kilometers.rounded())
        let facts = "\(weather.date) · \(Self.grouped(km)) km · \(Self.count(weather.places.count, "place")) · discs coloured by the day's high"
        return .element("g", attributes: [.init("class", "heading")], [
            .leaf("text", attributes: [.init("x", "10"), .init("y", "24"), .init("class", "title")], ends),
            .leaf("text", attributes: [.init("x", "10"), .init("y", "44")], facts),
        ])
    }

    /// A scale bar of a round length (1, 2 or 5 × 10ⁿ km or m) up to 160 pixels, at the bottom right.
    func scaleBar() -> Node {
        let meters = Self.roundLength(maxMeters: projection.metersPerPixel * 160)
        let pixels = meters / projection.metersPerPixel
        let right = Self.area.right, y = 566.0, left = right - pixels
        let text = meters >= 1000 ? "\(Self.grouped(Int(meters / 1000))) km" : "\(Int(meters)) m"
        return .element("g", attributes: [.init("class", "scale")], [
            .element("path", attributes: [
                .init("d", "M\(Self.number(left)),\(Self.number(y - 5))V\(Self.number(y))H\(Self.number(right))V\(Self.number(y - 5))"),
            ], []),
            .leaf("text", attributes: [.init("x", Self.number((left + right) / 2)), .init("y", Self.number(y + 14)), .init("text-anchor", "middle")], text),
        ])
    }

    /// The largest 1, 2 or 5 × 10ⁿ metres not above `maxMeters` (1 m at least).
    static func roundLength(maxMeters: Double) -> Double {
        guard maxMeters.isFinite else { return 1 }
        var best = 1.0, unit = 1.0
        while unit <= maxMeters {
            for step in [1.0, 2, 5] where step * unit <= maxMeters { best = step * unit }
            unit *= 10
        }
        return best
    }
}
