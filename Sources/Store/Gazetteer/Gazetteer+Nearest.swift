public import Model

extension Gazetteer {
    /// Countries whose places carry a ZIP code: the US and the territories it covers.
    static let zipCountries: Set<String> = ["US", "PR", "GU", "VI", "AS", "MP"]
    /// How far a place's ZIP code may lie from it.
    static let zipReach = 30_000.0

    /// The place nearest to a position by great-circle distance, with, in the US, its ZIP code
    /// (see `postcode(for:on:)`); nil only if the gazetteer is empty.
    ///
    /// The R*Tree answers boxes: the search asks for the box around a small circle and widens
    /// it fourfold until it holds a place, then once more to the box of that place's distance,
    /// which holds every nearer one. Far out at sea the circle grows to a few thousand
    /// kilometres. Throws `invalidCoordinate` for a position off the globe (NaN included).
    public func nearest(latitude: Double, longitude: Double) throws(GazetteerError) -> Place? {
        try connection.withLock { connection throws(GazetteerError) in try nearest(latitude: latitude, longitude: longitude, on: connection) }
    }

    /// The place nearest to each position, as `nearest(latitude:longitude:)` finds it, in one
    /// read transaction on the connection held once: the places along a route in one go.
    public func nearest(_ positions: [(latitude: Double, longitude: Double)]) throws(GazetteerError) -> [Place?] {
        try connection.withLock { connection throws(GazetteerError) in
            try connection.reading { () throws(GazetteerError) in
                var found: [Place?] = []
                found.reserveCapacity(positions.count)
                for position in positions { found.append(try nearest(latitude: position.latitude, longitude: position.longitude, on: connection)) }
                return found
            }
        }
    }

    /// `nearest(latitude:longitude:)` on the connection the caller holds.
    func nearest(latitude: Double, longitude: Double, on connection: Connection) throws(GazetteerError) -> Place? {
        try Self.validate(latitude: latitude, longitude: longitude)
        let origin = StationDirectory.Origin(latitude: latitude, longitude: longitude)
        let found = try closest(to: origin, radius: 5_000, reach: .infinity) { box throws(GazetteerError) in
            var closest = Closest(origin: origin)
            try connection.places(in: box, minimumPopulation: 0) { closest.consider($0) }
            return closest
        }
        guard let found else { return nil }
        return try place(id: found.id, on: connection)
    }

    /// Places of `minimumPopulation` or more within `withinKm` kilometres of a position, nearest
    /// first (equal distances by id), at most `limit`.
    ///
    /// Throws `invalidCoordinate` for a position off the globe; a radius that is negative or
    /// not a number finds nothing.
    public func places(
        near latitude: Double, longitude: Double, withinKm: Double, minimumPopulation: Int, limit: Int
    ) throws(GazetteerError) -> [Place] {
        try Self.validate(latitude: latitude, longitude: longitude)
        guard limit > 0, withinKm >= 0 else { return [] }
        let radius = min(withinKm, 20_100) * 1000
        let origin = StationDirectory.Origin(latitude: latitude, longitude: longitude)
        let box = StationDirectory.SearchBox(around: origin, radius: radius)
        var inside: [(meters: Double, id: Int)] = []
        try connection.withLock { connection throws(GazetteerError) in
            try connection.places(in: box, minimumPopulation: minimumPopulation) { place in
                let meters = origin.meters(latitude: place.latitude, longitude: place.longitude)
                if meters <= radius { inside.append((meters, place.id)) }
            }
        }
        let ranked = inside.sorted { ($0.meters, $0.id) < ($1.meters, $1.id) }
        var places: [Place] = []
        for entry in ranked.prefix(min(limit, Self.maximumLimit)) {
            if let place = try place(id: entry.id) { places.append(place) }
        }
        return places
    }

    /// The row nearest to an origin among those seen, equal distances by id. Only the best so
    /// far is kept: a box far out at sea can hold tens of thousands of rows.
    struct Closest: Sendable {
        let origin: StationDirectory.Origin
        private(set) var best: (haversine: Double, located: Located)?

        init(origin: StationDirectory.Origin) {
            self.origin = origin
        }

        mutating func consider(_ located: Located) {
            let haversine = origin.haversine(latitude: located.latitude, longitude: located.longitude)
            if best.map({ (haversine, located.id) < ($0.haversine, $0.located.id) }) ?? true {
                best = (haversine, located)
            }
        }
    }

