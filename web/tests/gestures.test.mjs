// Press, catch, scroll and tap decisions, and the edge scroll (gestures.js).
import assert from 'node:assert/strict';
import test from 'node:test';
import {
  EDGE_DWELL_MS, EDGE_PX, MOUSE_START_PX, TOUCH_TOLERANCE_PX, edgeScroll, isTap, pressMoved,
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

const frame = (y, since, now) => edgeScroll({ y, top: 100, bottom: 800, since, now });

test('between the edge bands nothing scrolls, and the dwell starts again', () => {
  assert.equal(EDGE_PX, 56);
  assert.deepEqual(frame(400, 0, 1000), { since: 1000, by: 0 });
  assert.deepEqual(frame(100 + EDGE_PX, 0, 1000), { since: 1000, by: 0 });
  assert.deepEqual(frame(800 - EDGE_PX, 0, 1000), { since: 1000, by: 0 });
});

test('in a band, nothing until the dwell is over', () => {
  assert.deepEqual(frame(150, 1000, 1000), { since: 1000, by: 0 });
  assert.deepEqual(frame(150, 1000, 1000 + EDGE_DWELL_MS), { since: 1000, by: 0 });
  assert.deepEqual(frame(760, 1000, 1000 + EDGE_DWELL_MS), { since: 1000, by: 0 });
});

test('after the dwell, towards the edge, faster the deeper, at most 16 px a frame', () => {
  const later = 1000 + EDGE_DWELL_MS + 1;
  // 6 px into the top band: up by 3 + 6/4.
  assert.deepEqual(frame(150, 1000, later), { since: 1000, by: -4.5 });
  assert.deepEqual(frame(749, 1000, later), { since: 1000, by: 4.25 });
  assert.deepEqual(frame(0, 1000, later), { since: 1000, by: -16 });
  assert.deepEqual(frame(2000, 1000, later), { since: 1000, by: 16 });
});
