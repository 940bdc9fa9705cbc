/// Places text labels beside points without overlapping each other, the points, or the edges
/// of a rectangle: each label takes the first free spot of right, left, above, below and the
/// four diagonals of its point, or none, in the order labels are asked for (so the most important first).
struct LabelPlacer {
    /// A box on the canvas, in pixels.
    struct Box {
        var left, top, right, bottom: Double

        func overlaps(_ other: Box) -> Bool {
            left < other.right && other.left < right && top < other.bottom && other.top < bottom
        }
    }

    /// Where a label goes: its text's anchor point and alignment (`start`, `end` or `middle`).
    struct Spot: Equatable {
        let x: Double, y: Double
        let anchor: String
    }

    let bounds: MapProjection.Rectangle
    private(set) var taken: [Box] = []

    init(bounds: MapProjection.Rectangle) {
        self.bounds = bounds
    }

    /// Marks a point's disc as taken, so no label covers it.
    mutating func reserve(x: Double, y: Double, radius: Double) {
        taken.append(Box(left: x - radius, top: y - radius, right: x + radius, bottom: y + radius))
    }

    /// The width a text takes at a font size, estimated: sans-serif glyphs of names and digits
    /// average about 0.55 em (measured on Chromium's default sans-serif, DejaVu Sans).
    static func width(of text: String, fontSize: Double) -> Double {
        Double(text.count) * fontSize * 0.55
    }

    /// The first free spot for a label of `text` beside a point of `radius`, taken; nil when
    /// none is free. With `farther`, spots a line's height farther out are tried too.
    mutating func place(_ text: String, x: Double, y: Double, radius: Double, fontSize: Double, farther: Bool = false) -> Spot? {
        for extra in farther ? [0, fontSize * 1.3] : [0] {
            if let spot = place(text, x: x, y: y, gap: radius + 3 + extra, slant: radius * 0.7 + 1 + extra, fontSize: fontSize) { return spot }
        }
        return nil
    }

    private mutating func place(_ text: String, x: Double, y: Double, gap: Double, slant: Double, fontSize: Double) -> Spot? {
        let width = Self.width(of: text, fontSize: fontSize), height = fontSize * 1.2
        // The text's baseline sits about a third of its height below the middle of its box.
        let candidates: [(Box, Spot)] = [
            (Box(left: x + gap, top: y - height / 2, right: x + gap + width, bottom: y + height / 2),
             Spot(x: x + gap, y: y + fontSize * 0.35, anchor: "start")),
            (Box(left: x - gap - width, top: y - height / 2, right: x - gap, bottom: y + height / 2),
             Spot(x: x - gap, y: y + fontSize * 0.35, anchor: "end")),
            (Box(left: x - width / 2, top: y - gap - height, right: x + width / 2, bottom: y - gap),
             Spot(x: x, y: y - gap - height * 0.25, anchor: "middle")),
            (Box(left: x - width / 2, top: y + gap, right: x + width / 2, bottom: y + gap + height),
             Spot(x: x, y: y + gap + height * 0.75, anchor: "middle")),
            // Diagonals, for points near an edge or crowded on both sides.
            (Box(left: x + slant, top: y - slant - height, right: x + slant + width, bottom: y - slant),
             Spot(x: x + slant, y: y - slant - height * 0.25, anchor: "start")),
            (Box(left: x + slant, top: y + slant, right: x + slant + width, bottom: y + slant + height),
             Spot(x: x + slant, y: y + slant + height * 0.75, anchor: "start")),
            (Box(left: x - slant - width, top: y - slant - height, right: x - slant, bottom: y - slant),
             Spot(x: x - slant, y: y - slant - height * 0.25, anchor: "end")),
            (Box(left: x - slant - width, top: y + slant, right: x - slant, bottom: y + slant + height),
             Spot(x: x - slant, y: y + slant + height * 0.75, anchor: "end")),
        ]
        for (box, spot) in candidates where fits(box) {
            taken.append(box)
            return spot
        }
        return nil
    }

    private func fits(_ box: Box) -> Bool {
        guard box.left >= bounds.left, box.right <= bounds.right, box.top >= bounds.top, box.bottom <= bounds.bottom else { return false }
        return !taken.contains { $0.overlaps(box) }
    }
}
