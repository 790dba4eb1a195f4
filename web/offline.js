// The page without a connection (a regatta's network comes and goes): the worker that keeps the page and the
// boats last loaded (sw.js) registered; a banner saying plainly that the page is offline and read-only; every
// change refused at once while it is, never kept to send later (the boat may have moved meanwhile); the saved
// answers forgotten whenever nobody is signed in, and at once when the server ends the page's session (a 401
// online); and everything read again once the server answers again (the browser's online event, or the live
// feed reconnecting).
import { api, boatPath, onUnauthorized } from './api.js';
import { renderToolState } from './boat-view.js';
import { $ } from './dom.js';
import { cancelDrag } from './drag.js';
import { reload } from './loading.js';
import { notice } from './notice.js';
import { bannerText, NOTHING_SAVED, offlineRefusal, offlineSession } from './offline-words.js';
import { keepListening, renderWho } from './session.js';
import { state } from './state.js';

// Whether the last session seen online could change the boat: only which tools to draw offline, where each
// refuses anyway. The session itself is never stored.
const TOOLS_KEY = 'lineup-offline-tools';

export function registerWorker() {
  onUnauthorized(sessionEnded);
  window.addEventListener('offline', goOffline);
  window.addEventListener('online', tryOnline);
  // Service workers need a secure context (https, or this machine's own addresses).
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  const hadWorker = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    // The first load came before the worker: read the boat again through it, so that it is saved.
    if (!hadWorker && !state.offline && state.session) reload();
  });
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {});
}

// The session the page starts offline under: read-only, signed in as nobody.
export function startOffline() {
  let tools = false;
  try { tools = localStorage.getItem(TOOLS_KEY) === '1'; } catch { tools = false; }
  state.session = offlineSession(tools);
  goOffline();
}

// Called with each session the server gives.
export function rememberTools(session) {
  try { localStorage.setItem(TOOLS_KEY, session.can_change ? '1' : '0'); } catch { /* private browsing */ }
}

export function goOffline() {
  if (state.offline) return;
  state.offline = true;
  cancelDrag('the connection was lost');
  state.selected = null;
  document.body.classList.add('offline');
  if (state.doc) renderToolState();
  showBanner();
}

// The banner, with when the boat shown was saved on this device.
export async function showBanner() {
  if (!state.offline) return;
  let savedAt = null;
  try {
    const shown = state.doc && state.boatName && typeof caches !== 'undefined';
    const saved = shown ? await caches.match(boatPath(state.boatName)) : null;
    const stamp = saved?.headers.get('X-Lineup-Saved-At');
    savedAt = stamp ? new Date(stamp) : null;
  } catch {
    savedAt = null;
  }
  const banner = $('#offline-banner');
  banner.textContent = bannerText(savedAt);
  banner.hidden = !state.offline;
}

// Whether the boat named has a copy saved on this device (the worker's store of the API).
async function isSaved(boatName) {
  try {
    return typeof caches !== 'undefined' && Boolean(await caches.match(boatPath(boatName)));
  } catch {
    return false;
  }
}

// Offline, a boat this device kept nothing of cannot be shown: refused, saying so, and true; never one boat's
// chart under another's name.
export async function refusedUnsavedBoat(boatName) {
  if (!state.offline || await isSaved(boatName)) return false;
  notice(NOTHING_SAVED, { error: true });
  return true;
}

// Says why a change is refused while offline, at once; true when it did.
export function refusedOffline(action) {
  if (!state.offline) return false;
  notice(offlineRefusal(action), { error: true });
  return true;
}

// Asks the server for the session; once it answers, the page is online again and reads everything again.
let trying = null;
export function tryOnline() {
  trying ??= (async () => {
    let session;
    try {
      session = await api('/api/session');
    } catch {
      return;
    } finally {
      trying = null;
    }
    if (session.sign_in_required && !session.signed_in) {
      await forgetSaved();
      location.reload();
      return;
    }
    const wasOffline = state.offline;
    state.session = session;
    rememberTools(session);
    state.offline = false;
    document.body.classList.remove('offline');
    $('#offline-banner').hidden = true;
    keepListening();
    if (!wasOffline) return;
    renderWho();
    notice('Back online: the boat is read again from the server.');
    await reload();
  })();
  return trying;
}

// The server no longer knows the session the page was signed in with (signed out on another device, the
// password changed, expired): what was saved for offline is forgotten at once, and the page asks for a
// sign-in. Nothing to do on a server without sign-in, or when nobody was signed in (a wrong password).
let ending = null;
export function sessionEnded() {
  if (!state.session?.signed_in || state.offline) return ending;
  ending ??= (async () => {
    await forgetSaved();
    location.reload();
  })();
  return ending;
}

// Deletes the saved answers of the API (the worker's lineup-api stores) and the tools remembered: on signing
// out, and whenever the page finds nobody signed in, so that no one sees another's boats offline.
export async function forgetSaved() {
  try { localStorage.removeItem(TOOLS_KEY); } catch { /* private browsing */ }
  if (typeof caches === 'undefined') return;
  try {
    for (const name of await caches.keys()) if (name.startsWith('lineup-api')) await caches.delete(name);
  } catch {
    // Storage refused (private browsing): nothing was saved either.
  }
}
