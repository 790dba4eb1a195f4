// What the page says offline, and the session it runs under then (offline-words.js).
import assert from 'node:assert/strict';
import test from 'node:test';
import { bannerText, NOT_SIGNED_OUT, NOTHING_SAVED, offlineRefusal, offlineSession, savedTime } from '../offline-words.js';
import { whoText } from '../wording.js';

test('the banner says offline, read-only, and when the boat shown was saved', () => {
  const now = new Date(2026, 10, 27, 15, 30);
  const text = bannerText(new Date(2026, 10, 27, 9, 5), now);
  assert.equal(text, 'Offline, read-only: the boat as last loaded at 09:05. Nothing can be changed until the connection is back.');
  // No boat saved here shows: the banner claims none.
  assert.equal(bannerText(null, now), 'Offline, read-only. Nothing can be changed until the connection is back.');
});

test('a boat saved another day says the day', () => {
  const now = new Date(2026, 10, 27, 8, 0);
  assert.equal(savedTime(new Date(2026, 10, 26, 18, 45), now), 'on 2026-11-26 at 18:45');
  assert.equal(savedTime(new Date(2026, 10, 27, 7, 59), now), 'at 07:59');
});

test('a change offline is refused saying what, that nothing changed and nothing waits to be sent', () => {
  for (const [action, words] of [
    ['move', 'move a paddler'], ['undo', 'undo'], ['redo', 'redo'], ['lock', 'lock or unlock a seat'],
    ['plan', 'apply the plan'], ['picture', 'make a picture of the crew (it is drawn by the server)'],
    ['other', 'change the boat'],
  ]) {
    const text = offlineRefusal(action);
    assert.ok(text.startsWith(`Offline: cannot ${words} now.`), text);
    assert.match(text, /Nothing changed, and nothing is kept to send later/);
  }
  assert.match(NOTHING_SAVED, /^Offline, and this device has no saved copy/);
});

test('the offline session signs nobody in, and says offline', () => {
  for (const tools of [true, false]) {
    const session = offlineSession(tools);
    assert.equal(session.signed_in, false);
    assert.equal(session.offline, true);
    assert.equal(session.can_change, tools);
    assert.equal(session.name, undefined);
    assert.equal(whoText(session), 'offline, read-only');
  }
});

test('signing out offline says it did not, and what it did', () => {
  assert.equal(NOT_SIGNED_OUT, "Not signed out: the server cannot be reached. This phone's saved copy was removed; "
    + 'sign out again when back online.');
});
