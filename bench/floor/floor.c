// The floor for lineup's hot commands: a C program on SQLite's own API that does to the database what
// `lineup exchange`, `undo`, `redo`, `lock`, `unlock` and `show` do, statement for statement (captured from lineup
// with sqlite3_trace_v2), with lineup's settings and guarantees: WAL, synchronous=FULL, foreign keys, a
// 10 s busy timeout, the file checked before SQLite opens it, the schema checked, one IMMEDIATE
// transaction per change with its history record and the user_version stamp, and the log copied into
// the main file when the connection closes (the file alone is complete after each command). What it
// leaves out is what only lineup does: names, the exchange engine's checks beyond "both seats exist",
// balance moments and crew rules, and the seat chart's layout. It prints a short report like lineup's.
//
//   floor DB exchange SEAT SEAT | undo | redo | lock SEAT | unlock SEAT | show
//
// SEAT is D, S, Ln or Rn. Built and run by bench/run.sh; not part of lineup.
#include <fcntl.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static sqlite3 *db;

static void fail(const char *what) {
    fprintf(stderr, "floor: %s: %s\n", what, db ? sqlite3_errmsg(db) : "");
    exit(1);
}

static sqlite3_stmt *prepare(const char *sql) {
    sqlite3_stmt *statement;
    if (sqlite3_prepare_v2(db, sql, -1, &statement, NULL) != SQLITE_OK) fail(sql);
    return statement;
}

static void run(const char *sql) {
    if (sqlite3_exec(db, sql, NULL, NULL, NULL) != SQLITE_OK) fail(sql);
}

static void finish(sqlite3_stmt *statement) {
    int code;
    while ((code = sqlite3_step(statement)) == SQLITE_ROW) {}
    if (code != SQLITE_DONE) fail(sqlite3_sql(statement));
    sqlite3_finalize(statement);
}

// What lineup checks before SQLite sees the path: a regular file that starts like a SQLite database, no
// rollback journal beside it, and the state of the log and its index.
static void check_file(const char *path) {
    struct stat status;
    if (stat(path, &status) != 0 || !S_ISREG(status.st_mode)) fail("not a regular file");
    int descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    unsigned char header[100];
    if (descriptor < 0 || read(descriptor, header, sizeof header) < 20) fail("cannot read the header");
    close(descriptor);
    if (memcmp(header, "SQLite format 3", 16) != 0 || header[18] != 2) fail("not a WAL database");
    char companion[4096];
    const char *suffixes[] = {"-journal", "-wal", "-shm"};
    for (int index = 0; index < 3; index++) {
        snprintf(companion, sizeof companion, "%s%s", path, suffixes[index]);
        if (stat(companion, &status) == 0 && index == 0 && status.st_size > 0) fail("a rollback journal");
    }
}

static void open_database(const char *path, int reading) {
    // As lineup does: no memory statistics (nothing reads them; they take a mutex at every allocation).
    sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
    check_file(path);
    if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, NULL) != SQLITE_OK) fail("open");
    sqlite3_busy_timeout(db, 10000);
    run("PRAGMA foreign_keys = ON");
    if (!reading) run("PRAGMA synchronous = FULL");
    if (reading) run("PRAGMA query_only = 1");
    // The schema check: lineup's migration table, and every migration known.
    run("BEGIN DEFERRED");
    finish(prepare("SELECT type, name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'"));
    finish(prepare("SELECT identifier FROM grdb_migrations"));
    run("COMMIT");
}

// The boat, its lineup and the roster, read as lineup reads them.
struct seat {
    char section[8];
    int position;
    long long paddler;
};
static struct seat seats[256];
static int seat_count;
static char names[256][128];
static double weights[256];
static long long boat_id;
static char boat_name[128];

