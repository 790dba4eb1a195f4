/// Sets of boats as bits, one set per row (a person, or a boat), in one flat array of 64-bit words: one
/// word a set for up to 64 boats, as many as it takes for more. Flat, so that the local search's hot
/// loops index one array and retain nothing.
struct BoatSets: Equatable {
    /// Words per set.
    let words: Int
    private(set) var bits: [UInt64]

    init(rows: Int, boats: Int) {
        words = max(1, (boats + 63) / 64)
        bits = Array(repeating: 0, count: rows * words)
    }

    func contains(_ boat: Int, in row: Int) -> Bool {
        bits[row * words + boat >> 6] & (1 << UInt64(boat & 63)) != 0
    }

    mutating func insert(_ boat: Int, in row: Int) {
        bits[row * words + boat >> 6] |= 1 << UInt64(boat & 63)
    }

    mutating func remove(_ boat: Int, from row: Int) {
        bits[row * words + boat >> 6] &= ~(1 << UInt64(boat & 63))
    }

    /// Whether set `row` is the same as set `otherRow` of `other` (with as many words a set).
    func isSame(_ row: Int, as other: BoatSets, _ otherRow: Int) -> Bool {
        for word in 0..<words where bits[row * words + word] != other.bits[otherRow * words + word] {
            return false
        }
        return true
    }

    /// Makes set `row` the same as set `otherRow` of `other` (with as many words a set).
    mutating func copy(_ row: Int, from other: BoatSets, _ otherRow: Int) {
        for word in 0..<words { bits[row * words + word] = other.bits[otherRow * words + word] }
    }

    /// Calls `body` with each boat of set `row`, in order.
    func forEach(in row: Int, _ body: (Int) -> Void) {
        for word in 0..<words {
            var mask = bits[row * words + word]
            while mask != 0 {
                body(word << 6 + mask.trailingZeroBitCount)
                mask &= mask - 1
            }
        }
    }

    /// Whether set `row` and set `otherRow` of `other` have a boat in common.
    func intersects(_ row: Int, _ other: BoatSets, _ otherRow: Int) -> Bool {
        for word in 0..<words where bits[row * words + word] & other.bits[otherRow * words + word] != 0 {
            return true
        }
        return false
    }

    /// The boats of both set `row` and set `otherRow` of `other`, in order.
    func common(_ row: Int, _ other: BoatSets, _ otherRow: Int) -> [Int] {
        var found: [Int] = []
        for word in 0..<words {
            var mask = bits[row * words + word] & other.bits[otherRow * words + word]
            while mask != 0 {
                found.append(word << 6 + mask.trailingZeroBitCount)
                mask &= mask - 1
            }
        }
        return found
    }

    /// How many boats after `boat` are in both set `row` and set `otherRow` of `other`.
    func countCommon(after boat: Int, _ row: Int, _ other: BoatSets, _ otherRow: Int) -> Int {
        let first = boat >> 6
        // The bits above `boat` in its own word; none when it is the word's last (the shift gives 0).
        let above: UInt64 = ~((1 << (UInt64(boat & 63) + 1)) &- 1)
        var count = (bits[row * words + first] & other.bits[otherRow * words + first] & above).nonzeroBitCount
        for word in (first + 1)..<max(first + 1, words) {
            count += (bits[row * words + word] & other.bits[otherRow * words + word]).nonzeroBitCount
        }
        return count
    }
}