    /// The row nearest to `origin` within `reach` metres among those `closest` finds in a box,
    /// searching outwards from `radius` metres.
    func closest(
        to origin: StationDirectory.Origin, radius: Double, reach: Double,
        in closest: (StationDirectory.SearchBox) throws(GazetteerError) -> Closest
    ) throws(GazetteerError) -> Located? {
        var radius = min(radius, reach)
        while true {
            let box = StationDirectory.SearchBox(around: origin, radius: radius)
            guard let best = try closest(box).best else {
                if box.coversGlobe || radius >= reach { return nil }
                radius = min(radius * 4, reach)
                continue
            }
            let meters = StationDirectory.Origin.meters(haversine: best.haversine)
            if meters <= radius || box.coversGlobe { return meters <= reach ? best.located : nil }
            // Nothing lies within the circle; a nearer row than `best` may lie outside the box,
            // but the box around `best`'s distance holds every one.
            if radius >= reach { return nil }
            radius = min(meters * (1 + 1e-12), reach)
        }
    }

    /// The nearest delivery-area ZIP code within 30 km, five digits.
    func nearestZip(latitude: Double, longitude: Double, on connection: Connection) throws(GazetteerError) -> String? {
        let origin = StationDirectory.Origin(latitude: latitude, longitude: longitude)
        let found = try closest(to: origin, radius: 3_000, reach: Self.zipReach) { box throws(GazetteerError) in
            var closest = Closest(origin: origin)
            try connection.zips(in: box) { closest.consider($0) }
            return closest
        }
        return found.map { Self.zipText($0.id) }
    }

    /// A place's ZIP code in the US: the lowest delivery-area code of the same city and state
    /// within 30 km, else the nearest delivery-area code within 30 km.
    ///
    /// The source knows each code by one point, often kilometres from the place's centre: the
    /// nearest point to Beverly Hills' centre is 90212's, though the centre lies in 90210. A
    /// city's lowest code is its main post office's (90210, Bethesda's 20814, Springfield's
    /// 62701), so a place named like a city takes that one.
    func postcode(for row: PlaceRow, on connection: Connection) throws(GazetteerError) -> String? {
        guard Self.zipCountries.contains(row.country) else { return nil }
        let state = row.country == "US" ? row.admin : row.country
        let origin = StationDirectory.Origin(latitude: row.latitude, longitude: row.longitude)
        if let city = StationDirectory.Folding.fold(row.name), !city.isEmpty {
            let own = try connection.zips(city: city, state: state)
            if let first = own.first(where: { origin.meters(latitude: $0.latitude, longitude: $0.longitude) <= Self.zipReach }) {
                return Self.zipText(first.id)
            }
        }
        return try nearestZip(latitude: row.latitude, longitude: row.longitude, on: connection)
    }

    /// A place's row as a result, with its ZIP code in the US: kind `place`, its GeoNames id, no
    /// division when it has none, no population when GeoNames counts none.
    func resolved(_ row: PlaceRow, on connection: Connection) throws(GazetteerError) -> Place {
        let postcode = try postcode(for: row, on: connection)
        return Place(
            id: row.id, name: row.name, admin: row.admin.isEmpty ? nil : row.admin,
            adminName: names.adminName(country: row.country, admin: row.admin),
            country: names.countries[row.country] ?? row.country, countryCode: row.country,
            latitude: row.latitude, longitude: row.longitude, postcode: postcode,
            population: row.population > 0 ? row.population : nil, timeZone: names.timeZone(row.timeZone), kind: Self.placeKind)
    }

    /// A ZIP code's row as a result of its own, at its position, named after its city: kind
    /// `postcode`, no id (GeoNames has none for it; `place(id:)` takes the code negated).
    func postcodePlace(_ row: ZipRow) -> Place {
        Place(
            name: row.city, admin: row.state.isEmpty ? nil : row.state, adminName: names.adminName(country: "US", admin: row.state),
            country: names.countries["US"] ?? "US", countryCode: "US", latitude: row.latitude, longitude: row.longitude,
            postcode: Self.zipText(row.code), timeZone: names.timeZone(row.timeZone), kind: Self.postcodeKind)
    }

    /// The kind of a populated place (GeoNames).
    public static let placeKind = "place"
    /// The kind of a US ZIP code found as such, at its own position.
    public static let postcodeKind = "postcode"

    static func zipText(_ code: Int) -> String {
        let digits = String(code)
        return String(repeating: "0", count: max(0, 5 - digits.count)) + digits
    }

    static func validate(latitude: Double, longitude: Double) throws(GazetteerError) {
        guard (-90.0...90.0).contains(latitude), (-180.0...180.0).contains(longitude) else {
            throw GazetteerError.invalidCoordinate(latitude: latitude, longitude: longitude)
        }
    }
}
