import ArgumentParser
import Foundation
import Testing

@testable import lineup

/// How the command line reads what the user typed, in process (`CommandLineArguments`), and end to end.
@Suite("arguments: names with a leading dash, global options anywhere, no surprise help")
struct ArgumentTests {
    func prepared(_ arguments: [String]) throws -> [String] {
        try CommandLineArguments.prepared(arguments)
    }

    @Test func plainCommandLinesReachTheParserAsTheyAre() throws {
        for arguments in [
            ["show"], ["exchange", "L1", "R1", "-b", "Mixed"], ["roster", "add", "Ann Lee", "--weight", "61"],
            ["history", "prune", "--keep=2"], ["--help"], ["help", "exchange"], [],
        ] {
            #expect(try prepared(arguments) == arguments)
        }
    }

    @Test func aNameWithALeadingDashIsAValue() throws {
        #expect(
            try prepared(["roster", "add", "-Dash Doe", "--weight", "70"])
                == ["roster", "add", "--weight", "70", "--", "-Dash Doe"])
        #expect(try prepared(["exchange", "-Dash", "L1"]) == ["exchange", "--", "-Dash", "L1"])
        #expect(try prepared(["exchange", "-x", "-y"]) == ["exchange", "--", "-x", "-y"])
        #expect(try prepared(["lock", "--Dash"]) == ["lock", "--", "--Dash"])
    }

    @Test func optionValuesMayStartWithADash() throws {
        #expect(try prepared(["show", "-b", "-Mixed"]) == ["show", "-b=-Mixed"])
        #expect(
            try prepared(["roster", "update", "Ann", "--rename", "-Ann", "--notes", "-- call first"])
                == ["roster", "update", "--rename=-Ann", "--notes=-- call first", "--", "Ann"])
        // Another option is not a value: the parser says the value is missing.
        #expect(try prepared(["show", "-b", "--json", "-x"]).prefix(2) == ["show", "-b"])
    }

    @Test func afterTheTerminatorSlotsFillFirstThenOptionsCount() throws {
        #expect(
            try prepared(["roster", "add", "--", "-Dash Doe", "--weight", "70"])
                == ["roster", "add", "--weight", "70", "--", "-Dash Doe"])
        #expect(try prepared(["roster", "add", "--", "--weight", "70"]) == ["roster", "add", "--", "--weight", "70"])
    }

    @Test func optionsBeforeTheSubcommandMoveBehindIt() throws {
        #expect(try prepared(["-b", "Mixed", "exchange", "L3", "R3"]) == ["exchange", "-b", "Mixed", "L3", "R3"])
        #expect(
            try prepared(["--db", "x.sqlite", "--unit", "lb", "show"]) == ["show", "--db", "x.sqlite", "--unit", "lb"])
        #expect(try prepared(["--db=x.sqlite", "roster", "list"]) == ["roster", "list", "--db=x.sqlite"])
        #expect(try prepared(["roster", "--db", "x", "add", "Ann"]) == ["roster", "add", "--db", "x", "Ann"])
        #expect(try prepared(["-b", "-Mixed", "show"]) == ["show", "-b=-Mixed"])
    }

    @Test func unknownSubcommandsGetTheNearestOnes() {
        for (arguments, hint) in [
            (["exchnge", "L1", "L2"], "did you mean `lineup exchange`?"), (["swp"], "`lineup swap`"),
            (["boat", "creat", "X"], "did you mean `lineup boat create`?"), (["frobnicate"], "see `lineup --help`"),
            (["-Dash Doe"], "Unexpected argument '-Dash Doe'"),
        ] {
            do {
                _ = try prepared(arguments)
                Issue.record("\(arguments) was taken")
            } catch {
                #expect((error as? CommandError)?.status == 64)
                #expect("\(error)".contains(hint), "\(error)")
            }
        }
    }

    /// Every command's options, as the parser describes them, are read: the table the rewriting relies on.
    @Test func commandOptionsComeFromTheParser() throws {
        let exchange = try CommandOptions(ExchangeCommand.self)
        #expect(exchange.positionalSlots == 2)
        #expect(exchange.takesValue["-b"] == true && exchange.takesValue["--boat"] == true)
        #expect(exchange.takesValue["--db"] == true && exchange.takesValue["--unit"] == true)
        #expect(exchange.takesValue["-h"] == false && exchange.takesValue["--help"] == false)
        let update = try CommandOptions(RosterUpdateCommand.self)
        #expect(update.positionalSlots == 1)
        #expect(update.takesValue["--no-drum"] == false && update.takesValue["--inactive"] == false)
        #expect(update.takesValue["--rename"] == true && update.takesValue["--notes"] == true)
    }

    // MARK: - End to end

    static func sample() throws -> LineupProcess {
        let lineup = try LineupProcess()
        for command in [["init", "--sample"], ["boat", "create", "Mixed"], ["use", "Sample crew"]] {
            #expect(try lineup.run(command).status == 0)
        }
        return lineup
    }

    @Test func dashNamesWorkInEveryCommandWithoutTheTerminator() throws {
        let lineup = try Self.sample()
        let added = try lineup.run(["roster", "add", "-Dash Doe", "--weight", "70"])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.contains("Added -Dash Doe"))
        #expect(try lineup.run(["roster", "add", "--", "-Zed Dash", "--weight", "71"]).status == 0)
        let exchanged = try lineup.run(["exchange", "-Dash Doe", "L1"])
        #expect(exchanged.status == 0, "\(exchanged.stderr)")
        #expect(exchanged.stdout.contains("-Dash Doe"))
        #expect(try lineup.run(["lock", "-Dash Doe"]).status == 0)
        #expect(try lineup.run(["unlock", "-dash doe"]).status == 0)
        let updated = try lineup.run(["roster", "update", "-Dash Doe", "--rename", "-Dash Doe-Ray", "--notes", "-left"])
        #expect(updated.status == 0, "\(updated.stderr)")
        #expect(try lineup.run(["boat", "create", "-Heat 1"]).status == 0)
        #expect(try lineup.run(["show", "-b", "-Heat 1"]).status == 0)
        #expect(try lineup.run(["boat", "rename", "-Heat 1", "-Heat 2"]).status == 0)
        #expect(try lineup.run(["-b", "-Heat 2", "exchange", "-Zed Dash", "D"]).status == 0)
        let roster = try lineup.run(["roster", "list"]).stdout
        #expect(roster.contains("-Dash Doe-Ray") && roster.contains("-left"))
        #expect(try lineup.run(["roster", "remove", "-Zed Dash", "--force"]).status == 0)
    }

    /// Whatever a non-option argument looks like, it never prints help and exits 0 having done nothing.
    @Test(arguments: [
        ["roster", "add", "-Dash Doe"], ["roster", "add", "-h x"], ["exchange", "-help me", "L1"], ["show", "-Dash"],
        ["-Dash Doe"], ["-hx"], ["roster", "-help x"], ["boat", "create", "-hello"],
    ])
    func nonOptionsNeverPrintHelp(_ arguments: [String]) throws {
        let lineup = try Self.sample()
        let result = try lineup.run(arguments)
        #expect(!result.stdout.contains("USAGE:") && !result.stdout.contains("OVERVIEW:"), "\(result.stdout)")
        #expect(result.status != 0 || !result.stdout.isEmpty, "\(result.stderr)")
    }

    @Test func globalOptionsWorkOnBothSides() throws {
        let lineup = try Self.sample()
        let path = lineup.databasePath
        for arguments in [
            ["-b", "Mixed", "show"], ["show", "-b", "Mixed"], ["--boat", "Mixed", "show"], ["--boat=Mixed", "show"],
            ["--db", path, "-b", "Mixed", "show"], ["show", "--unit", "lb", "-b", "Mixed"],
            ["--unit", "lb", "-b", "Mixed", "show"],
        ] {
            let result = try lineup.run(arguments, environment: ["LINEUP_DB": "/nonexistent/\(UUID())"])
            if arguments.contains("--db") {
                #expect(result.status == 0, "\(arguments): \(result.stderr)")
                #expect(result.stdout.hasPrefix("Mixed"))
            }
        }
        for arguments in [["-b", "Mixed", "show"], ["show", "-b", "Mixed"], ["--unit", "lb", "-b", "Mixed", "show"]] {
            let result = try lineup.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(result.stdout.hasPrefix("Mixed"), "\(arguments)")
        }
        let exchanged = try lineup.run(["-b", "Mixed", "exchange", "B1", "L3"])
        #expect(exchanged.status == 0, "\(exchanged.stderr)")
        #expect(exchanged.stdout.contains("in \"Mixed\""))
    }

    @Test func namesACoachTypes() throws {
        let lineup = try Self.sample()
        #expect(try lineup.run(["roster", "add", "Maya Chen", "--weight", "60"]).status == 0)
        let exchanged = try lineup.run(["exchange", "maya", "L1"])
        #expect(exchanged.status == 0, "\(exchanged.stderr)")
        #expect(exchanged.stdout.contains("Maya Chen"))
        let typo = try lineup.run(["exchange", "Mya Chen", "L1"])
        #expect(typo.status == 1)
        #expect(typo.stderr.contains("did you mean Maya Chen?"), "\(typo.stderr)")
        #expect(
            try lineup.run(["roster", "update", "chen", "--weight", "61"]).stdout
                == "Updated Maya Chen: weight 60 kg → 61 kg.\n")
        let removed = try lineup.run(["roster", "remove", "maya", "--force"])
        #expect(removed.status == 1)
        #expect(removed.stderr.contains("give the whole name (Maya Chen)"), "\(removed.stderr)")
        #expect(try lineup.run(["-b", "mix", "show"]).stdout.hasPrefix("Mixed"))
        #expect(try lineup.run(["boat", "delete", "mix", "--force"]).status == 1)
    }
}
