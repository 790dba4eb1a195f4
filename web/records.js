// The boat's change records as the page lists them and steps through them (newest first, as the server sends
// them, at most the last 50): which record an undo or a redo takes, and what a change did to the crew rules,
// as the command line prints after a change. No DOM: Node's tests import it.

export const canUndo = (history) => history.some((entry) => !entry.undone);
export const canRedo = (history) => history.some((entry) => entry.undone);

// The record the page shows as next for `kind` ('undo' or 'redo'), which the server must find next too, or
// it refuses (another change took its place meanwhile); none when the page cannot tell: the oldest shown
// undone, older ones may be too.
export function nextRecord(kind, history) {
  return kind === 'undo' ? history.find((entry) => !entry.undone)
    : history.at(-1)?.undone ? null : history.filter((entry) => entry.undone).at(-1);
}

// The history after a change whose answer carries its own records (a drop, a lock, an undo or a redo): each
// record already listed replaced by its new state; a new record first, and with it the undone records gone (a
// new change ends the redo branch, as the store does); still at most the last 50. The page shows it at once
// and reads the whole history again after.
export function historyAfter(history, records) {
  const changed = new Map(records.map((entry) => [entry.id, entry]));
  const added = records.filter((entry) => !history.some((old) => old.id === entry.id))
    .sort((a, b) => b.id - a.id);
  const kept = added.length ? history.filter((entry) => !entry.undone) : history;
  return [...added, ...kept.map((entry) => changed.get(entry.id) ?? entry)].slice(0, 50);
}

// A record's line, with its number as `lineup history` and the undo and redo messages give it.
export function recordText(entry) { return `#${entry.id} ${entry.summary}${entry.undone ? ' (undone)' : ''}`; }

// What a change did to the crew rules, from their findings before and after ({ violations, warnings }, as
// sentences): one line for each finding added or gone; `error` when a rule is newly broken.
export function ruleChanges(before, after) {
  const lines = [];
  const had = new Set([...before.violations, ...before.warnings]);
  const has = new Set([...after.violations, ...after.warnings]);
  for (const text of after.violations) if (!had.has(text)) lines.push(`✗ now broken: ${text}`);
  for (const text of after.warnings) if (!had.has(text)) lines.push(`! now: ${text}`);
  for (const text of [...before.violations, ...before.warnings]) if (!has.has(text)) lines.push(`✓ no longer: ${text}`);
  return { lines, error: after.violations.some((text) => !had.has(text)) };
}
