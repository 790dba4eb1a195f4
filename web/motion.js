// The exchange's own feedback on the page, as the original iOS component animates it (motion-plan.js says what
// moves and along which keyframes): the catch lifts a snapshot of the paddler's card (#ghost) off the seat to the
// finger; at each exchange event a copy of each paddler's card who changed seat slides from where it showed to
// the seat, the one displaced to the origin fading to lowered opacity, the one displaced before going home at
// full opacity, while the seat's own card is held invisible until the copy lands; the release sets the snapshot
// down on its seat's centre and fades it; a cancel slides everyone home. Purely visual: nothing waits for an
// animation, and an animation stopped half-way leaves the page as drawn. Every moving copy lets the pointer
// through (the seat under the finger gets the hit test) and is drawn in the page (#motion, absolute), not over
// it, so it scrolls with the seats. Under prefers-reduced-motion nothing moves at all.
import { $ } from './dom.js';
import { dropFrames, FADE_MS, liftFrames, SEGMENT_MS, slideFrames, slides } from './motion-plan.js';

// Copies in flight, by the place each lands on: { paddler, flyer, hold (the landing card held invisible) }.
const flights = new Map();

export function motionAllowed() {
  return !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

const inPage = (rect) => ({ left: rect.left + window.scrollX, top: rect.top + window.scrollY });

function land(place, flight) {
  flight.flyer.getAnimations().forEach((animation) => animation.cancel());
  flight.hold.cancel();
  flight.flyer.remove();
  if (flights.get(place) === flight) flights.delete(place);
}

// Before a redraw: each seated paddler's seat, and where their card shows now (mid-slide, where its copy is).
export function measureSeats(elements) {
  const flying = new Map([...flights.values()].map((flight) => [flight.paddler, flight.flyer]));
  const before = new Map();
  for (const [place, element] of elements) {
    const paddler = element.dataset.paddler ?? null;
    const shown = flying.get(paddler) ?? element;
    before.set(place, {
      paddler, displaced: element.classList.contains('displaced'), rect: shown.getBoundingClientRect(),
      card: $('.content', element).cloneNode(true),
    });
  }
  return before;
}

const seatOf = (element) => ({
  paddler: element.dataset.paddler ?? null, displaced: element.classList.contains('displaced'),
});

// After a redraw: a copy that would land on someone else's seat, or on a seat drawn afresh, stops now.
export function settleSeats(elements) {
  for (const [place, flight] of [...flights]) {
    const element = elements.get(place);
    if (!element?.isConnected || element.dataset.paddler !== flight.paddler) land(place, flight);
  }
}

// After a redraw measured by measureSeats: each paddler who changed seat (but `caught`, whom the snapshot
// shows) slides there, and one whose opacity changed in place fades to it.
export function slideSeats(before, elements, caught) {
  settleSeats(elements);
  if (!motionAllowed()) return;
  const after = new Map([...elements].map(([place, element]) => [place, seatOf(element)]));
  for (const slide of slides(before, after, caught)) {
    const element = elements.get(slide.to);
    const content = $('.content', element);
    const options = { duration: SEGMENT_MS, easing: 'ease-out' };
    for (const [place, flight] of [...flights]) {
      if (place === slide.to || flight.paddler === slide.paddler) land(place, flight);
    }
    if (slide.from === slide.to) {
      content.animate(slide.opacity.map((opacity) => ({ opacity })), options);
      continue;
    }
    const from = before.get(slide.from);
    const to = element.getBoundingClientRect();
    const flyer = document.createElement('div');
    flyer.className = 'flyer';
    flyer.setAttribute('aria-hidden', 'true');
    flyer.dataset.paddler = slide.paddler;
    flyer.append(from.card);
    const at = inPage(to);
    Object.assign(flyer.style, {
      left: `${at.left}px`, top: `${at.top}px`, width: `${to.width}px`, height: `${to.height}px`,
      opacity: String(slide.opacity[1]),
    });
    $('#motion').append(flyer);
    const flight = { paddler: slide.paddler, flyer, hold: content.animate([{ opacity: 0 }, { opacity: 0 }], options) };
    flights.set(slide.to, flight);
    flyer.animate(slideFrames(from.rect, to, slide.opacity), options).onfinish = () => land(slide.to, flight);
  }
}

function stopSnapshot(ghost) { ghost.getAnimations().forEach((animation) => animation.cancel()); }

// The catch: the snapshot, a copy of the seat's card, lifted off the seat to the finger at (x, y).
export function liftSnapshot(seat, x, y) {
  const ghost = $('#ghost');
  stopSnapshot(ghost);
  const rect = seat.getBoundingClientRect();
  ghost.replaceChildren($('.content', seat).cloneNode(true));
  ghost.style.width = `${rect.width}px`;
  ghost.style.left = `${x}px`;
  ghost.style.top = `${y}px`;
  ghost.hidden = false;
  if (motionAllowed()) ghost.animate(liftFrames(rect, { x, y }), { duration: SEGMENT_MS, easing: 'ease-out' });
}

// The release (or a cancel): the snapshot set down on `seat`'s centre and faded out, by a copy of it, so that
// #ghost is free for the next catch at once.
export function dropSnapshot(seat) {
  const ghost = $('#ghost');
  if (ghost.hidden) return;
  ghost.hidden = true;
  stopSnapshot(ghost);
  if (!seat || !motionAllowed()) return;
  const copy = ghost.cloneNode(true);
  copy.removeAttribute('id');
  copy.hidden = false;
  copy.classList.add('snapshot');
  const finger = { x: parseFloat(ghost.style.left), y: parseFloat(ghost.style.top) };
  const at = inPage({ left: finger.x, top: finger.y });
  copy.style.left = `${at.left}px`;
  copy.style.top = `${at.top}px`;
  $('#motion').append(copy);
  const animation = copy.animate(dropFrames(finger, seat.getBoundingClientRect()), {
    duration: SEGMENT_MS + FADE_MS, easing: 'ease-out',
  });
  animation.onfinish = () => copy.remove();
}
