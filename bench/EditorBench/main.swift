// Key-to-frame time of `lineup edit`: handle a key, update the engine and model (the crew rules checked
// at each exchange event), render the frame and compute the terminal update into a buffer (no terminal
// write). A standard boat, full, with 30 paddlers on the bench, mixed rules, 100×30 and 80×24 frames,
// colours on. Timed with Swift's ContinuousClock per key.
//   swift run -c release EditorBench [KEYS]
import Foundation
import LineupCore
import LineupEditor

var roster: [PaddlerID: Paddler] = [:]
var placements: [(paddler: PaddlerID, place: Place)] = []
let seats = [Place.drummer, .steerer] + (1...10).flatMap { [Place.left(row: $0), .right(row: $0)] }
for (index, place) in (seats + (1...30).map { Place.bench(position: $0) }).enumerated() {
    let id = PaddlerID(index + 1)
    roster[id] = Paddler(
        id: id, name: "Paddler Number \(id)", weightKg: Double(50 + (index * 7) % 50),
        sex: index % 2 == 0 ? .female : .male, side: [.left, .right, .either][index % 3])
    placements.append((id, place))
}
let lineup = try Lineup(kind: .standard, placements: placements, lockedSeats: [.right(row: 5)])
let keyCount = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 20_000 : 20_000
// A coach's session: catch, drag down the left column to the steerer, across into the bench and down it,
// back to the boat and up, across, then cancel or drop; drops are taken back by reloading the start, as a
// commit and reload would.
let pattern: [EditorKey] =
    [.select] + Array(repeating: .down, count: 10) + [.right] + Array(repeating: .down, count: 5) + [.left]
    + Array(repeating: .up, count: 9) + [.right, .left, .cancel]
    + [.down, .select, .down, .down, .right, .select] + Array(repeating: .up, count: 3) + [.help, .help]
let clock = ContinuousClock()
for (width, height) in [(100, 30), (80, 24)] {
    let editor = Editor(
        boatName: "Race", lineup: lineup, roster: roster, rules: CrewRules(.idbfMixed, kind: .standard))
    var previous: [String]? = nil
    var durations: [Double] = []
    var bytes = 0
    durations.reserveCapacity(keyCount)
    for index in 0..<keyCount {
        let key = pattern[index % pattern.count]
        var output = ""
        let elapsed = clock.measure {
            if case .commit = editor.handle(key) { editor.reload(lineup: lineup, roster: roster) }
            let frame = EditorFrame(width: width, height: height, colours: true).render(editor)
            output = FrameUpdate.output(from: previous, to: frame)
            previous = frame
        }
        bytes += output.utf8.count
        durations.append(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000)
    }
    durations.sort()
    func at(_ fraction: Double) -> Double {
        durations[min(durations.count - 1, Int(Double(durations.count) * fraction))]
    }
    print(
        String(
            format: "| %d×%d | %d | %.3f | %.3f | %.3f | %.0f |", width, height, keyCount, at(0.5), at(0.99),
            durations.last ?? 0, Double(bytes) / Double(keyCount)))
}
