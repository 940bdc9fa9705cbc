import Markup

extension RouteWeatherMap {
    /// The style sheet: classes instead of repeated attributes. Labels get a white halo (where
    /// the viewer knows `paint-order`) so they read over the line.
    static let style = """
        text{font-family:sans-serif;font-size:11px;fill:#222}\
        .title{font-size:17px;font-weight:bold}\
        .land{fill:#f1f4f6;stroke:#c8d0d6}\
        .route{fill:none;stroke:#4a5560;stroke-width:2.5;stroke-linejoin:round;stroke-linecap:round}\
        .place circle{stroke:#222;stroke-width:1}\
        .place text,.town text{paint-order:stroke;stroke:#fff;stroke-width:3px;stroke-linejoin:round}\
        .place text{font-size:10px}\
        .town circle{fill:#8a8a8a}\
        .town text{font-size:9px;fill:#666;font-style:italic}\
        .legend rect{stroke:#666;stroke-width:.5}\
        .legend text,.scale text{font-size:9px}\
        .scale path{fill:none;stroke:#222;stroke-width:1.5}\
        .credits text{font-size:8px;fill:#666}
        """

    /// One place: its disc coloured by the high, its title (name, low and high in °C and °F,
    /// or why it has no weather) and, where it fits, its label.
    static func place(_ row: RoutePlace, at point: (x: Double, y: Double), radius: Double, label spot: LabelPlacer.Spot?) -> Node {
        var children: [Node] = [
            .leaf("title", title(row)),
            .element("circle", attributes: [
                .init("cx", number(point.x)), .init("cy", number(point.y)), .init("r", number(radius)),
                .init("fill", TemperatureScale.color(row.day?.high?.celsius)),
            ], []),
        ]
        if let spot { children.append(text(label(row), at: spot)) }
        return .element("g", attributes: [.init("class", "place"), .init("id", "place-\(row.index)")], children)
    }

    /// A context town: a small grey dot and, where it fits, its name.
    static func town(_ place: Place, at point: (x: Double, y: Double), label spot: LabelPlacer.Spot?) -> Node {
        var children: [Node] = [
            .leaf("title", place.label + (place.population.map { " (population \(grouped($0)))" } ?? "")),
            .element("circle", attributes: [.init("cx", number(point.x)), .init("cy", number(point.y)), .init("r", "2.5")], []),
        ]
        if let spot { children.append(text(shortened(place.name), at: spot)) }
        return .element("g", attributes: [.init("class", "town")], children)
    }

    static func text(_ value: String, at spot: LabelPlacer.Spot) -> Node {
        var attributes: [Node.Attribute] = [.init("x", number(spot.x)), .init("y", number(spot.y))]
        if spot.anchor != "start" { attributes.append(.init("text-anchor", spot.anchor)) }
        return .leaf("text", attributes: attributes, value)
    }

    /// "Columbus −2/9 °C": the name and the day's low and high, whole degrees.
    static func label(_ row: RoutePlace) -> String {
        let name = shortened(row.place.name)
        guard let day = row.day, let low = day.low, let high = day.high else { return name + " –" }
        return "\(name) \(degrees(low.celsius))/\(degrees(high.celsius)) °C"
    }

    /// "3. Columbus, OH, US: low −2.3 °C (27.9 °F), high 9 °C (48.2 °F)".
    static func title(_ row: RoutePlace) -> String {
        let name = "\(row.index + 1). \(row.place.label)"
        if let error = row.error { return "\(name): no weather (\(error.message))" }
        guard let day = row.day else { return "\(name): no weather" }
        let parts = [("low", day.low), ("high", day.high)].compactMap { word, temperature in
            temperature.map { "\(word) \(decimal($0.celsius)) °C (\(decimal($0.fahrenheit)) °F)" }
        }
        return parts.isEmpty ? "\(name): no temperatures" : "\(name): " + parts.joined(separator: ", ")
    }

    /// The day's high's colour steps, their edges, and grey for no weather, at the bottom left.
    static func legend() -> Node {
        let left = 10.0, top = 556.0, width = 30.0, height = 12.0
        var children: [Node] = [.leaf("text", attributes: [.init("x", number(left)), .init("y", number(top - 4))], "Day's high, °C")]
        for (band, color) in TemperatureScale.colors.enumerated() {
            children.append(.element("rect", attributes: [
                .init("x", number(left + Double(band) * width)), .init("y", number(top)),
                .init("width", number(width)), .init("height", number(height)), .init("fill", color),
            ], []))
        }
        for (index, edge) in TemperatureScale.edges.enumerated() {
            children.append(.leaf("text", attributes: [
                .init("x", number(left + Double(index + 1) * width)), .init("y", number(top + height + 11)), .init("text-anchor", "middle"),
            ], degrees(edge)))
        }
        let grey = left + Double(TemperatureScale.colors.count) * width + 16
        children.append(.element("rect", attributes: [
            .init("x", number(grey)), .init("y", number(top)), .init("width", number(height)), .init("height", number(height)),
            .init("fill", TemperatureScale.none),
        ], []))
        children.append(.leaf("text", attributes: [.init("x", number(grey + height + 4)), .init("y", number(top + 10))], "no weather"))
        return .element("g", attributes: [.init("class", "legend")], children)
    }

    /// Where the weather and the places come from, at the bottom.
    static func credits(_ weather: RouteWeather) -> Node {
        var text = "Weather: " + (weather.credit.map { shortened($0, to: 110) } ?? weather.sources["weather"] ?? "?")
        text += " · route: \(weather.sources["directions"] ?? "?") · places: GeoNames, CC BY 4.0"
        return .element("g", attributes: [.init("class", "credits")], [
            .leaf("text", attributes: [.init("x", "10"), .init("y", "594")], text),
        ])
    }

    /// The whole image in words, for screen readers.
    static func description(_ weather: RouteWeather) -> String {
        let highs = weather.places.compactMap { $0.day?.high?.celsius }
        var text = "\(count(weather.places.count, "place")) in driving order over \(grouped(Int(weather.distance.kilometers.rounded()))) km, "
            + "each a disc coloured by the day's high (blue cold, red warm, grey without weather)"
        if let low = highs.min(), let high = highs.max() { text += "; highs from \(decimal(low)) °C to \(decimal(high)) °C" }
        return text + "."
    }

    /// Whole degrees with a minus sign: "−3", "0", "12".
    static func degrees(_ celsius: Double) -> String {
        let value = Int(celsius.rounded())
        return value < 0 ? "−\(-value)" : "\(value)"
    }

    /// One decimal, none when whole: "−2.3", "9".
    static func decimal(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        let text = rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
        return text.hasPrefix("-") ? "−" + text.dropFirst() : text
    }

    /// A coordinate in pixels to a tenth: "123.4", "80".
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    /// "1 place", "72 places".
    static func count(_ value: Int, _ noun: String) -> String {
        "\(grouped(value)) \(noun)\(value == 1 ? "" : "s")"
    }

    /// Thousands grouped with commas: "4,321".
    static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var out = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return value < 0 ? "-" + out : out
    }

    /// The text cut to `limit` characters with an ellipsis.
    static func shortened(_ text: String, to limit: Int = maxLabel) -> String {
        text.count <= limit ? text : String(text.prefix(limit - 1)) + "…"
    }
}
