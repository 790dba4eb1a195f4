// What the exchange's animations move (motion-plan.js): the paddler displaced slides to the origin at lowered
// opacity, the one displaced before goes home at full opacity, the caught paddler (the snapshot) never slides,
// and the snapshot's keyframes start and end where the page draws it.
import assert from 'node:assert/strict';
import test from 'node:test';
import { DISPLACED_OPACITY, dropFrames, HELD, liftFrames, slideFrames, slides } from '../motion-plan.js';

const seats = (entries) => new Map(
  entries.map(([place, paddler, displaced = false]) => [place, { paddler, displaced }]),
);
const start = seats([['L1', 'Ada'], ['R1', 'Bea'], ['L2', 'Cal'], ['B1', null]]);

test('nothing changed: nothing slides', () => {
  assert.deepEqual(slides(start, start, 'Ada'), []);
});

test('the first exchange event: the paddler displaced slides to the origin at lowered opacity', () => {
  const over = seats([['L1', 'Bea', true], ['R1', 'Ada'], ['L2', 'Cal'], ['B1', null]]);
  assert.deepEqual(slides(start, over, 'Ada'), [
    { paddler: 'Bea', from: 'R1', to: 'L1', opacity: [1, DISPLACED_OPACITY] },
  ]);
});

test('a second event: the one displaced before goes home at full opacity, the new one to the origin', () => {
  const first = seats([['L1', 'Bea', true], ['R1', 'Ada'], ['L2', 'Cal'], ['B1', null]]);
  const second = seats([['L1', 'Cal', true], ['R1', 'Bea'], ['L2', 'Ada'], ['B1', null]]);
  assert.deepEqual(slides(first, second, 'Ada'), [
    { paddler: 'Cal', from: 'L2', to: 'L1', opacity: [1, DISPLACED_OPACITY] },
    { paddler: 'Bea', from: 'L1', to: 'R1', opacity: [DISPLACED_OPACITY, 1] },
  ]);
});

test('the release: the paddler at the origin comes back to full opacity where they are', () => {
  const over = seats([['L1', 'Bea', true], ['R1', 'Ada'], ['L2', 'Cal'], ['B1', null]]);
  const released = seats([['L1', 'Bea'], ['R1', 'Ada'], ['L2', 'Cal'], ['B1', null]]);
  assert.deepEqual(slides(over, released, null), [
    { paddler: 'Bea', from: 'L1', to: 'L1', opacity: [DISPLACED_OPACITY, 1] },
  ]);
});

test('without a snapshot (a tap, the keyboard) both paddlers of the exchange slide; empty places never', () => {
  const tapped = seats([['L1', null], ['R1', 'Bea'], ['L2', 'Cal'], ['B1', 'Ada']]);
  assert.deepEqual(slides(start, tapped), [{ paddler: 'Ada', from: 'L1', to: 'B1', opacity: [1, 1] }]);
});

test('a slide starts where the paddler showed, at that size, and ends at the seat', () => {
  const from = { left: 10, top: 300, width: 150, height: 50 };
  const frames = slideFrames(from, { left: 200, top: 100, width: 180, height: 50 }, [1, 0.6]);
  assert.deepEqual(frames, [
    { transform: 'translate(-190px, 200px)', width: '150px', height: '50px', opacity: 1 },
    { transform: 'translate(0px, 0px)', width: '180px', height: '50px', opacity: 0.6 },
  ]);
});

test('the catch lifts the snapshot from the seat\'s centre to where the page holds it at the finger', () => {
  const [from, to] = liftFrames({ left: 100, top: 200, width: 80, height: 40 }, { x: 150, y: 210 });
  assert.equal(from.transform, 'translate(-10px, 10px) translate(-50%, -50%) scale(1)');
  assert.equal(to.transform, `translate(0px, 0px) ${HELD}`);
});

test('the release sets the snapshot on its seat\'s centre, then fades it, within half a second', () => {
  const frames = dropFrames({ x: 150, y: 210 }, { left: 300, top: 400, width: 100, height: 50 });
  assert.equal(frames[0].transform, `translate(0px, 0px) ${HELD}`);
  assert.equal(frames[1].transform, 'translate(200px, 215px) translate(-50%, -50%) scale(1)');
  assert.deepEqual(frames.map((frame) => frame.opacity), [1, 1, 0]);
  assert.ok(frames[1].offset > 0 && frames[1].offset < 1);
});
