// What the exchange's own feedback moves, and along which keyframes, as the original iOS component
// (SSCollectionViewExchangeController) animates it: the snapshot lifted off its seat to the finger at the catch,
// each paddler displaced sliding to the origin at lowered opacity (and the one displaced before sliding home at
// full opacity), the snapshot set down on its seat's centre and faded at the release. Positions are CSS pixels in
// the window; a seat is { paddler, displaced } and a box { left, top, width, height }. motion.js runs these on the
// page. No DOM: Node's tests import it.

// Each segment of an animation, as the original's default animationDuration.
export const SEGMENT_MS = 200;
// The snapshot set down on its seat, then faded: shorter, so it is gone well within half a second.
export const FADE_MS = 120;
// The displaced paddler's opacity, as the original's alphaForDisplacedItem.
export const DISPLACED_OPACITY = 0.6;
// The snapshot above the finger (its left and top), raised: as style.css draws the held #ghost.
export const HELD = 'translate(-50%, -120%) scale(1.05)';
const RESTING = 'translate(-50%, -50%) scale(1)';

const opacityOf = (seat) => (seat.displaced ? DISPLACED_OPACITY : 1);

// The slides one redraw makes: for each paddler seated before and after (but `caught`, whom the snapshot
// shows), { paddler, from, to, opacity: [before, after] } when the seat or the opacity changed. `before` and
// `after` map each place to its seat.
export function slides(before, after, caught = null) {
  const was = new Map();
  for (const [place, seat] of before) if (seat.paddler) was.set(seat.paddler, { place, seat });
  const result = [];
  for (const [place, seat] of after) {
    const paddler = seat.paddler;
    const old = paddler && paddler !== caught ? was.get(paddler) : null;
    if (!old) continue;
    const opacity = [opacityOf(old.seat), opacityOf(seat)];
    if (old.place !== place || opacity[0] !== opacity[1]) result.push({ paddler, from: old.place, to: place, opacity });
  }
  return result;
}

const centre = (box) => ({ x: box.left + box.width / 2, y: box.top + box.height / 2 });
const px = (value) => `${Math.round(value * 100) / 100}px`;

// A copy of a card drawn at `to`, from where the paddler showed (`from`) to there: the FLIP of one slide.
export function slideFrames(from, to, [fromOpacity, toOpacity]) {
  return [
    { transform: `translate(${px(from.left - to.left)}, ${px(from.top - to.top)})`, width: px(from.width),
      height: px(from.height), opacity: fromOpacity },
    { transform: 'translate(0px, 0px)', width: px(to.width), height: px(to.height), opacity: toOpacity },
  ];
}

// The catch: the snapshot, drawn held at the finger, starts on its seat's centre at the card's own size.
export function liftFrames(seat, finger) {
  const at = centre(seat);
  return [
    { transform: `translate(${px(at.x - finger.x)}, ${px(at.y - finger.y)}) ${RESTING}`, boxShadow: 'none' },
    { transform: `translate(0px, 0px) ${HELD}` },
  ];
}

// The release: the snapshot, drawn held at the finger, goes onto its seat's centre, then fades out.
export function dropFrames(finger, seat) {
  const at = centre(seat);
  const landed = `translate(${px(at.x - finger.x)}, ${px(at.y - finger.y)}) ${RESTING}`;
  return [
    { transform: `translate(0px, 0px) ${HELD}`, opacity: 1 },
    { transform: landed, opacity: 1, offset: SEGMENT_MS / (SEGMENT_MS + FADE_MS) },
    { transform: landed, opacity: 0 },
  ];
}
