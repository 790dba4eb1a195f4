// Press, catch, scroll and tap decisions, what a dragged paddler is over, and the edge scroll (gestures.js).
import assert from 'node:assert/strict';
import test from 'node:test';
import {
  ARM_PX, EDGE_DWELL_MS, EDGE_FASTEST, EDGE_FRAME_MS, EDGE_PX, EDGE_SLOWEST, GAP_PX, MOUSE_START_PX,
  TOUCH_TOLERANCE_PX, distanceToBox, dragTarget, edgeScroll, isTap, pressMoved,
} from '../gestures.js';

const press = (type, dx, dy) => ({ type, startX: 100, startY: 200, x: 100 + dx, y: 200 + dy });

test('a mouse catches once it moves past its threshold', () => {
  assert.equal(MOUSE_START_PX, 4);
  assert.equal(pressMoved(press('mouse', 0, 0)), 'wait');
  assert.equal(pressMoved(press('mouse', 4, 0)), 'wait');
  assert.equal(pressMoved(press('mouse', 3, 3)), 'catch');
  assert.equal(pressMoved(press('mouse', 0, -5)), 'catch');
});

test('a finger moving before its long press scrolls; within the tolerance it waits', () => {
  assert.equal(TOUCH_TOLERANCE_PX, 10);
  for (const type of ['touch', 'pen']) {
    assert.equal(pressMoved(press(type, 6, 8)), 'wait');
    assert.equal(pressMoved(press(type, 0, 10)), 'wait');
    assert.equal(pressMoved(press(type, 0, 10.5)), 'scroll');
    assert.equal(pressMoved(press(type, -8, -7)), 'scroll');
  }
});

test('a release within the tolerance is a tap', () => {
  assert.equal(isTap(press('touch', 0, 0)), true);
  assert.equal(isTap(press('mouse', 6, 8)), true);
  assert.equal(isTap(press('touch', 6, 8.1)), false);
});

// A phone: the bar's bottom at 89, the window 844 tall, so the bottom band starts at 800. A finger is a list of
// [time, y] (or [time, y, overSeat]) frames, 16 ms apart unless said; returns each frame's scroll and the last edge.
const BAR = 89;
const HEIGHT = 844;
const BAND = HEIGHT - EDGE_PX;
function run(frames, { top = BAR, height = HEIGHT } = {}) {
  let edge = null;
  const by = [];
  for (const [now, y, overSeat = false] of frames) {
    const step = edgeScroll({ y, top, height, overSeat, edge, now });
    edge = step.edge;
    by.push(step.by);
  }
  return { by, edge };
}
const still = (y, from, to, overSeat = false) => {
  const frames = [];
  for (let now = from; now <= to; now += 16) frames.push([now, y, overSeat]);
  return frames;
};
const total = (list) => list.reduce((sum, by) => sum + by, 0);

test('the issue: a finger held still just below the bar, on the first seat, never scrolls, however long', () => {
  assert.equal(EDGE_PX, 44);
  for (const y of [BAR, BAR + 1, BAR + 20, BAR + 56, 400, BAND - 1]) {
    const { by } = run(still(y, 0, 5000, true));
    assert.ok(by.every((b) => b === 0), `at ${y}`);
    // Even if something claimed no seat were there: outside the zones nothing scrolls.
    assert.ok(run(still(y, 0, 5000, false)).by.every((b) => b === 0), `at ${y}, no seat`);
  }
});

test('on the bar (the top zone, over no seat), nothing until the dwell is over, then up', () => {
  const { by } = run(still(45, 0, 1000));
  const firstMoving = by.findIndex((b) => b !== 0);
  assert.ok(firstMoving * 16 >= EDGE_DWELL_MS && firstMoving * 16 < EDGE_DWELL_MS + 32, `starts at ${firstMoving * 16} ms`);
  assert.ok(by.slice(firstMoving).every((b) => b < 0), 'up');
  // 750 ms of scrolling at 45 px deep: 16 ms frames at the rate for that depth.
  const rate = Math.min(EDGE_FASTEST, EDGE_SLOWEST + (BAR - 45) * 0.015);
  assert.ok(Math.abs(total(by) + rate * 16 * (by.length - firstMoving)) < 1e-6, `${total(by)}`);
});

test('deeper into the zone scrolls faster, never faster than the fastest; a short bar still has EDGE_PX', () => {
  const speed = (y, top = BAR) => 0 - total(run(still(y, 0, 1000), { top }).by) + 0;
  assert.ok(speed(80) < speed(45) && speed(45) < speed(10));
  assert.ok(speed(0) <= EDGE_FASTEST * 1000 + 1e-6);
  assert.ok(speed(80) >= EDGE_SLOWEST * 16 * 40);
  assert.ok(speed(30, 20) > 0, 'within EDGE_PX of the top though below a 20 px bar');
  assert.equal(speed(50, 20), 0);
});

test('a finger passing through the zone does not scroll; coming back starts the dwell again', () => {
  const frames = [...still(45, 0, 200), ...still(300, 216, 300), ...still(45, 316, 500)];
  assert.ok(run(frames).by.every((b) => b === 0));
});

