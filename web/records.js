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

export function recordText(entry) { return `${entry.summary}${entry.undone ? ' (undone)' : ''}`; }

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
