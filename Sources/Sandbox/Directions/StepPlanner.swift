import Model

/// Lays the steps of a route along its ``RoadPath``: three town steps at the start, highway
/// steps about every ``DirectionsModel/highwayStep`` metres named after interstates, an exit and
/// two town steps at the end; a short route stays in town.
struct StepPlanner {
    let path: RoadPath
    let origin, destination: Place
    let waypoints: [Place]

    /// A step before it is measured.
    private struct Plan {
        let maneuver: SimulatedStep.Maneuver
        let pieces: [SimulatedStep.Piece]
        var note: String? = nil
        let road: String
        let length: Double
        let urban: Bool
    }

    static let streets = [
        "Main St", "Wisconsin Ave", "Broadway", "Market St", "Washington Blvd", "Park Ave", "Oak St", "Lincoln Ave", "Central Ave",
        "Maple Dr", "Elm St", "Jefferson St", "Santa Monica Blvd", "Rodeo Dr", "Grand Ave", "Church St", "River Rd", "Highland Ave",
    ]
    static let destinationNote = "Destination will be on the right"

    func steps() -> [SimulatedStep] {
        let length = path.length
        let starts = Self.pick(3, from: Self.streets, seed: origin.name + "/" + (origin.countryCode ?? ""))
        let ends = Self.pick(2, from: Self.streets, seed: destination.name + "/" + (destination.countryCode ?? ""))
        let heading = GeoPoint.compassName(path.nodes[0].bearing(to: path.position(at: min(length, 2_000))))
        let depart: (Double) -> Plan = { metres in
            Plan(maneuver: .depart, pieces: [.plain("Head "), .bold(heading), .plain(" on "), .bold(starts[0])], road: starts[0], length: metres, urban: true)
        }
        var plans: [Plan] = []
        let urban = min(DirectionsModel.urbanStretch, length / 2)
        if length < 1 {
            plans = [depart(0)]
        } else if length < 1_500 {
            plans = [depart(length)]
        } else if length - 2 * urban < 5_000 {
            plans = [depart(length * 0.5), turn(.turnRight, starts[1], length * 0.3), turn(.turnLeft, ends[0], length * 0.2)]
        } else {
            plans = [depart(urban * 0.45), turn(.turnRight, starts[1], urban * 0.3), turn(.turnLeft, starts[2], urban * 0.25)]
            plans += highway(from: urban, to: length - urban)
            let exit = min(800, urban * 0.2)
            let number = String(1 + StableHash("exit", destination.name).pick(299))
            plans.append(Plan(maneuver: .rampRight, pieces: [.plain("Take exit "), .bold(number), .plain(" toward "), .bold(destination.name)],
                              road: "Exit \(number)", length: exit, urban: true))
            plans += [turn(.turnLeft, ends[0], (urban - exit) * 0.55), turn(.turnRight, ends[1], (urban - exit) * 0.45)]
        }
        plans[plans.count - 1].note = Self.destinationNote
        return measure(plans)
    }

    private func turn(_ maneuver: SimulatedStep.Maneuver, _ street: String, _ metres: Double) -> Plan {
        let side = maneuver == .turnLeft ? "left" : "right"
        return Plan(maneuver: maneuver, pieces: [.plain("Turn "), .bold(side), .plain(" onto "), .bold(street)], road: street, length: metres, urban: true)
    }

    /// The highway between two road distances, one stretch per segment of the path.
    private func highway(from start: Double, to end: Double) -> [Plan] {
        var stretches: [(lo: Double, hi: Double, segment: Int)] = []
        for index in 0..<(path.nodes.count - 1) {
            let lo = max(path.offsets[index], start), hi = min(path.offsets[index + 1], end)
            guard hi - lo >= 1 else { continue }
            // A stretch too short for a step of its own joins the one before it, or the next.
            if hi - lo < 10_000, let last = stretches.last {
                stretches[stretches.count - 1] = (last.lo, hi, last.segment)
            } else if let last = stretches.last, last.hi - last.lo < 10_000 {
                stretches[stretches.count - 1] = (last.lo, hi, index)
            } else {
                stretches.append((lo, hi, index))
            }
        }
        var plans: [Plan] = []
        var previousRoad: String?
        for stretch in stretches {
            let road = interstate(stretch.segment)
            let toward = stretch.segment < waypoints.count ? waypoints[stretch.segment].name : destination.name
            let count = max(1, Int(((stretch.hi - stretch.lo) / DirectionsModel.highwayStep).rounded()))
            let metres = (stretch.hi - stretch.lo) / Double(count)
            for k in 0..<count {
                let (maneuver, pieces) = highwayInstruction(k == 0 ? previousRoad : road, road, toward: toward, seed: "\(stretch.segment)/\(k)")
                plans.append(Plan(maneuver: maneuver, pieces: pieces, road: road, length: metres, urban: false))
            }
            previousRoad = road
        }
        return plans
    }