test('on a seat nothing scrolls, even in a zone, and the dwell starts again after', () => {
  assert.ok(run(still(45, 0, 2000, true)).by.every((b) => b === 0));
  const before = still(45, 0, 400);
  const after = still(45, 432, 600);
  const { by } = run([...before, ...still(45, 416, 416, true), ...after]);
  assert.ok(by.slice(0, before.length).some((b) => b < 0), 'scrolling before');
  assert.ok(by.slice(before.length).every((b) => b === 0), 'a seat under the finger reset the dwell');
});

test('the bottom band: a finger caught there, or resting there, never scrolls', () => {
  for (const y of [BAND, BAND + 10, HEIGHT - 1]) {
    const { by, edge } = run(still(y, 0, 3000));
    assert.ok(by.every((b) => b === 0), `at ${y}`);
    assert.equal(edge.armed, false);
  }
  // Jitter under ARM_PX towards the edge and back does not arm it.
  const jitter = [];
  for (let i = 0; i < 100; i += 1) jitter.push([i * 16, BAND + 10 + ((i % 3) * (ARM_PX - 1)) / 2]);
  assert.ok(run(jitter).by.every((b) => b === 0));
});

test('the bottom band arms when the finger moves ARM_PX towards the edge inside it, then scrolls down after the dwell', () => {
  // Into the band from above, then ARM_PX further down: armed (the page then draws its strip under the finger).
  const into = [[0, 700, true], [16, BAND + 2, true], [32, BAND + 2 + ARM_PX, true]];
  const { edge } = run(into);
  assert.equal(edge.armed, true);
  // The strip is under the finger now, not a seat: after the dwell it scrolls down.
  const { by } = run([...into, ...still(BAND + 2 + ARM_PX, 48, 1000)]);
  assert.ok(by.every((b) => b >= 0) && total(by) > 0);
  assert.ok(by.slice(0, Math.floor(EDGE_DWELL_MS / 16)).every((b) => b === 0), 'dwell first');
  // Moving up inside the band keeps it armed; leaving the band disarms it.
  assert.equal(run([...into, [48, BAND + 1]]).edge.armed, true);
  const out = run([...into, [48, BAND - 1], [64, BAND + 1]]);
  assert.equal(out.edge.armed, false);
  assert.equal(out.by.at(-1), 0);
});

test('a stalled frame counts at most EDGE_FRAME_MS', () => {
  const { by } = run([...still(45, 0, 400), [5400, 45]]);
  assert.ok(Math.abs(by.at(-1)) <= EDGE_FASTEST * EDGE_FRAME_MS + 1e-9);
  assert.ok(by.at(-1) < 0);
});

test('distance to a box: 0 inside, else to the nearest edge or corner', () => {
  const box = { left: 10, top: 20, right: 110, bottom: 70 };
  assert.equal(distanceToBox(50, 40, box), 0);
  assert.equal(distanceToBox(10, 20, box), 0);
  assert.equal(distanceToBox(130, 40, box), 20);
  assert.equal(distanceToBox(50, 5, box), 15);
  assert.equal(distanceToBox(113, 74, box), 5);
});

test('over a place: that place is highlighted and exchanged with', () => {
  const canDisplace = (place) => place !== 'R9';
  assert.deepEqual(dragTarget({ hit: 'L3', over: 'L2', nearOver: false, origin: 'B1', canDisplace }), { over: 'L3', place: 'L3' });
  assert.deepEqual(dragTarget({ hit: 'B1', over: 'L2', nearOver: false, origin: 'B1', canDisplace }), { over: 'B1', place: 'B1' });
});

test('over a locked seat: highlighted (it refuses), and everyone goes back, so a release there changes nothing', () => {
  const canDisplace = (place) => place !== 'R9';
  assert.deepEqual(dragTarget({ hit: 'R9', over: 'R8', nearOver: false, origin: 'L9', canDisplace }), { over: 'R9', place: 'L9' });
  // Caught at a seat since locked: over it is the origin.
  assert.deepEqual(dragTarget({ hit: 'R9', over: null, nearOver: false, origin: 'R9', canDisplace }), { over: 'R9', place: 'R9' });
});

test('away from the seats (the bar, a button, a notice, the strip): nothing highlighted, everyone back', () => {
  const canDisplace = () => true;
  assert.deepEqual(dragTarget({ hit: null, over: 'D', nearOver: true, origin: 'B1', canDisplace }), { over: null, place: 'B1' });
  assert.deepEqual(dragTarget({ hit: null, over: null, nearOver: false, origin: 'B1', canDisplace }), { over: null, place: 'B1' });
});

test('between places: still over the place it was over within GAP_PX, else over nothing', () => {
  assert.equal(GAP_PX, 20);
  const canDisplace = () => true;
  assert.deepEqual(dragTarget({ hit: 'gap', over: 'L5', nearOver: true, origin: 'B1', canDisplace }), { over: 'L5', place: null });
  assert.deepEqual(dragTarget({ hit: 'gap', over: 'L5', nearOver: false, origin: 'B1', canDisplace }), { over: null, place: 'B1' });
  assert.deepEqual(dragTarget({ hit: 'gap', over: null, nearOver: true, origin: 'B1', canDisplace }), { over: null, place: 'B1' });
});
