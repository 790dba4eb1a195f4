// What the page says while it has no connection: the banner over the boat, why a change is refused, and what
// it says of something it has no saved copy of; and the stand-in session it runs under offline (read-only,
// signed in as nobody). No DOM: Node's tests import it.

// The banner: offline, read-only, and how old the boat shown is. `savedAt` (a Date) is when the boat shown was
// last loaded on this device; null when no boat saved here shows.
export function bannerText(savedAt, now = new Date()) {
  const shows = savedAt ? `: the boat as last loaded ${savedTime(savedAt, now)}` : '';
  return `Offline, read-only${shows}. Nothing can be changed until the connection is back.`;
}

// "at 14:02" today, "on 2026-11-26 at 14:02" another day (local time).
export function savedTime(savedAt, now = new Date()) {
  const two = (n) => String(n).padStart(2, '0');
  const time = `at ${two(savedAt.getHours())}:${two(savedAt.getMinutes())}`;
  const day = (d) => `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
  return day(savedAt) === day(now) ? time : `on ${day(savedAt)} ${time}`;
}

const ACTIONS = {
  move: 'move a paddler', undo: 'undo', redo: 'redo', lock: 'lock or unlock a seat', plan: 'apply the plan',
  attend: 'change who is there when', roster: 'change the roster', share: 'make a share link',
  revoke: 'revoke a share link', answers: "change or mark read the paddlers' answers", picture: 'make a picture of the crew (it is drawn by the server)',
};

// Why a change is refused at once while offline: nothing is kept to send later, since the boat may have moved
// meanwhile.
export function offlineRefusal(action) {
  return `Offline: cannot ${ACTIONS[action] ?? 'change the boat'} now. Nothing changed, and nothing is kept to `
    + 'send later: try again once the connection is back.';
}

// What the page says when the server cannot be reached and this device has no saved copy of what was asked.
export const NOTHING_SAVED = 'Offline, and this device has no saved copy of this to show: open it once with a '
  + 'connection (signed in) to have it offline.';

// What the page says when signing out could not reach the server: the session there stays valid (on reconnecting
// the page would be signed in again), so the page does not pretend; what this device kept is gone all the same.
export const NOT_SIGNED_OUT = 'Not signed out: the server cannot be reached. This phone\'s saved copy was removed; '
  + 'sign out again when back online.';

// The session the page runs under offline: nobody is signed in by it (the server's word on the session is
// never stored), and it changes nothing; `tools` draws the change tools as the last coach online saw them,
// each refusing with offlineRefusal.
export function offlineSession(tools) {
  return { offline: true, signed_in: false, sign_in_required: false, can_change: Boolean(tools) };
}
