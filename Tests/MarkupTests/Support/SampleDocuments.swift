import Markup

/// Documents shared by the renderer tests.
enum SampleDocuments {
    static let noDelay: Int? = nil

    /// A small departure board touching every kind of content: leaves of each type, nested
    /// lists, an absent optional, an empty leaf, an empty list and an attribute.
    static let schedule = Node.element("schedule", [
        .element("station", [
            .leaf("id", "8503000"),
            .leaf("name", "Zürich HB"),
            .element("coordinate", [.leaf("x", 47.378177), .leaf("y", 8.540192)]),
        ]),
        .list("connections", [
            .element("connection", [
                .leaf("departure", "2016-12-23T08:02:00+01:00"),
                .leaf("delay", 3),
                .leaf("platform", "31"),
                .leaf("cancelled", false),
                .list("products", [.leaf("product", "IC"), .leaf("product", "S")]),
            ]),
            .element("connection", [
                .leaf("departure", "2016-12-23T08:32:00+01:00"),
                .leaf("delay", noDelay),
                .leaf("platform", ""),
                .leaf("cancelled", true),
                .list("products", []),
            ]),
        ]),
        .leaf("note", attributes: [.init("lang", "de")], "Bauarbeiten & <Ersatzbus>"),
    ])
}