static void load_state(void) {
    sqlite3_stmt *statement = prepare("SELECT boat.* FROM boat JOIN current_boat ON current_boat.boat_id = boat.id");
    int found = sqlite3_step(statement) == SQLITE_ROW;
    if (found) {
        boat_id = sqlite3_column_int64(statement, 0);
        snprintf(boat_name, sizeof boat_name, "%s", (const char *)sqlite3_column_text(statement, 1));
    }
    sqlite3_finalize(statement);
    if (!found) {
        statement = prepare("SELECT * FROM boat ORDER BY name_key");
        if (sqlite3_step(statement) != SQLITE_ROW) fail("no boat");
        boat_id = sqlite3_column_int64(statement, 0);
        snprintf(boat_name, sizeof boat_name, "%s", (const char *)sqlite3_column_text(statement, 1));
        finish(statement);
    }
    statement = prepare("SELECT paddler_id, section, position FROM placement WHERE boat_id = ?");
    sqlite3_bind_int64(statement, 1, boat_id);
    seat_count = 0;
    while (sqlite3_step(statement) == SQLITE_ROW && seat_count < 256) {
        struct seat *seat = &seats[seat_count++];
        seat->paddler = sqlite3_column_int64(statement, 0);
        snprintf(seat->section, sizeof seat->section, "%s", (const char *)sqlite3_column_text(statement, 1));
        seat->position = sqlite3_column_int(statement, 2);
    }
    sqlite3_finalize(statement);
    statement = prepare("SELECT section, position FROM seat_lock WHERE boat_id = ?");
    sqlite3_bind_int64(statement, 1, boat_id);
    finish(statement);
    statement = prepare("SELECT * FROM paddler ORDER BY name_key, id");
    while (sqlite3_step(statement) == SQLITE_ROW) {
        long long id = sqlite3_column_int64(statement, 0);
        if (id < 0 || id >= 256) continue;
        snprintf(names[id], sizeof names[id], "%s", (const char *)sqlite3_column_text(statement, 1));
        weights[id] = sqlite3_column_double(statement, 3);
    }
    sqlite3_finalize(statement);
    statement = prepare("SELECT name, value FROM balance_setting_of_kind WHERE kind = ?");
    sqlite3_bind_text(statement, 1, "standard", -1, SQLITE_STATIC);
    finish(statement);
    finish(prepare("SELECT value FROM club_setting WHERE name = 'weight-unit'"));
}

static void parse_seat(const char *text, char *section, int *position) {
    switch (text[0]) {
    case 'D': strcpy(section, "drummer"); *position = 1; return;
    case 'S': strcpy(section, "steerer"); *position = 1; return;
    case 'L': strcpy(section, "left"); break;
    case 'R': strcpy(section, "right"); break;
    default: fail("seats are D, S, Ln or Rn");
    }
    *position = atoi(text + 1);
}

static struct seat *seat_at(const char *section, int position) {
    for (int index = 0; index < seat_count; index++) {
        if (seats[index].position == position && strcmp(seats[index].section, section) == 0) return &seats[index];
    }
    return NULL;
}

static void print_balance(void) {
    double left = 0, right = 0;
    for (int index = 0; index < seat_count; index++) {
        if (strcmp(seats[index].section, "left") == 0) left += weights[seats[index].paddler];
        if (strcmp(seats[index].section, "right") == 0) right += weights[seats[index].paddler];
    }
    printf("Left/right  sums left %.1f kg, right %.1f kg\n", left, right);
}

// The stamp lineup writes with every change, so a log left by a killed process is matched to its file.
static void stamp_change(void) {
    sqlite3_stmt *statement = prepare("PRAGMA user_version");
    if (sqlite3_step(statement) != SQLITE_ROW) fail("user_version");
    unsigned stamp = (unsigned)sqlite3_column_int(statement, 0);
    sqlite3_finalize(statement);
    unsigned next = (stamp & 0xFFFF) << 16 | ((unsigned)rand() & 0xFFFF);
    char sql[64];
    snprintf(sql, sizeof sql, "PRAGMA user_version = %d", (int)next);
    run(sql);
}

static void now_text(char *buffer, size_t size) {
    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    struct tm parts;
    gmtime_r(&now.tv_sec, &parts);
    size_t length = strftime(buffer, size, "%Y-%m-%d %H:%M:%S", &parts);
    snprintf(buffer + length, size - length, ".%03ld", now.tv_nsec / 1000000);
}

