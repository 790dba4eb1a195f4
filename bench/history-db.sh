# Sourced by the bench scripts. make_history_database SOURCE TARGET BIN copies the lineup database SOURCE
# (which has 20 history records) to TARGET with 99,980 older records of the same shape (two moves each)
# added to boat 1, then makes one more exchange with BIN: 100,001 records.
make_history_database() {
    local source=$1 target=$2 bin=$3
    sqlite3 "$source" "VACUUM INTO '$target'"
    sqlite3 "$target" >/dev/null <<'SQL'
PRAGMA journal_mode = WAL;
BEGIN;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 99980)
INSERT INTO history (boat_id, created_at, summary) SELECT 1, '2026-01-01 00:00:00.000', 'L3 A ⇄ R3 B' FROM n;
INSERT INTO history_move (history_id, paddler_id, paddler_name, from_section, from_position, to_section, to_position)
SELECT id, 1, 'A', 'left', 3, 'right', 3 FROM history WHERE id > 20;
INSERT INTO history_move (history_id, paddler_id, paddler_name, from_section, from_position, to_section, to_position)
SELECT id, 2, 'B', 'right', 3, 'left', 3 FROM history WHERE id > 20;
COMMIT;
-- Older records first, as a real history would be: the newest ones are the 20 real ones.
UPDATE history SET id = id + 200000 WHERE id <= 20;
SQL
    "$bin" --db "$target" exchange L1 R1 >/dev/null
}