    private func highwayInstruction(_ previous: String?, _ road: String, toward: String, seed: String) -> (SimulatedStep.Maneuver, [SimulatedStep.Piece]) {
        let choice = StableHash(origin.name, destination.name, seed).pick(6)
        guard let previous else {
            return (.merge, [.plain("Merge onto "), .bold(road), .plain(" toward "), .bold(toward)])
        }
        if previous != road {
            if choice % 2 == 0 {
                let exit = String(1 + StableHash("exit", seed, road).pick(299))
                return (.rampRight, [.plain("Take exit "), .bold(exit), .plain(" to merge onto "), .bold(road), .plain(" toward "), .bold(toward)])
            }
            return (.keepLeft, [.plain("Keep "), .bold("left"), .plain(" to continue on "), .bold(road), .plain(", follow signs for "), .bold(toward)])
        }
        switch choice {
        case 0: return (.keepRight, [.plain("Keep "), .bold("right"), .plain(" to stay on "), .bold(road)])
        case 1: return (.keepLeft, [.plain("Keep "), .bold("left"), .plain(" to stay on "), .bold(road)])
        case 2: return (.straight, [.plain("Continue onto "), .bold(road)])
        default: return (.straight, [.plain("Continue straight to stay on "), .bold(road)])
        }
    }

    /// The highway of a segment: in North America an interstate, whose even numbers run
    /// east–west and odd ones north–south, with its direction ("I-70 W"); elsewhere a motorway
    /// ("A1"). A segment keeps the number of the one before at a third of the junctions.
    func interstate(_ segment: Int) -> String {
        guard ["US", "CA", "MX"].contains(origin.countryCode ?? "") else {
            let junction = segment == 0 ? origin.name : waypoints[segment - 1].name
            if segment > 0, StableHash("keep", junction).pick(3) == 0 { return interstate(segment - 1) }
            return "A\([1, 2, 3, 4, 6, 7, 8, 9, 12, 13][StableHash("road", junction, String(segment)).pick(10)])"
        }
        let bearing = path.nodes[segment].bearing(to: path.nodes[segment + 1])
        let eastWest = (45..<135).contains(bearing) || (225..<315).contains(bearing)
        let numbers = eastWest ? [10, 20, 40, 44, 64, 70, 80, 90] : [5, 15, 25, 35, 55, 65, 75, 95]
        let suffix = eastWest ? (bearing < 180 ? "E" : "W") : (bearing < 90 || bearing >= 270 ? "N" : "S")
        let junction = segment == 0 ? origin.name : waypoints[segment - 1].name
        if segment > 0, StableHash("keep", junction).pick(3) == 0 {
            let previous = interstate(segment - 1)
            let number = previous.split(separator: " ").first!
            if Int(number.dropFirst(2)).map({ numbers.contains($0) }) == true { return number + " " + suffix }
        }
        return "I-\(numbers[StableHash("road", junction, String(segment)).pick(numbers.count)]) \(suffix)"
    }

    /// Metres, seconds and geometry for each plan, in order.
    private func measure(_ plans: [Plan]) -> [SimulatedStep] {
        var steps: [SimulatedStep] = []
        var at = 0.0
        for (index, plan) in plans.enumerated() {
            let end = index == plans.count - 1 ? path.length : at + plan.length
            let metres = Int(end.rounded()) - Int(at.rounded())
            let speed = plan.urban ? DirectionsModel.urbanSpeed : DirectionsModel.highwaySpeed
            steps.append(SimulatedStep(
                maneuver: plan.maneuver, pieces: plan.pieces, note: plan.note, road: plan.road, onHighway: !plan.urban,
                start: path.position(at: at), end: path.position(at: end), distance: metres,
                duration: Int((Double(metres) / speed).rounded()), points: path.points(from: at, to: end)))
            at = end
        }
        return steps
    }

    /// `count` different names from a list, chosen by a seed.
    static func pick(_ count: Int, from names: [String], seed: String) -> [String] {
        var left = names, chosen: [String] = []
        for index in 0..<count {
            chosen.append(left.remove(at: StableHash(seed, String(index)).pick(left.count)))
        }
        return chosen
    }
}

extension SimulatedStep.Piece {
    static func plain(_ text: String) -> Self { Self(text: text, emphasized: false) }
    static func bold(_ text: String) -> Self { Self(text: text, emphasized: true) }
}
