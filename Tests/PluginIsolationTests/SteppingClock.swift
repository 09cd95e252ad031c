/// A clock for the spin tests: it moves `step` seconds each time it is read, and as far as a
/// test says while a wait blocks.
final class SteppingClock {
    private(set) var now = 0.0
    let step: Double

    init(step: Double) { self.step = step }

    func read() -> Double {
        now += step
        return now
    }

    func advance(_ seconds: Double) { now += seconds }
}
