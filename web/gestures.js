// How a press on a seat becomes a catch, a scroll or a tap, what a dragged paddler is over, and how one held at
// the top or bottom edge scrolls the page: thresholds, and decisions over positions and times alone. A press is
// { type ('mouse', 'touch', 'pen'), startX, startY, x, y }, in CSS pixels. No DOM: Node's tests import it.

// A finger catches by a long press; a mouse by moving with its button down.
export const LONG_PRESS_MS = 200;
export const TOUCH_TOLERANCE_PX = 10;
export const MOUSE_START_PX = 4;
// The edge scroll. At the top the zone is the bar (fixed, at the window's top edge, never over a seat), or the
// top EDGE_PX if the bar is shorter. At the bottom it is the last EDGE_PX of the window, where seats are: it
// scrolls only once the finger has moved ARM_PX towards the edge inside it, and then a strip over it shows that
// it scrolls (the page draws it), so the finger rests on the strip, not on a seat. Either way after a dwell, so
// that a finger passing by does not scroll; and never while the finger rests on a seat.
export const EDGE_PX = 44;
export const ARM_PX = 6;
export const EDGE_DWELL_MS = 250;
// Scroll speed in px per ms: from the slowest at the zone's inner edge, faster the deeper, up to the fastest.
export const EDGE_SLOWEST = 0.36;
export const EDGE_FASTEST = 1.1;
export const EDGE_PER_PX = 0.015;
// A frame's time counts at most this much (a page that stalled does not jump).
export const EDGE_FRAME_MS = 50;
// A finger between places (inside the boat or the bench) is still over the place it was over if within this.
export const GAP_PX = 20;

const distance = (press) => Math.hypot(press.x - press.startX, press.y - press.startY);

// A press that has not caught yet moved: 'catch' (a mouse past its threshold), 'scroll' (a finger that moved
// before its long press: the page scrolls, and the press is let go) or 'wait'.
export function pressMoved(press) {
  const moved = distance(press);
  if (press.type === 'mouse') return moved > MOUSE_START_PX ? 'catch' : 'wait';
  return moved > TOUCH_TOLERANCE_PX ? 'scroll' : 'wait';
}

// A press released without catching is a tap if it stayed within the tolerance.
export function isTap(press) { return distance(press) <= TOUCH_TOLERANCE_PX; }

// One animation frame of a held drag. `y` is the finger's height, `top` the bottom of the bar, `height` the
// window's; `overSeat` whether a seat is what the finger is on; `edge` what the last frame returned (or null
// at the catch): { since (when the finger came into the zone it is in, null if in none), low (its highest point
// in the bottom band since it came in, null if not there), armed (the bottom band scrolls), at (that frame's
// time) }. Returns the next `edge` and `by`: how far to scroll now (0: not at all; negative: up).
export function edgeScroll({ y, top, height, overSeat, edge, now }) {
  const before = edge ?? { since: null, low: null, armed: false, at: now };
  const dt = Math.max(0, Math.min(EDGE_FRAME_MS, now - before.at));
  const topZone = Math.max(top, EDGE_PX);
  const band = height - EDGE_PX;
  let direction = 0;
  let depth = 0;
  let low = null;
  let armed = false;
  if (y < topZone) {
    direction = -1;
    depth = topZone - y;
  } else if (y >= band) {
    // Moved towards the edge inside the band since it came in (not merely caught there): armed until it leaves.
    low = before.low == null ? y : Math.min(before.low, y);
    armed = before.armed || y - low >= ARM_PX;
    if (armed) { direction = 1; depth = y - band; }
  }
  if (!direction || overSeat) return { edge: { since: null, low, armed, at: now }, by: 0 };
  const since = before.since ?? now;
  const next = { since, low, armed, at: now };
  if (now - since < EDGE_DWELL_MS) return { edge: next, by: 0 };
  const rate = Math.min(EDGE_FASTEST, EDGE_SLOWEST + depth * EDGE_PER_PX);
  return { edge: next, by: direction * rate * dt };
}

// How far a point is from a box ({ left, top, right, bottom }): 0 inside it.
export function distanceToBox(x, y, box) {
  const dx = Math.max(box.left - x, 0, x - box.right);
  const dy = Math.max(box.top - y, 0, y - box.bottom);
  return Math.hypot(dx, dy);
}

// What a dragged paddler is over, from what is under the finger (the topmost thing drawn there, the dragged name
// aside): `hit` is a place, 'gap' (inside the boat or the bench between places) or null (anything else: the
// bar, a button, a notice, the scroll strip). `over` is the place highlighted so far (null: none), `nearOver`
// whether the finger is within GAP_PX of it, `origin` where the paddler was caught, `canDisplace(place)` false
// for a locked seat. Returns the place to highlight (null: none) and the place whose exchange event to make
// (null: none, everything stays), so that the model always shows what a release there would do: over a
// place, that exchange; over a locked seat or away from the seats, nothing (everyone back).
export function dragTarget({ hit, over, nearOver, origin, canDisplace }) {
  if (hit === 'gap' && over != null && nearOver) return { over, place: null };
  if (hit == null || hit === 'gap') return { over: null, place: origin };
  if (hit !== origin && !canDisplace(hit)) return { over: hit, place: origin };
  return { over: hit, place: hit };
}
