public import Scrape

extension ErrorCatalog {
    /// The error codes of the route files that the catalog does not know, as
    /// `Routes/<id>/route.xml:42: …` lines; empty when it knows them all.
    public static func unknownCodes(in catalog: RouteCatalog) -> [String] {
        var problems: [String] = []
        for route in catalog.routes {
            let file = catalog.directory + "/" + route.id + "/route.xml"
            for failure in [route.unparsable] + route.errors.map(\.failure) where entry(for: failure.code) == nil {
                let place = failure.line > 0 ? "\(file):\(failure.line)" : file
                problems.append("\(place): the error code \"\(failure.code)\" is not in the error catalog, which says how a client is answered")
            }
        }
        return problems
    }
}
