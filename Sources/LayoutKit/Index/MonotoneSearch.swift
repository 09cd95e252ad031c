/// The first index in `range` where `isPast` holds, for a predicate that is false and then
/// true along the range (`range.upperBound` if it never holds), searched from `guess`
/// outwards: galloping (1, 2, 4… away) to bracket the answer, then bisecting the bracket.
///
/// Where positions grow about evenly with the index (rows in a tree's column, the running
/// bottom of a band of leaves), an interpolated guess lands within a few items and every
/// probe stays in the same few cache lines; a cold binary search over 10^5 items would take
/// ~17 probes, most of them cache misses. O(log d) probes for an answer d items from the
/// guess, O(log n) at worst; the answer never depends on it.
@inlinable
public func firstIndex(in range: Range<Int>, near guess: Int, where isPast: (Int) -> Bool) -> Int {
    var low = range.lowerBound, high = range.upperBound  // answer in low...high
    guard low < high else { return low }
    let start = min(max(guess, low), high - 1)
    var step = 1
    if isPast(start) {
        high = start
        while high - step >= low {
            let probe = high - step
            if !isPast(probe) {
                low = probe + 1
                break
            }
            high = probe
            step *= 2
        }
    } else {
        low = start + 1
        while low + step - 1 < high {
            let probe = low + step - 1
            if isPast(probe) {
                high = probe
                break
            }
            low = probe + 1
            step *= 2
        }
    }
    while low < high {
        let middle = (low + high) / 2
        if isPast(middle) { high = middle } else { low = middle + 1 }
    }
    return low
}
