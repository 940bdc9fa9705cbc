/// An `etd.aspx` query as BART's API reads it: `cmd=etd`, `orig=ALL|RICH` (any case), `key`,
/// and the optional filters `plat=1…4` and `dir=n|s` for one station. Names are read in any
/// case, the first of a repeated name wins, values are percent-decoded.
///
/// ```swift
/// let request = try BARTRequest(query: "cmd=etd&orig=rich&key=MW9S-E7SL-26DU-VV8V", network: network)
/// request.origin   // .station("RICH")
/// request.echoed   // "cmd=etd&orig=rich": the query without the key, as <uri> repeats it
/// ```
struct BARTRequest: Sendable, Equatable {
    /// Which stations.
    enum Origin: Sendable, Equatable {
        case all
        case station(String)
    }

    let origin: Origin
    /// Only trains at this platform (one station only).
    let platform: Int?
    /// Only trains in this direction (one station only).
    let direction: BARTDirection?
    /// The raw query without the key's pairs, for `<uri>` (etd-RICH-2015-07-01 echoes
    /// `cmd=etd&orig=rich`, the case as sent, and no key).
    let echoed: String

    /// Reads a raw query; the key is checked first, then `cmd`, then `orig`.
    init(query: String, network: BARTNetwork) throws(BARTAPIError) {
        var values: [String: String] = [:]
        var kept: [String] = []
        for piece in QueryPieces.split(Array(query.utf8)) {
            let name = QueryPieces.latin1(piece.name).lowercased(), value = QueryPieces.latin1(piece.value)
            if values[name] == nil { values[name] = value.trimmingSpaces }
            if name != "key" { kept.append(String(decoding: piece.raw, as: UTF8.self)) }
        }
        echoed = kept.joined(separator: "&")
        guard let key = values["key"], !key.isEmpty else { throw .invalidKey }
        let cmd = values["cmd"] ?? ""
        guard cmd.lowercased() == "etd" else { throw .invalidCommand(cmd) }
        let orig = (values["orig"] ?? "").uppercased()
        if orig == "ALL" {
            origin = .all
        } else if let station = network.station(orig) {
            origin = .station(station.abbr)
        } else {
            throw .invalidOrigin(values["orig"] ?? "")
        }
        platform = values["plat"].flatMap { Int($0) }.flatMap { (1...4).contains($0) ? $0 : nil }
        direction = switch values["dir"]?.lowercased() {
        case "n": .north
        case "s": .south
        default: nil
        }
    }
}
