import Foundation
import GRDB
import LineupCore

/// A read-only link to one boat's chart, made by `lineup share`. The link's token is known only to whoever
/// it was given to; the database keeps its digest.
public struct ShareLink: Hashable, Sendable {
    public var id: Int64
    public var boat: Boat
    /// True when the chart shows the paddlers' weights (the coach allowed it).
    public var showsWeights: Bool
    public var createdAt: Date
}

extension LineupDatabase {
    /// Records a share link to the boat `boatName` names (the current boat when nil) under `tokenDigest`.
    public func createShareLink(
        forBoat choice: BoatChoice, showsWeights: Bool, tokenDigest: String
    ) throws(StoreError) -> ShareLink {
        try write { db in
            let boat = try Self.resolveBoat(choice, db)
            let now = Date()
            try db.execute(
                sql: "INSERT INTO share_link (boat_id, token_digest, shows_weights, created_at) VALUES (?, ?, ?, ?)",
                arguments: [boat.id, tokenDigest, showsWeights, Timestamp.text(from: now)])
            return ShareLink(id: db.lastInsertedRowID, boat: boat, showsWeights: showsWeights, createdAt: now)
        }
    }

    /// The share links of the boat `choice` names, or of every boat when `choice` is nil; oldest first.
    public func shareLinks(ofBoat choice: BoatChoice?) throws(StoreError) -> [ShareLink] {
        try read { db in
            let boat = try choice.map { choice in try Self.resolveBoat(choice, db) }
            let boats = Dictionary(uniqueKeysWithValues: try BoatRow.all(db).map { ($0.boat.id, $0.boat) })
            return try Row.fetchAll(
                db,
                sql: """
                    SELECT id, boat_id, shows_weights, created_at FROM share_link
                    WHERE ? IS NULL OR boat_id = ? ORDER BY id
                    """, arguments: [boat?.id, boat?.id]
            ).compactMap { row in
                boats[row["boat_id"]].map { Self.shareLink(row, boat: $0) }
            }
        }
    }

    /// Revokes the share link numbered `id`: whoever has it can no longer open it.
    @discardableResult
    public func revokeShareLink(id: Int64) throws(StoreError) -> ShareLink {
        try write { db in
            guard
                let row = try Row.fetchOne(
                    db, sql: "SELECT id, boat_id, shows_weights, created_at FROM share_link WHERE id = ?",
                    arguments: [id]),
                let boat = try BoatRow.fetchOne(db, sql: "SELECT * FROM boat WHERE id = ?", arguments: [row["boat_id"]])
            else { throw StoreError.unknownShareLink(id) }
            try db.execute(sql: "DELETE FROM share_link WHERE id = ?", arguments: [id])
            return Self.shareLink(row, boat: boat.boat)
        }
    }

    /// Revokes every share link of the boat `choice` names; returns those revoked.
    @discardableResult
    public func revokeShareLinks(ofBoat choice: BoatChoice) throws(StoreError) -> [ShareLink] {
        try write { db in
            let boat = try Self.resolveBoat(choice, db)
            let links = try Row.fetchAll(
                db, sql: "SELECT id, boat_id, shows_weights, created_at FROM share_link WHERE boat_id = ? ORDER BY id",
                arguments: [boat.id]
            ).map { Self.shareLink($0, boat: boat) }
            try db.execute(sql: "DELETE FROM share_link WHERE boat_id = ?", arguments: [boat.id])
            return links
        }
    }

    /// The link recorded under `tokenDigest` and its boat as it is now; nil when there is none (never made,
    /// or revoked).
    public func sharedBoat(tokenDigest: String) throws(StoreError) -> (link: ShareLink, state: BoatState)? {
        try read { db in
            guard
                let row = try Row.fetchOne(
                    db, sql: "SELECT id, boat_id, shows_weights, created_at FROM share_link WHERE token_digest = ?",
                    arguments: [tokenDigest]),
                let boat = try BoatRow.fetchOne(db, sql: "SELECT * FROM boat WHERE id = ?", arguments: [row["boat_id"]])
            else { return nil }
            return (Self.shareLink(row, boat: boat.boat), try Self.loadState(boat.boat, db))
        }
    }

    private static func shareLink(_ row: Row, boat: Boat) -> ShareLink {
        ShareLink(
            id: row["id"], boat: boat, showsWeights: row["shows_weights"],
            createdAt: Timestamp.date(from: row["created_at"]) ?? Date(timeIntervalSince1970: 0))
    }
}
