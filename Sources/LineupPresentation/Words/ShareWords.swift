import LineupCore

/// Share links in words, as `lineup share` and the page report them.
public enum ShareWords {
    /// `Share link #3 to regatta "Cup" (without weights); it is shown only now. Revoke it with: lineup share
    /// --revoke 3`, said when a link is made (its address is shown beside it, once).
    public static func made(_ link: ShareLink) -> String {
        "Share link #\(link.id) to \(link.subjectName) (\(link.showsWeights ? "with" : "without") weights); "
            + "it is shown only now. Revoke it with: lineup share --revoke \(link.id)"
    }

    /// `Revoked share link #3 to regatta "Cup": it opens nothing any more.`
    public static func revoked(_ link: ShareLink) -> String {
        "Revoked share link #\(link.id) to \(link.subjectName): it opens nothing any more."
    }

    /// `Revoked 2 share links of boat "Sample crew".`
    public static func revokedAll(_ links: [ShareLink], of subject: ShareLink.Subject) -> String {
        "Revoked \(ListWords.count(links.count, "share link")) of \(subject.name)."
    }

    /// `#3  regatta "Cup"  no weights  made 2026-06-13 09:10`, a line of `share --list`.
    public static func listed(_ link: ShareLink) -> String {
        "#\(link.id)  \(link.subjectName)  \(link.showsWeights ? "with weights" : "no weights")  "
            + "made \(DateText.localMinutes(link.createdAt))"
    }
}
