import Foundation
import GRDB
import LineupCore

/// What a share link opens, as it is now.
public enum SharedSubject: Sendable {
    case boat(BoatState)
    case regatta(RegattaState)
}

extension LineupDatabase {
    /// Records a share link to the boat `choice` names under `tokenDigest`.
    public func createShareLink(
        forBoat choice: BoatChoice, showsWeights: Bool, tokenDigest: String
    ) throws(StoreError) -> ShareLink {
        try write { db in
            let boat = try Self.resolveBoat(choice, db)
            let link = try Self.insertLink(boat: boat.id, regatta: nil, showsWeights, tokenDigest, db)
            return ShareLink(id: link.id, subject: .boat(boat), showsWeights: showsWeights, createdAt: link.date)
        }
    }

    /// Records a share link to the regatta `name` names under `tokenDigest`.
    public func createShareLink(
        forRegatta name: String, showsWeights: Bool, tokenDigest: String
    ) throws(StoreError) -> ShareLink {
        try write { db in
            let regatta = try Self.regatta(named: name, db)
            let link = try Self.insertLink(boat: nil, regatta: regatta.id, showsWeights, tokenDigest, db)
            return ShareLink(id: link.id, subject: .regatta(regatta), showsWeights: showsWeights, createdAt: link.date)
        }
    }

    /// The share links of the boat `choice` names, or of every boat and regatta when `choice` is nil; oldest
    /// first.
    public func shareLinks(ofBoat choice: BoatChoice?) throws(StoreError) -> [ShareLink] {
        try read { db in
            let boat = try choice.map { choice in try Self.resolveBoat(choice, db) }
            return try Self.links(db).filter { link in
                guard let boat else { return true }
                if case .boat(let linked) = link.subject { return linked.id == boat.id }
                return false
            }
        }
    }

    /// The share links of the regatta `name` names; oldest first.
    public func shareLinks(ofRegatta name: String) throws(StoreError) -> [ShareLink] {
        try read { db in
            let regatta = try Self.regatta(named: name, db)
            return try Self.links(db).filter { link in
                if case .regatta(let linked) = link.subject { return linked.id == regatta.id }
                return false
            }
        }
    }

    /// Revokes the share link numbered `id`: whoever has it can no longer open it.
    @discardableResult
    public func revokeShareLink(id: Int64) throws(StoreError) -> ShareLink {
        try write { db in
            guard let link = try Self.links(db, id: id).first else { throw StoreError.unknownShareLink(id) }
            try db.execute(sql: "DELETE FROM share_link WHERE id = ?", arguments: [id])
            return link
        }
    }

    /// Revokes every share link of the boat `choice` names, in full when it is named (it cannot be undone, so
    /// a start of the name is not enough); returns the boat and the links revoked.
    @discardableResult
    public func revokeShareLinks(ofBoat choice: BoatChoice) throws(StoreError) -> (
        subject: ShareLink.Subject, links: [ShareLink]
    ) {
        let whole: BoatChoice = if case .named(let name) = choice { .wholeName(name) } else { choice }
        return try write { db in
            let boat = try Self.resolveBoat(whole, db)
            let links = try Self.links(db).filter { link in
                if case .boat(let linked) = link.subject { return linked.id == boat.id }
                return false
            }
            try db.execute(sql: "DELETE FROM share_link WHERE boat_id = ?", arguments: [boat.id])
            return (.boat(boat), links)
        }
    }

    /// Revokes every share link of the regatta `name` names in full (it cannot be undone, so a start of the
    /// name is not enough); returns the regatta and the links revoked.
    @discardableResult
    public func revokeShareLinks(ofRegatta name: String) throws(StoreError) -> (
        subject: ShareLink.Subject, links: [ShareLink]
    ) {
        try write { db in
            let regatta = try Self.regatta(named: name, exactOnly: true, db)
            let links = try Self.links(db).filter { link in
                if case .regatta(let linked) = link.subject { return linked.id == regatta.id }
                return false
            }
            try db.execute(sql: "DELETE FROM share_link WHERE regatta_id = ?", arguments: [regatta.id])
            return (.regatta(regatta), links)
        }
    }

    /// The link recorded under `tokenDigest` and what it opens as it is now; nil when there is none (never
    /// made, or revoked).
    public func shared(tokenDigest: String) throws(StoreError) -> (link: ShareLink, subject: SharedSubject)? {
        try read { db in
            guard
                let row = try Row.fetchOne(
                    db, sql: "SELECT id FROM share_link WHERE token_digest = ?", arguments: [tokenDigest]),
                let link = try Self.links(db, id: row["id"]).first
            else { return nil }
            switch link.subject {
            case .boat(let boat): return (link, .boat(try Self.loadState(boat, db)))
            case .regatta(let regatta):
                return (link, .regatta(try Self.regattaState(regatta.name, exactOnly: true, db)))
            }
        }
    }

    private static func insertLink(
        boat: Int64?, regatta: Int64?, _ showsWeights: Bool, _ tokenDigest: String, _ db: Database
    ) throws -> (id: Int64, date: Date) {
        let now = Date()
        try db.execute(
            sql: """
                INSERT INTO share_link (boat_id, regatta_id, token_digest, shows_weights, created_at)
                VALUES (?, ?, ?, ?, ?)
                """,
            arguments: [boat, regatta, tokenDigest, showsWeights, Timestamp.text(from: now)])
        return (db.lastInsertedRowID, now)
    }

    /// Every link (or the one numbered `id`) with what it opens, oldest first.
    private static func links(_ db: Database, id: Int64? = nil) throws -> [ShareLink] {
        let boats = Dictionary(uniqueKeysWithValues: try BoatRow.all(db).map { ($0.boat.id, $0.boat) })
        let regattas = Dictionary(
            uniqueKeysWithValues: try regattaInfos(db, sql: "", arguments: []).map { ($0.id, $0) })
        return try Row.fetchAll(
            db,
            sql: """
                SELECT id, boat_id, regatta_id, shows_weights, created_at FROM share_link
                WHERE ? IS NULL OR id = ? ORDER BY id
                """, arguments: [id, id]
        ).compactMap { row in
            let subject: ShareLink.Subject
            if let boat = (row["boat_id"] as Int64?).flatMap({ boats[$0] }) {
                subject = .boat(boat)
            } else if let regatta = (row["regatta_id"] as Int64?).flatMap({ regattas[$0] }) {
                subject = .regatta(regatta)
            } else {
                return nil
            }
            return ShareLink(
                id: row["id"], subject: subject, showsWeights: row["shows_weights"],
                createdAt: Timestamp.date(from: row["created_at"]) ?? Date(timeIntervalSince1970: 0))
        }
    }
}
