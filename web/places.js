// The boat's places as the page models them: seats D (drum), L1…/R1… by row, S (steer), bench places B1…,
// and the end of the bench, one place past the last (dropped there, a paddler joins the bench; the API calls
// it "B"). The model made from the server's lineup document, the keyboard's neighbours, what a tap does,
// and what a seat says. No DOM: Node's tests import it.
import { shownWeight } from './units.js';

export const rowsOf = (kind) => (kind === 'small' ? 5 : 10);
export const isBench = (place) => place.startsWith('B');

// From a lineup document: who is where (Map from place to name or null, the end of the bench empty), the
// weights of those seated (Map from name to kilograms, null: unknown), the locked seats, the end of the bench,
// and whether weights are hidden (a viewer's document without them: then the Map is empty).
export function modelOf(doc) {
  const places = new Map();
  const weights = new Map();
  const locked = new Set();
  let bench = 0;
  for (const seat of doc.seats) {
    places.set(seat.seat, seat.paddler);
    if (seat.paddler) weights.set(seat.paddler, seat.weight_kg);
    if (seat.locked) locked.add(seat.seat);
    if (isBench(seat.seat)) bench += 1;
  }
  const endOfBench = `B${bench + 1}`;
  places.set(endOfBench, null);
  const weightsHidden = Boolean(doc.weights_hidden);
  if (weightsHidden) weights.clear();
  return { places, weights, locked, endOfBench, weightsHidden };
}

// Every place in the document's order, the end of the bench last.
export function placeOrder(doc, endOfBench) {
  const seats = doc.seats.map((s) => s.seat);
  return [...seats, endOfBench];
}

// The place as the API names it.
export function apiPlace(place, endOfBench) { return place === endOfBench ? 'B' : place; }

// Where an arrow key goes from `place` in a boat of `kind` (bench places are the `B` keys of `places`):
// along a row's two seats, up and down the rows to D and S, then along the bench.
export function neighbour(place, key, kind, places) {
  const rows = rowsOf(kind);
  const bench = [...places.keys()].filter(isBench);
  if (isBench(place)) {
    const index = bench.indexOf(place);
    if (key === 'ArrowRight' || key === 'ArrowDown') return bench[Math.min(bench.length - 1, index + 1)];
    if (index === 0 && key === 'ArrowUp') return 'S';
    return bench[Math.max(0, index - 1)];
  }
  if (place === 'D') return key === 'ArrowDown' ? 'L1' : place;
  if (place === 'S') return key === 'ArrowUp' ? `L${rows}` : key === 'ArrowDown' ? bench[0] : place;
  const side = place[0];
  const row = Number(place.slice(1));
  switch (key) {
    case 'ArrowLeft': return `L${row}`;
    case 'ArrowRight': return `R${row}`;
    case 'ArrowUp': return row === 1 ? 'D' : `${side}${row - 1}`;
    case 'ArrowDown': return row === rows ? 'S' : `${side}${row + 1}`;
    default: return place;
  }
}

// What a tap on `place` does, `selected` being the place tapped before (or null):
//   { action: 'none' }                     an empty bench place with nothing selected;
//   { action: 'select', place }            the first tap, or a second on an empty place after an empty one;
//   { action: 'deselect' }                 the selected place again;
//   { action: 'refuse', place }            either place is locked (this one);
//   { action: 'exchange', origin, target } the paddler at origin goes to target, as a drag would take them.
export function tapOutcome(selected, place, places, locked) {
  if (!selected) {
    if (!places.get(place) && isBench(place)) return { action: 'none' };
    return { action: 'select', place };
  }
  if (selected === place) return { action: 'deselect' };
  const refused = [selected, place].find((p) => locked.has(p));
  if (refused) return { action: 'refuse', place: refused };
  const [origin, target] = places.get(selected) ? [selected, place] : [place, selected];
  if (!places.get(origin)) return { action: 'select', place };
  return { action: 'exchange', origin, target };
}

// A selection is of a paddler in a place: when someone else moved them meanwhile (or filled the empty place),
// it goes, and this says so; null while it still holds.
export function selectionCleared(selected, selectedName, places) {
  if (!selected || (places.has(selected) && places.get(selected) === selectedName)) return null;
  const who = selectedName ?? 'the empty place';
  return `The selection was cleared: ${who} ${selectedName ? 'moved' : 'was filled'} meanwhile. Tap again.`;
}

export function lockedMessage(place, name) {
  return `${place}${name ? ` (${name})` : ''} is locked: its paddler can be neither moved out nor displaced.`;
}

// The crew-rule finding each seat is marked with (a violation over a warning): Map from seat to finding.
export function marksOf(findings) {
  const marks = new Map();
  for (const finding of findings) {
    for (const seat of finding.seats) {
      const current = marks.get(seat);
      if (!current || finding.severity === 'violation') marks.set(seat, finding);
    }
  }
  return marks;
}

export function markSymbol(mark) { return mark ? (mark.severity === 'violation' ? '✗' : '!') : ''; }

// What a seat shows: its reference, its paddler's name, their weight (unbroken) and whether they are inactive.
export function seatRef(place, endOfBench) { return place === endOfBench ? 'end' : place; }

export function seatName(name, isEnd) { return name ?? (isEnd ? 'end of the bench' : '—'); }

// With `hidden` (a viewer the club hides weights from: the lineup document says `weights_hidden`), no weight.
export function seatWeight(name, kg, inactive, coefficients, hidden = false) {
  if (!name) return '';
  if (hidden) return inactive ? 'inactive' : '';
  return (kg == null ? 'weight ?' : shownWeight(kg, coefficients, '\u00a0')) + (inactive ? ' · inactive' : '');
}

// A seat's accessible name: "L3: Ana (inactive), locked, too light for the drum".
export function seatLabel({ place, endOfBench, name, inactive, locked, mark }) {
  return `${place === endOfBench ? 'end of the bench' : place}: ${name ?? 'empty'}`
    + (inactive ? ' (inactive)' : '') + (locked ? ', locked' : '') + (mark ? `, ${mark.seat_note ?? mark.severity}` : '');
}

// The selection's line under the seats, and the lock button's words (only a seat, not the bench, locks).
export function selectionText(selected, name, locked) {
  if (!selected) return '';
  const what = locked ? 'locked; unlock it to move its paddler' : 'tap a place to exchange';
  return `${selected}${name ? ` ${name}` : ''} selected: ${what}`;
}

// After the first tap of tap-to-place, what the second does, said where it shows wherever the page is scrolled
// (the bar); null with nothing selected.
export function tapHint(selected, name, locked, endOfBench) {
  if (!selected) return null;
  if (locked) return `${selected}${name ? ` ${name}` : ''} is locked: unlock it to move its paddler.`;
  if (!name) {
    const place = selected === endOfBench ? 'The end of the bench' : `${selected} (empty)`;
    return `${place} picked: now tap the paddler to put there.`;
  }
  if (isBench(selected)) return `${name} picked from the bench: now tap a seat to put them in.`;
  return `${name} (${selected}) picked: now tap the seat or bench place to move them to.`;
}

export function isLockable(selected) { return Boolean(selected) && !isBench(selected); }

export function lockButtonText(selected, locked) {
  return isLockable(selected) ? `${locked ? 'Unlock' : 'Lock'} ${selected}` : 'Lock seat';
}
