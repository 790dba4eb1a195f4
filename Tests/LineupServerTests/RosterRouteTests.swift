import Foundation
import HTTPTypes
import HummingbirdTesting
import LineupCore
import LineupStore
import Testing

@testable import LineupServer

/// The roster's routes (`POST /api/roster`, `POST /api/roster/{paddler}`): seat roles and rows with the command
/// line's checks and words, and a field the route does not know refused rather than ignored.
@Suite("roster routes", .serialized)
struct RosterRouteTests {
    @Test func aRoleAndRowsAreSetOnAddAndUpdate() async throws {
        let fixture = try ServerFixture()
        let db = try fixture.commandLine()
        try await fixture.test { client in
            let added = try await client.send(
                .post, "/api/roster",
                json: #"{"name": "Web One", "role": "stroke", "rows": [1, 2], "prefer_rows": [1]}"#)
            #expect(added.status == .created, "\(added.text)")
            let paddler = try #require(added.object["paddler"] as? [String: Any])
            #expect(paddler["role"] as? String == "stroke")
            #expect(paddler["rows"] as? [Int] == [1, 2])
            #expect(paddler["prefer_rows"] as? [Int] == [1])
            #expect(try db.paddler(named: "Web One").role == .stroke)

            let updated = try await client.send(
                .post, "/api/roster/Ada%20Lindqvist", json: #"{"role": "REAR", "never_rows": [1], "prefer_rows": [9]}"#)
            #expect(updated.status == .ok, "\(updated.text)")
            #expect(
                updated.object["message"] as? String
                    == "Updated Ada Lindqvist: role any → rear, rows any → 2–10, preferred rows none → 9.")
            let ada = try db.paddler(named: "Ada Lindqvist")
            #expect(ada.role == .rear && ada.rows == RowSet(2...10) && ada.preferredRows == RowSet([9]))

            // never_rows alone narrows the rows she has (2-10): it never opens row 1 again.
            let barred = try await client.send(.post, "/api/roster/Ada%20Lindqvist", json: #"{"never_rows": [10]}"#)
            #expect(barred.status == .ok, "\(barred.text)")
            #expect(try db.paddler(named: "Ada Lindqvist").rows == RowSet(2...9))
            let emptied = try await client.send(
                .post, "/api/roster/Ada%20Lindqvist", json: #"{"never_rows": [2, 3, 4, 5, 6, 7, 8, 9]}"#)
            #expect(emptied.status.code == 422 && emptied.text.contains("no row to sit in"), "\(emptied.text)")
            #expect(try db.paddler(named: "Ada Lindqvist").rows == RowSet(2...9))

            let cleared = try await client.send(
                .post, "/api/roster/Ada%20Lindqvist", json: #"{"role": "any", "rows": null, "prefer_rows": null}"#)
            #expect(cleared.status == .ok, "\(cleared.text)")
            let again = try db.paddler(named: "Ada Lindqvist")
            #expect(again.role == .any && again.rows == nil && again.preferredRows == nil)
        }
    }

    @Test(arguments: [
        (#"{"role": "cox"}"#, "'cox' is not a role; use stroke, engine, rear or any"),
        (#"{"rows": [0, 2]}"#, "row 0 does not exist; boats have rows 1 to 10"),
        (#"{"rows": [11]}"#, "row 11 does not exist; boats have rows 1 to 10"),
        (#"{"rows": []}"#, "no rows are given"),
        (#"{"rows": [1, 2], "never_rows": [1, 2]}"#, "rows 1-2 with never_rows 1-2 leaves no row to sit in"),
        (#"{"never_rows": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]}"#, "never_rows 1-10 leaves no row to sit in"),
        (#"{"rows": [2, 3], "prefer_rows": [1]}"#, "they may sit only in rows 2–3, so they cannot prefer row 1"),
        (#"{"prefer_rows": [12]}"#, "row 12 does not exist"),
    ])
    func badRolesAndRowsAreRefusedInTheCommandLinesWords(body: String, sentence: String) async throws {
        let fixture = try ServerFixture()
        let db = try fixture.commandLine()
        let roster = try db.roster()
        try await fixture.test { client in
            let update = try await client.send(.post, "/api/roster/Ada%20Lindqvist", json: body)
            #expect(update.status == .unprocessableContent, "\(body): \(update.text)")
            #expect(update.errorMessage.contains(sentence), "\(body): \(update.errorMessage)")
            let addBody = #"{"name": "Jack Lee", "# + body.dropFirst()
            let add = try await client.send(.post, "/api/roster", json: addBody)
            #expect(add.status == .unprocessableContent, "\(addBody): \(add.text)")
            #expect(add.errorMessage.contains(sentence), "\(addBody): \(add.errorMessage)")
        }
        #expect(try db.roster() == roster)
    }

    @Test(arguments: [
        ("/api/roster", #"{"name": "Web One", "wieght_kg": 70}"#, "wieght_kg"),
        ("/api/roster", #"{"name": "Web One", "seat_role": "stroke"}"#, "seat_role"),
        ("/api/roster/Ada%20Lindqvist", #"{"rows": [5], "prefered_rows": [5]}"#, "prefered_rows"),
        ("/api/roster/Ada%20Lindqvist", #"{"injured": true}"#, "injured"),
    ])
    func aFieldTheRouteDoesNotKnowIsRefusedByName(path: String, body: String, field: String) async throws {
        let fixture = try ServerFixture()
        let db = try fixture.commandLine()
        let roster = try db.roster()
        try await fixture.test { client in
            let response = try await client.send(.post, path, json: body)
            #expect(response.status == .badRequest, "\(body): \(response.text)")
            #expect(response.errorMessage.contains("\"\(field)\""), "\(response.errorMessage)")
        }
        #expect(try db.roster() == roster)
    }

    /// Every field the page sends is one the routes take, in either spelling the decoder reads.
    @Test func theFieldsThePageSendsAreTaken() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            let added = try await client.send(
                .post, "/api/roster",
                json: #"{"name": "Web One", "weight_kg": 61.5, "sex": "F", "side": "left", "can_drum": true, "#
                    + #""can_steer": true}"#)
            #expect(added.status == .created, "\(added.text)")
            for body in [#"{"weight_kg": 62}"#, #"{"active": false}"#, #"{"notes": "x", "weightKg": 63}"#] {
                let response = try await client.send(.post, "/api/roster/Web%20One", json: body)
                #expect(response.status == .ok, "\(body): \(response.text)")
            }
        }
    }
}
