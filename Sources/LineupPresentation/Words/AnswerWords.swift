import Foundation
import LineupCore

/// Paddlers' links and answers in words, as `lineup invite` and `lineup regatta answers` say them.
public enum AnswerWords {
    /// `Made 3 personal links (to regatta "Cup", open until 2026-12-01); they are shown only now. Revoke one
    /// with: lineup invite --revoke NAME`.
    public static func invited(_ links: [PaddlerLink]) -> String {
        var scope: [String] = []
        if let regatta = links.first?.regatta { scope.append("to regatta \"\(regatta)\"") }
        if let last = links.first?.expiresOn { scope.append("open until \(last)") }
        let detail = scope.isEmpty ? "" : " (\(scope.joined(separator: ", ")))"
        return "Made \(ListWords.count(links.count, "personal link"))\(detail); "
            + "\(links.count == 1 ? "it is" : "they are") shown only now. Revoke one with: lineup invite --revoke NAME"
    }

    /// `#4  Ana Lima  every regatta  open until 2026-12-01  made 2026-11-27 09:10`, a line of `invite --list`.
    public static func listed(_ link: PaddlerLink) -> String {
        "#\(link.id)  \(link.paddlerName)  \(link.regatta.map { "regatta \"\($0)\"" } ?? "every regatta")  "
            + "\(link.expiresOn.map { "open until \($0)" } ?? "no end")  made \(DateText.localMinutes(link.createdAt))"
    }

    /// `Revoked 2 personal links (Ana Lima, Bo Kay): they open nothing any more.`
    public static func revoked(_ links: [PaddlerLink]) -> String {
        guard !links.isEmpty else { return "No personal links to revoke." }
        let names = Array(Set(links.map(\.paddlerName))).sorted()
        return "Revoked \(ListWords.count(links.count, "personal link")) (\(ListWords.joined(names))): "
            + "\(links.count == 1 ? "it opens" : "they open") nothing any more."
    }

    /// `in`, `maybe from 10:00`, `in 10:00 to 14:00`, `out`.
    public static func choice(_ choice: AnswerChoice, from: TimeOfDay?, until: TimeOfDay?) -> String {
        let times: String
        switch (from, until) {
        case (let from?, let until?): times = " \(from) to \(until)"
        case (let from?, nil): times = " from \(from)"
        case (nil, let until?): times = " until \(until)"
        case (nil, nil): times = ""
        }
        return choice.rawValue + times
    }

    /// `maybe from 10:00 (paddler, 2026-11-27 09:10): "bus may be late"`.
    public static func answer(_ answer: PaddlerAnswer) -> String {
        let comment = answer.comment.isEmpty ? "" : ": \"\(answer.comment)\""
        return choice(answer.choice, from: answer.from, until: answer.until)
            + " (\(answer.givenBy == .coach ? "coach" : "own answer"), \(DateText.localMinutes(answer.givenAt)))"
            + comment
    }

    /// `Ana Lima: in for regatta "Cup" (own answer …)`, said when an answer is stored.
    public static func stored(_ answer: PaddlerAnswer, name: String, regatta: String) -> String {
        let what = answer.race.map { "race \"\($0)\"" } ?? "regatta \"\(regatta)\""
        return "\(name): \(choice(answer.choice, from: answer.from, until: answer.until)) for \(what)"
            + (answer.comment.isEmpty ? "" : " (\"\(answer.comment)\")")
            + (answer.givenBy == .coach ? "; the coach's word wins over the paddler's" : "")
    }

    /// The coach's reading of a regatta's answers: the counts per race, who has not answered, then each
    /// paddler's answers, new ones marked.
    public static func sheet(_ sheet: AnswerSheet) -> [String] {
        var lines: [String] = []
        let since = sheet.lastSeen.map { "; * new since you last looked (\(DateText.localMinutes($0)))" } ?? ""
        lines.append(
            "Answers for \(sheet.regatta.name) (\(sheet.regatta.date))"
                + (sheet.isClosed ? ", closed: paddlers can no longer change theirs" : "") + since)
        let width = sheet.races.map { TextLayout.width($0.race) }.max() ?? 0
        for race in sheet.races {
            lines.append(
                "  \(race.start)  \(TextLayout.pad(race.race, width))  \(race.inCount) in · \(race.maybeCount) maybe · "
                    + "\(race.outCount) out · \(race.notAnswered) no answer")
        }
        let missing = sheet.notAnswered
        lines.append(
            missing.isEmpty
                ? "Everyone has answered."
                : "Not answered (\(missing.count)): \(ListWords.joined(missing))")
        let nameWidth = sheet.lines.map { TextLayout.width($0.name) }.max() ?? 0
        for line in sheet.lines where !line.hasNotAnswered || line.injuredUntil != nil {
            var parts: [String] = []
            if let entry = line.coachEntry { parts.append("coach: \(entry)") }
            if let answer = line.answer {
                parts.append(
                    (line.coachEntry == nil ? "" : "own answer (the coach's word wins): ") + Self.answer(answer))
            }
            for race in line.raceAnswers {
                parts.append("\(race.race ?? ""): \(Self.answer(race))")
            }
            if let injured = line.injuredUntil { parts.append("injured until \(injured)") }
            lines.append(
                "\(line.isNew && sheet.lastSeen != nil ? "*" : " ") \(TextLayout.pad(line.name, nameWidth))  "
                    + parts.joined(separator: "; "))
        }
        return lines
    }
}
