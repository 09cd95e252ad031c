/// Damages bytes the way editors, disks and attackers do: flipped bits, stray invalid UTF-8,
/// deleted, repeated and truncated runs.
enum ByteMutator {
    static func mutate(_ bytes: [UInt8], _ random: inout FuzzRandom) -> [UInt8] {
        var bytes = bytes
        for _ in 0..<random.int(1...4) where !bytes.isEmpty {
            let position = random.int(0...(bytes.count - 1))
            switch random.int(0...5) {
            case 0: bytes[position] ^= UInt8(1 << random.int(0...7))
            case 1: bytes.insert(random.pick([0xFF, 0xC3, 0xED, 0x80, 0x00, 0x09]), at: position)
            case 2: bytes.removeSubrange(position..<min(bytes.count, position + random.int(1...8)))
            case 3:
                let end = min(bytes.count, position + random.int(1...16))
                bytes.insert(contentsOf: bytes[position..<end], at: position)
            case 4: bytes = Array(bytes[..<position])
            default: bytes[position] = random.pick(Array("{}[],:-&*!|>'\"#\n ".utf8))
            }
        }
        return bytes
    }
}
