/// The transitions of one zone as read from its TZif file, plus the footer rule for instants after the last transition.
struct ZoneData: Equatable, Sendable {
    /// Transition instants in seconds since 1970 UTC, strictly ascending.
    let transitions: [Int64]
    /// The UTC offset in force from each transition on.
    let offsets: [Int32]
    /// The offset before the first transition (RFC 8536: time type 0).
    let initialOffset: Int32
    let footer: PosixZoneRule?

    /// UTC offset in seconds at an instant.
    func offset(atUTC seconds: Int64) -> Int {
        guard let first = transitions.first else { return footer?.offset(atUTC: seconds) ?? Int(initialOffset) }
        guard seconds >= first else { return Int(initialOffset) }
        // Binary search for the last transition at or before the instant.
        var low = 0
        var high = transitions.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if transitions[middle] <= seconds { low = middle } else { high = middle - 1 }
        }
        if low == transitions.count - 1, let footer {
            return footer.offset(atUTC: seconds)
        }
        return Int(offsets[low])
    }
}