static long long insert_record(const char *summary) {
    sqlite3_stmt *statement = prepare("DELETE FROM history WHERE boat_id = ? AND undone = 1");
    sqlite3_bind_int64(statement, 1, boat_id);
    finish(statement);
    char time[32];
    now_text(time, sizeof time);
    statement = prepare("INSERT INTO history (boat_id, created_at, summary) VALUES (?, ?, ?)");
    sqlite3_bind_int64(statement, 1, boat_id);
    sqlite3_bind_text(statement, 2, time, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(statement, 3, summary, -1, SQLITE_TRANSIENT);
    finish(statement);
    return sqlite3_last_insert_rowid(db);
}

static void move_paddler(long long paddler, const char *section, int position) {
    sqlite3_stmt *statement = prepare("INSERT INTO placement (boat_id, paddler_id, section, position) VALUES (?, ?, ?, ?)");
    sqlite3_bind_int64(statement, 1, boat_id);
    sqlite3_bind_int64(statement, 2, paddler);
    sqlite3_bind_text(statement, 3, section, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int(statement, 4, position);
    finish(statement);
}

static void remove_paddler(long long paddler) {
    sqlite3_stmt *statement = prepare("DELETE FROM placement WHERE boat_id = ? AND paddler_id = ?");
    sqlite3_bind_int64(statement, 1, boat_id);
    sqlite3_bind_int64(statement, 2, paddler);
    finish(statement);
}

static void exchange(const char *first_text, const char *second_text) {
    char first_section[8], second_section[8];
    int first_position, second_position;
    parse_seat(first_text, first_section, &first_position);
    parse_seat(second_text, second_section, &second_position);
    struct seat *first = seat_at(first_section, first_position);
    struct seat *second = seat_at(second_section, second_position);
    if (!first || !second) fail("both seats must be taken");
    char summary[512];
    snprintf(summary, sizeof summary, "%s %s ⇄ %s %s", first_text, names[first->paddler], second_text,
        names[second->paddler]);
    long long record = insert_record(summary);
    struct seat *moved[2] = {first, second};
    for (int index = 0; index < 2; index++) {
        struct seat *from = moved[index], *to = moved[1 - index];
        sqlite3_stmt *statement = prepare(
            "INSERT INTO history_move (history_id, paddler_id, paddler_name, from_section, from_position, "
            "to_section, to_position) VALUES (?, ?, ?, ?, ?, ?, ?)");
        sqlite3_bind_int64(statement, 1, record);
        sqlite3_bind_int64(statement, 2, from->paddler);
        sqlite3_bind_text(statement, 3, names[from->paddler], -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(statement, 4, from->section, -1, SQLITE_TRANSIENT);
        sqlite3_bind_int(statement, 5, from->position);
        sqlite3_bind_text(statement, 6, to->section, -1, SQLITE_TRANSIENT);
        sqlite3_bind_int(statement, 7, to->position);
        finish(statement);
    }
    remove_paddler(second->paddler);
    remove_paddler(first->paddler);
    move_paddler(second->paddler, first->section, first->position);
    move_paddler(first->paddler, second->section, second->position);
    struct seat swapped = *first;
    strcpy(first->section, second->section);
    first->position = second->position;
    strcpy(second->section, swapped.section);
    second->position = swapped.position;
    printf("Exchanged %s in \"%s\".\n", summary, boat_name);
}

// Undo (or redo) the newest (oldest undone) record: its moves checked against the boat and reversed.
static void step(int undoing) {
    sqlite3_stmt *statement = prepare(
        undoing ? "SELECT id, created_at, summary, undone FROM history WHERE boat_id = ? AND undone = 0 "
                  "ORDER BY id DESC LIMIT 1"
                : "SELECT id, created_at, summary, undone FROM history WHERE boat_id = ? AND undone = 1 "
                  "ORDER BY id ASC LIMIT 1");
    sqlite3_bind_int64(statement, 1, boat_id);
    if (sqlite3_step(statement) != SQLITE_ROW) fail(undoing ? "nothing to undo" : "nothing to redo");
    long long record = sqlite3_column_int64(statement, 0);
    char summary[512];
    snprintf(summary, sizeof summary, "%s", (const char *)sqlite3_column_text(statement, 2));
    sqlite3_finalize(statement);
    statement = prepare(
        "SELECT paddler_id, paddler_name, from_section, from_position, to_section, to_position "
        "FROM history_move WHERE history_id = ? ORDER BY rowid");
    sqlite3_bind_int64(statement, 1, record);
    struct seat targets[8];
    int moves = 0;
    while (sqlite3_step(statement) == SQLITE_ROW && moves < 8) {
        int from = undoing ? 4 : 2, to = undoing ? 2 : 4;
        struct seat *now = seat_at((const char *)sqlite3_column_text(statement, from),
            sqlite3_column_int(statement, from + 1));
        if (!now || now->paddler != sqlite3_column_int64(statement, 0)) fail("the boat changed since");
        targets[moves].paddler = now->paddler;
        snprintf(targets[moves].section, sizeof targets[moves].section, "%s",
            (const char *)sqlite3_column_text(statement, to));
        targets[moves].position = sqlite3_column_int(statement, to + 1);
        moves++;
    }
    sqlite3_finalize(statement);
    statement = prepare("SELECT section, position, locked FROM history_lock WHERE history_id = ? ORDER BY rowid");
    sqlite3_bind_int64(statement, 1, record);
    finish(statement);
    statement = prepare("UPDATE history SET undone = ? WHERE id = ?");
    sqlite3_bind_int(statement, 1, undoing);
    sqlite3_bind_int64(statement, 2, record);
    finish(statement);
    for (int index = 0; index < moves; index++) remove_paddler(targets[index].paddler);
    for (int index = 0; index < moves; index++) {
        move_paddler(targets[index].paddler, targets[index].section, targets[index].position);
        for (int seat = 0; seat < seat_count; seat++) {
            if (seats[seat].paddler == targets[index].paddler) seats[seat] = targets[index];
        }
    }
    printf("%s %s in \"%s\".\n", undoing ? "Undid" : "Redid", summary, boat_name);
}

static void set_lock(const char *text, int locked) {
    char section[8];
    int position;
    parse_seat(text, section, &position);
    struct seat *seat = seat_at(section, position);
    char summary[256];
    snprintf(summary, sizeof summary, "%s %s (%s)", locked ? "lock" : "unlock", text,
        seat ? names[seat->paddler] : "empty");
    long long record = insert_record(summary);
    sqlite3_stmt *statement =
        prepare("INSERT INTO history_lock (history_id, section, position, locked) VALUES (?, ?, ?, ?)");
    sqlite3_bind_int64(statement, 1, record);
    sqlite3_bind_text(statement, 2, section, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int(statement, 3, position);
    sqlite3_bind_int(statement, 4, locked);
    finish(statement);
    statement = prepare(locked ? "INSERT INTO seat_lock (boat_id, section, position) VALUES (?, ?, ?)"
                               : "DELETE FROM seat_lock WHERE boat_id = ? AND section = ? AND position = ?");
    sqlite3_bind_int64(statement, 1, boat_id);
    sqlite3_bind_text(statement, 2, section, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int(statement, 3, position);
    finish(statement);
    printf("%s %s in \"%s\".\n", locked ? "Locked" : "Unlocked", text, boat_name);
}

static void show(void) {
    printf("%s\n", boat_name);
    for (int row = 1; row <= 10; row++) {
        struct seat *left = seat_at("left", row), *right = seat_at("right", row);
        printf("%4d  L%-3d %-24s %5.1f | R%-3d %-24s %5.1f\n", row, row, left ? names[left->paddler] : "",
            left ? weights[left->paddler] : 0.0, row, right ? names[right->paddler] : "",
            right ? weights[right->paddler] : 0.0);
    }
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: floor DB exchange SEAT SEAT | undo | redo | lock SEAT | unlock SEAT | show\n");
        return 64;
    }
    const char *command = argv[2];
    int reading = strcmp(command, "show") == 0;
    srand((unsigned)time(NULL) ^ (unsigned)getpid());
    open_database(argv[1], reading);
    run(reading ? "BEGIN DEFERRED" : "BEGIN IMMEDIATE");
    load_state();
    if (strcmp(command, "exchange") == 0 && argc == 5) {
        exchange(argv[3], argv[4]);
    } else if (strcmp(command, "undo") == 0 || strcmp(command, "redo") == 0) {
        step(strcmp(command, "undo") == 0);
    } else if ((strcmp(command, "lock") == 0 || strcmp(command, "unlock") == 0) && argc == 4) {
        set_lock(argv[3], strcmp(command, "lock") == 0);
    } else if (!reading) {
        fail("unknown command");
    }
    if (!reading) stamp_change();
    run("COMMIT");
    if (reading) {
        // Whether the boat races, in a read of its own, as lineup asks it after drawing the chart.
        run("BEGIN DEFERRED");
        sqlite3_stmt *statement = prepare("SELECT 1 AS racing FROM race WHERE boat_id = ? LIMIT 1");
        sqlite3_bind_int64(statement, 1, boat_id);
        finish(statement);
        run("COMMIT");
        show();
    }
    print_balance();
    // Closing the last connection copies the log into the main file and removes it.
    if (sqlite3_close(db) != SQLITE_OK) fail("close");
    return 0;
}
