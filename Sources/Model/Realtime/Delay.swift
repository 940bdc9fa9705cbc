public import Kernel

/// Minutes late, worked out from a planned and a predicted time; never stored beside them.
public enum Delay {
    /// Whole minutes from `planned` to `predicted` (negative when early), nil without a prediction.
    public static func minutes(planned: OffsetDateTime, predicted: OffsetDateTime?) -> Int? {
        predicted.map { Int(($0 - planned) / 60) }
    }
}
