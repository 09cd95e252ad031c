import ArgumentParser

/// A size in bytes as people write it: `2G`, `512M`, `65536K`, `4GiB` (binary units), or a
/// plain number of bytes.
struct MemorySize: ExpressibleByArgument, Equatable {
    var bytes: UInt64

    init(bytes: UInt64) { self.bytes = bytes }

    init?(argument: String) {
        var text = argument.uppercased()
        for suffix in ["IB", "B"] where text.hasSuffix(suffix) && text.count > suffix.count {
            text.removeLast(suffix.count)
            break
        }
        let shifts: [Character: UInt64] = ["K": 10, "M": 20, "G": 30, "T": 40]
        var shift: UInt64 = 0
        if let last = text.last, let unit = shifts[last] {
            shift = unit
            text.removeLast()
        }
        guard let number = UInt64(text), number > 0, number <= UInt64.max >> shift else { return nil }
        bytes = number << shift
    }
}
