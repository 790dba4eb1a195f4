// How a press on a seat becomes a catch, a scroll or a tap, and how a paddler held near the top or bottom edge
// scrolls the page: thresholds, and decisions over positions and times alone. A press is
// { type ('mouse', 'touch', 'pen'), startX, startY, x, y }, in CSS pixels. No DOM: Node's tests import it.

// A finger catches by a long press; a mouse by moving with its button down.
export const LONG_PRESS_MS = 200;
export const TOUCH_TOLERANCE_PX = 10;
export const MOUSE_START_PX = 4;
// The band along each edge where a held paddler scrolls the page, and how long it must stay there first.
export const EDGE_PX = 56;
export const EDGE_DWELL_MS = 250;

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

// One animation frame of a held drag at height `y`, the free view being from `top` (below the bar) to
// `bottom`: how far to scroll now (`by`, 0 for not at all; towards the edge, faster the deeper) and since when
// the paddler has been in an edge band (`since`, reset to `now` outside them), so that a finger passing by
// does not scroll.
export function edgeScroll({ y, top, bottom, since, now }) {
  const upper = top + EDGE_PX;
  const lower = bottom - EDGE_PX;
  const depth = y < upper ? y - upper : y > lower ? y - lower : 0;
  if (!depth) return { since: now, by: 0 };
  if (now - since > EDGE_DWELL_MS) return { since, by: Math.sign(depth) * Math.min(16, 3 + Math.abs(depth) / 4) };
  return { since, by: 0 };
}
