// The page's sentences and table rows made from the server's answers alone: who is signed in, a roster row,
// the check, the optimizer's plan (with the query that asks for it), and when something was made. No DOM:
// Node's tests import it.
import { shownWeight } from './units.js';

export function whoText(session) {
  if (session.offline) return 'offline, read-only';
  return session.signed_in ? `${session.name} (${session.role}${session.can_change ? '' : ', read-only'})`
    : session.sign_in_required ? '' : 'this machine';
}

// When a record or a link was made (the server's ISO 8601 time), as the rest of the page writes dates and times:
// "2026-11-27 07:01", in this device's time zone, to the minute. A time that cannot be read is shown as sent.
export function madeAtText(time) {
  const date = new Date(time);
  if (Number.isNaN(date.getTime())) return String(time);
  const pad = (n) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} `
    + `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

// A roster row's cells: name, weight, sex, side, drum, steer. A viewer the club hides weights from gets rows
// without `weight_kg` (null is an unknown weight): the cell says so.
export function rosterCells(paddler, coefficients) {
  const weight = !('weight_kg' in paddler) ? 'hidden'
    : paddler.weight_kg == null ? '?' : shownWeight(paddler.weight_kg, coefficients);
  return [
    paddler.name + (paddler.active ? '' : ' (inactive)'),
    weight,
    paddler.sex ?? '?', paddler.side, paddler.can_drum ? 'yes' : '', paddler.can_steer ? 'yes' : '',
  ];
}

const plural = (count, word) => `${count} ${word}${count === 1 ? '' : 's'}`;

// The check's first line ("Rules: … 2 broken, 1 warning.", no count of warnings when there are none, then "Races: 3 problems." when its races have
// some, as `lineup check` says them apart) and last (the balance verdict).
export function checkSummary(check) {
  const races = check.race_problems?.length ?? 0;
  const broken = check.violations.length - races;
  const warnings = check.warnings.length ? `, ${plural(check.warnings.length, 'warning')}` : '';
  return `Rules: ${check.rules}. ${broken ? `${broken} broken` : 'All kept'}${warnings}.`
    + `${races ? ` Races: ${plural(races, 'problem')}.` : ''}`;
}

export function checkVerdict(check) {
  return `Front/back: ${check.verdict.front_back.headline}. Left/right: ${check.verdict.left_right.headline}.`;
}

// The plan form's "at most N exchanges": a number, or null when left empty.
// The form's "at most N people move": empty (or not a whole number from 1) leaves the server's default, 8.
export function maxMovesOf(text) {
  const count = Number(text);
  return text && Number.isInteger(count) && count >= 1 ? count : null;
}

// The plan's query string; the cap and the objective are sent only when they are not the defaults.
export function planQuery(useBench, maxMoves, objective = 'balance') {
  const query = new URLSearchParams({ use_bench: String(useBench) });
  if (maxMoves) query.set('max_moves', String(maxMoves));
  if (objective && objective !== 'balance') query.set('objective', objective);
  return String(query);
}

// Each move with why it helps, as `lineup optimize` lists them: `Ann L3 → R7: -12.0 kg·m trim`.
export function planMoveItems(plan) {
  return plan.moves.map((move, index) => (plan.why?.[index] ? `${move}: ${plan.why[index]}` : move));
}

// What the plan says besides its moves, in the command line's order: the seat fit (strength and both), the
// paddlers without a ranking, each inactive paddler left seated with who would take the seat, each paddler no
// allowed seat frees from a barred row, the move cap.
export function planNotes(plan) {
  return [plan.fit, plan.unranked, ...(plan.inactive ?? []), ...(plan.barred ?? []), plan.move_cap].filter((text) => text);
}

// Without weights (a viewer the club hides them from), a plan has no imbalance figure: none is written.
export function planHeading(plan, coefficients) {
  const count = plan.moves.length;
  if (count) return `${count} ${count === 1 ? 'person changes' : 'people change'} place, each once, in this order:`;
  return plan.before.imbalance_kg == null ? 'No move improves it.'
    : `No move improves it: the imbalance is ${shownWeight(plan.before.imbalance_kg, coefficients)}.`;
}

// The plan's before-and-after table: [label, before, after] rows (no imbalance row without weights).
export function planRows(plan, coefficients) {
  const rows = [
    ['front/back', plan.before.short[0], plan.after.short[0]],
    ['left/right', plan.before.short[1], plan.after.short[1]],
  ];
  if (plan.before.imbalance_kg != null && plan.after.imbalance_kg != null) {
    rows.push(['imbalance', shownWeight(plan.before.imbalance_kg, coefficients), shownWeight(plan.after.imbalance_kg, coefficients)]);
  }
  return rows;
}

// The Boat view's list of crew-rule findings, as [text, class] pairs: while dragging, what the drop would add
// and clear; otherwise every finding of the boat's own rules, then every problem in its races (rules a race
// keeps of its own, someone seated who is not there then), as `lineup show` and the Check tab list them.
// "all kept" only when there is none of either.
export function rulesItems(preview, dragging) {
  if (dragging) {
    const items = [['If dropped here:', 'heading']];
    for (const finding of preview.adds) items.push([finding.message, `${finding.severity} added`]);
    for (const finding of preview.clears) items.push([finding.message, 'cleared']);
    if (!preview.adds.length && !preview.clears.length) items.push(['no change to the crew rules', undefined]);
    return items;
  }
  const races = preview.race_problems ?? [];
  const items = preview.findings.map((finding) => [finding.message, finding.severity]);
  for (const problem of races) items.push([problem, 'violation']);
  return items.length ? items : [['all kept', undefined]];
}


// The views in which the bar's undo and redo show: the boat and its history, whose boat they act on. Elsewhere
// (the Day tab, the roster) a tap on them would undo a change in a boat the coach is not looking at.
export const HISTORY_VIEWS = ['boat', 'history'];

// What the bar's undo and redo say of themselves: the boat they act on, in their accessible name and title.
export function historyButtonWords(kind, boatName) {
  return kind === 'undo'
    ? { label: `Undo in ${boatName}`, title: `Undo the last change in ${boatName}` }
    : { label: `Redo in ${boatName}`, title: `Redo the change undone last in ${boatName}` };
}

// A server sentence cut where it names a command or an option in backticks (`lineup check --regatta "Cup"`,
// `--max-moves 3`): the parts in order, each plain or code, those backticks dropped. Any other backtick (a
// paddler's name may hold some) is left as written.
export function proseParts(value) {
  const text = String(value);
  const parts = [];
  let last = 0;
  for (const match of text.matchAll(/`((?:lineup |--?[a-z])[^`]*)`/g)) {
    if (match.index > last) parts.push({ text: text.slice(last, match.index), code: false });
    parts.push({ text: match[1], code: true });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), code: false });
  return parts;
}
