extension Negotiation {
    /// Whether `Accept-Encoding` allows a gzip body (RFC 9110 §12.5.3).
    ///
    /// `gzip` or `x-gzip` with a weight above 0 allows it and with `q=0` forbids it, whatever `*`
    /// says; otherwise `*` above 0 allows it. No header means no gzip.
    public static func acceptsGzip(_ acceptEncoding: String?) -> Bool {
        guard let acceptEncoding else { return false }
        var gzip: Int?
        var any: Int?
        WeightedList.forEach(acceptEncoding) { coding, weight in
            guard let weight else { return }
            if WeightedList.equals(coding, "gzip") || WeightedList.equals(coding, "x-gzip") {
                gzip = max(gzip ?? 0, weight)
            } else if WeightedList.equals(coding, "*") {
                any = max(any ?? 0, weight)
            }
        }
        return (gzip ?? any ?? 0) > 0
    }
}
