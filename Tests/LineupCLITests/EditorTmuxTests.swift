import Foundation
import Testing

/// `lineup edit` in a real terminal: tmux runs it, `send-keys` types, `capture-pane` reads the screen.
/// `.ci/run` installs tmux. Each test has its own tmux server (socket) and database.
final class TmuxEditor {
    let lineup: LineupProcess
    let socket = "lineup-test-\(UUID().uuidString.prefix(8))"

    init(_ lineup: LineupProcess, boat: [String] = []) throws {
        self.lineup = lineup
        let command =
            "NO_COLOR=1 LINEUP_DB='\(lineup.databasePath)' '\(LineupProcess.executable.path)' edit \(boat.joined(separator: " "))"
            + "; echo EXIT=$?; stty -a | tr ' ;' '\\n\\n' | grep -x -e echo -e -echo -e icanon -e -icanon | tr '\\n' ' '; echo; sleep 60"
        try tmux(["new-session", "-d", "-x", "100", "-y", "30", command])
        try waitFor("arrows move  space catch/drop")
    }

    deinit {
        _ = try? tmux(["kill-server"])
    }

    @discardableResult
    func tmux(_ arguments: [String]) throws -> String {
        // Spawned and reaped directly: Foundation's `Process` did not always notice the tmux client end
        // (the client forks the server), and output goes through a file for the same reason.
        let outputPath = lineup.folder.appendingPathComponent("tmux-\(UUID().uuidString).out").path
        defer { try? FileManager.default.removeItem(atPath: outputPath) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // Through bash, closing every inherited descriptor above 2 first: the tmux server keeps whatever it
        // inherits, and would hold other tests' pipes open.
        let closeAndRun = #"for fd in $(ls /proc/$$/fd); do [ "$fd" -gt 2 ] && eval "exec $fd>&-"; done; exec "$@""#
        let words = ["/bin/bash", "-c", closeAndRun, "bash", "tmux", "-L", socket, "-f", "/dev/null"] + arguments
        let cWords = words.map { strdup($0) }
        defer { for word in cWords { free(word) } }
        // The test runner's threads block some signals, and a blocked mask is inherited: start tmux (and
        // so the editor) with none blocked, as from a shell.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, "/bin/bash", &actions, &attributes, cWords + [nil], environ)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EINVAL) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
    }

    /// Types keys (tmux key names: Space, Escape, Up, j, …), one at a time.
    func send(_ keys: String...) throws {
        for key in keys { try tmux(["send-keys", "-t", "0", key]) }
    }

    var screen: String { (try? tmux(["capture-pane", "-p", "-t", "0"])) ?? "" }

    /// Waits (up to 10 s) until the screen shows `text`; fails the test with the screen otherwise.
    @discardableResult
    func waitFor(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        for _ in 0..<200 {
            let current = screen
            if current.contains(text) { return current }
            usleep(50_000)
        }
        Issue.record("the screen never showed \"\(text)\":\n\(screen)", sourceLocation: sourceLocation)
        return screen
    }

    /// The pid of `lineup edit` inside the pane.
    func editorPID() throws -> pid_t {
        let shell = try tmux(["list-panes", "-F", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let children = try String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
        return try #require(children.split(separator: " ").first.flatMap { pid_t($0) })
    }

    func format(_ variable: String) throws -> String {
        try tmux(["display-message", "-p", "-t", "0", "#{\(variable)}"]).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

@Suite("lineup edit in tmux", .serialized)
struct EditorTmuxTests {
    private func sampleClub() throws -> LineupProcess {
        let lineup = try LineupProcess()
        #expect(try lineup.run(["init", "--sample"]).status == 0)
        return lineup
    }

    private func changedLines(_ before: String, _ after: String) -> Set<String> {
        Set(after.split(separator: "\n").map(String.init)).subtracting(before.split(separator: "\n").map(String.init))
    }

    @Test func aThreeSeatDragThenReleaseIsOneExchange() throws {
        let lineup = try sampleClub()
        let before = try DatabaseChecks.lineups(at: lineup.databasePath)
        let editor = try TmuxEditor(lineup)
        try editor.send("Space")
        try editor.waitFor("Caught Ada Lindqvist")
        try editor.send("j")
        try editor.waitFor("Dragging Ada Lindqvist over L2: Gwen Rasmussen goes to L1.")
        try editor.send("j")
        try editor.waitFor("over L3: Quinn Castellano goes to L1.")
        try editor.send("j")
        let dragging = try editor.waitFor("over L4: Dev Patel goes to L1.")
        #expect(dragging.contains("*L1  Dev Patel"))
        #expect(dragging.contains(">L4  Ada Lindqvist"))
        // The balance panel follows the drag. Dev Patel (85 kg) at L1 and Ada (61.5 kg) at L4 leave the
        // sums as they were (both front half, both left), but not the moments: the trim gains
        // 23.5 kg × (3.6 - 1.2) m = 56.4 kg·m (-53.8 → +2.6), the list 23.5 kg × (0.487 - 0.38) m = 2.5 kg·m.
        #expect(dragging.contains("sums front 822 kg, back 811.5 kg; trim +2.6 kg·m"))
        #expect(dragging.contains("sums left 749 kg, right 750.5 kg; list +4.5 kg·m"))
        #expect(try DatabaseChecks.historyCount(at: lineup.databasePath) == 0, "nothing is written before the drop")
        try editor.send("Space")
        try editor.waitFor("Exchanged L1 Ada Lindqvist ⇄ L4 Dev Patel")
        #expect(try DatabaseChecks.historyCount(at: lineup.databasePath) == 1)
        let after = try DatabaseChecks.lineups(at: lineup.databasePath)
        #expect(changedLines(before, after) == ["Sample crew left1 Dev Patel", "Sample crew left4 Ada Lindqvist"])
        let history = try lineup.run(["history"]).stdout
        #expect(history.contains("L1 Ada Lindqvist ⇄ L4 Dev Patel"))
        try editor.send("q")
        try editor.waitFor("EXIT=0")
    }

    @Test func aDragThenEscapeChangesNothing() throws {
        let lineup = try sampleClub()
        let before = try Data(contentsOf: URL(fileURLWithPath: lineup.databasePath))
        let editor = try TmuxEditor(lineup)
        try editor.send("Space", "j", "j", "l")
        try editor.waitFor("over R3")
        try editor.send("Escape")
        let screen = try editor.waitFor("Cancelled: nobody moved.")
        #expect(screen.contains(">R3  Iris Thorne"))
        #expect(screen.contains(" L1  Ada Lindqvist"))
        try editor.send("q")
        try editor.waitFor("EXIT=0")
        #expect(try Data(contentsOf: URL(fileURLWithPath: lineup.databasePath)) == before)
    }

    @Test func sigtermDuringADragCancelsItAndRestoresTheTerminal() throws {
        let lineup = try sampleClub()
        let before = try DatabaseChecks.lineups(at: lineup.databasePath)
        let editor = try TmuxEditor(lineup)
        #expect(try editor.format("alternate_on") == "1")
        try editor.send("Space", "j", "j")
        try editor.waitFor("over L3")
        kill(try editor.editorPID(), SIGTERM)
        let screen = try editor.waitFor("EXIT=143")
        #expect(screen.contains("lineup edit: interrupted (SIGTERM); the drag was cancelled, nothing was written."))
        #expect(try editor.format("alternate_on") == "0")
        #expect(try editor.format("cursor_flag") == "1")
        // `stty -a` after the editor: line editing and echo are on again.
        let modes = try editor.waitFor("icanon").split(separator: "\n").last { $0.contains("icanon") } ?? ""
        #expect(Set(modes.split(separator: " ")) == ["icanon", "echo"], "\(modes)")
        #expect(try DatabaseChecks.lineups(at: lineup.databasePath) == before)
        #expect(try DatabaseChecks.historyCount(at: lineup.databasePath) == 0)
    }

    @Test func sigkillDuringADragLeavesTheDatabaseAsBeforeTheCatch() throws {
        let lineup = try sampleClub()
        let bytes = try Data(contentsOf: URL(fileURLWithPath: lineup.databasePath))
        let editor = try TmuxEditor(lineup)
        try editor.send("Space", "j", "j", "j")
        try editor.waitFor("over L4")
        kill(try editor.editorPID(), SIGKILL)
        try editor.waitFor("EXIT=137")
        #expect(try Data(contentsOf: URL(fileURLWithPath: lineup.databasePath)) == bytes)
        #expect(try DatabaseChecks.problems(at: lineup.databasePath) == [])
    }

    @Test func undoAndRedoKeysUseTheSameHistory() throws {
        let lineup = try sampleClub()
        #expect(try lineup.run(["exchange", "L1", "R1"]).status == 0)
        let exchanged = try DatabaseChecks.lineups(at: lineup.databasePath)
        let editor = try TmuxEditor(lineup)
        try editor.send("u")
        try editor.waitFor("Undid L1 Ada Lindqvist ⇄ R1 Bea Marangoni in \"Sample crew\".")
        #expect(try lineup.run(["history", "--json"]).stdout.contains("\"undone\" : true"))
        try editor.send("r")
        try editor.waitFor("Redid L1 Ada Lindqvist ⇄ R1 Bea Marangoni in \"Sample crew\".")
        #expect(try DatabaseChecks.lineups(at: lineup.databasePath) == exchanged)
        try editor.send("r")
        try editor.waitFor("Refused: nothing to redo in boat 'Sample crew'")
        try editor.send("q")
    }

    @Test func aLockedSeatRefusesCatchAndDisplacement() throws {
        let lineup = try sampleClub()
        #expect(try lineup.run(["lock", "L1"]).status == 0)
        let editor = try TmuxEditor(lineup)
        #expect(editor.screen.contains(">[L1] Ada Lindqvist"))
        try editor.send("Space")
        try editor.waitFor("L1 is locked: its paddler stays (L unlocks it).")
        try editor.send("j", "Space")
        try editor.waitFor("Caught Gwen Rasmussen")
        try editor.send("k")
        try editor.waitFor("L1 is locked: nobody is displaced from it.")
        try editor.send("Space")
        try editor.waitFor("Dropped where it was: nothing changed.")
        #expect(try DatabaseChecks.historyCount(at: lineup.databasePath) == 1)
        // L locks the seat under the cursor (still L1: unlock it), as one history record.
        try editor.send("L")
        try editor.waitFor("Unlocked L1 (Ada Lindqvist) in \"Sample crew\".")
        #expect(try DatabaseChecks.historyCount(at: lineup.databasePath) == 2)
        try editor.send("q")
    }

    @Test func anotherProcessChangingTheBoatIsShownAndAStaleReleaseIsRefused() throws {
        let lineup = try sampleClub()
        let editor = try TmuxEditor(lineup)
        #expect(try lineup.run(["exchange", "L9", "R9"]).status == 0)
        let screen = try editor.waitFor("Updated: another command changed the boat.")
        #expect(screen.contains(" L9  Fay Quintero"))
        // Catch Ada at L1; meanwhile another command moves Ada away; the drop is refused and the view reloaded.
        try editor.send("Space", "j")
        try editor.waitFor("Dragging Ada Lindqvist over L2")
        #expect(try lineup.run(["exchange", "L1", "B"]).status == 0)
        try editor.send("Space")
        let refused = try editor.waitFor("Refused: cannot drop")
        // The message wraps over two lines.
        #expect(refused.replacingOccurrences(of: "\n", with: " ").contains("L1 is now empty, not Ada Lindqvist"))
        #expect(try DatabaseChecks.historyCount(at: lineup.databasePath) == 2)
        try editor.waitFor(" L1  -")
        try editor.send("q")
    }

    /// The editor follows its boat through a rename by another command, and its title says the new name (it
    /// kept the old one, so an undo seemed to change a boat of another name).
    @Test func theTitleFollowsARenameByAnotherCommand() throws {
        let lineup = try sampleClub()
        let editor = try TmuxEditor(lineup)
        #expect(editor.screen.contains("lineup edit · Sample crew"))
        #expect(try lineup.run(["boat", "rename", "Sample crew", "Final B"]).status == 0)
        let screen = try editor.waitFor("lineup edit · Final B")
        #expect(!screen.contains("Sample crew"))
        try editor.send("q")
    }

    @Test func theBenchIsReachedWithTheArrowsAndTheRulesFollowTheDrag() throws {
        let lineup = try sampleClub()
        let before = try Data(contentsOf: URL(fileURLWithPath: lineup.databasePath))
        let editor = try TmuxEditor(lineup, boat: ["--unit", "lb"])
        // The balance panel says what `show` says, in the same unit.
        let show = try lineup.run(["show", "--unit", "lb"]).stdout.split(separator: "\n")
        let headlines = show.filter { $0.hasPrefix("Front/back  ") || $0.hasPrefix("Left/right  ") }
        #expect(headlines.count == 2)
        let screen = editor.screen
        for line in headlines { #expect(screen.contains(line), "\(line)\n\(screen)") }
        #expect(screen.contains("sums front 1812.1 lb, back 1789.1 lb; trim -53.8 kg·m"))
        // The help screen stays until ? or esc, as it says.
        try editor.send("?")
        try editor.waitFor("? or esc to go back; q quits")
        try editor.send("j", "Space")
        usleep(300_000)
        #expect(editor.screen.contains("lineup edit: keys"))
        try editor.send("Escape")
        try editor.waitFor("arrows move  space catch/drop")
        #expect(!editor.screen.contains("Caught"), "the keys typed on the help screen did nothing")
        // Ada (left only) over R1: the side warnings show at once, nothing is written.
        try editor.send("Space", "l")
        let overR1 = try editor.waitFor("Dragging Ada Lindqvist over R1: Bea Marangoni goes to L1.")
        #expect(overR1.contains("! Ada Lindqvist paddles on the left but sits at R1"))
        #expect(overR1.contains("! Bea Marangoni paddles on the right but sits at L1"))
        // → again: into the bench beside row 1; ← back to R1.
        try editor.send("l")
        let overBench = try editor.waitFor("Dragging Ada Lindqvist over B1: Alex Moreau goes to L1.")
        #expect(overBench.contains(">B1  Ada Lindqvist"))
        #expect(!overBench.contains("Ada Lindqvist paddles on the left"))
        try editor.send("h")
        try editor.waitFor("Dragging Ada Lindqvist over R1")
        try editor.send("Escape")
        try editor.waitFor("Cancelled: nobody moved.")
        try editor.send("q")
        try editor.waitFor("EXIT=0")
        #expect(try Data(contentsOf: URL(fileURLWithPath: lineup.databasePath)) == before)
    }

    @Test func aTooSmallTerminalLetsNoKeyActUnseen() throws {
        let lineup = try sampleClub()
        let before = try Data(contentsOf: URL(fileURLWithPath: lineup.databasePath))
        let editor = try TmuxEditor(lineup)
        try editor.tmux(["resize-window", "-t", "0", "-x", "70", "-y", "20"])
        try editor.waitFor("lineup edit needs a terminal of at least 80×24;")
        // Catch, drag, drop: on a screen that cannot show them, they must do nothing.
        try editor.send("Space", "j", "Space")
        try editor.tmux(["resize-window", "-t", "0", "-x", "100", "-y", "30"])
        let screen = try editor.waitFor("arrows move  space catch/drop")
        #expect(screen.contains(">L1  Ada Lindqvist"))
        #expect(!screen.contains("Caught") && !screen.contains("Exchanged"))
        try editor.send("q")
        try editor.waitFor("EXIT=0")
        #expect(try Data(contentsOf: URL(fileURLWithPath: lineup.databasePath)) == before)
    }

    @Test func editNeedsATerminal() throws {
        let lineup = try sampleClub()
        let result = try lineup.run(["edit"])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("error: lineup edit needs a terminal"))
    }
}
