// Who is using the page, and staying in touch with the server: the sign-in form (when the server requires
// it), who is signed in and signing out, and the live feed of changes (/api/events), on which the page reads
// the boat again; if the feed is lost, the page says so (offline when the server cannot be reached at all), and
// reads everything again when it is back. Without a connection at the start, the page opens offline
// (offline.js).
import { api } from './api.js';
import { $ } from './dom.js';
import { reload } from './loading.js';
import { notice } from './notice.js';
import { NOT_SIGNED_OUT } from './offline-words.js';
import { forgetSaved, goOffline, rememberTools, sessionEnded, startOffline, tryOnline } from './offline.js';
import { state } from './state.js';
import { whoText } from './wording.js';

export function showSignIn() {
  // Nobody is signed in: what was saved for offline belongs to whoever was.
  forgetSaved();
  $('#app').hidden = true;
  $('#sign-in').hidden = false;
  $('#who').replaceChildren();
  $('.boat-switch').hidden = true;
  for (const id of ['undo', 'redo']) $(`#${id}`).hidden = true;
}

export function renderWho() {
  const who = $('#who');
  who.replaceChildren();
  const session = state.session;
  const text = document.createElement('span');
  text.textContent = whoText(session);
  who.append(text);
  if (session.signed_in) {
    const out = document.createElement('button');
    out.type = 'button';
    out.className = 'tool';
    out.id = 'sign-out';
    out.textContent = 'Sign out';
    out.addEventListener('click', async () => {
      // Forgotten before and after: a read under way may save one more answer meanwhile.
      await forgetSaved();
      const failure = await signOut();
      await forgetSaved();
      if (!failure) { location.reload(); return; }
      notice(failure.status === 0 ? NOT_SIGNED_OUT : `Not signed out: ${failure.message}`, { error: true });
    });
    who.append(out);
  }
}

// Ends the session on the server: null when it is ended (or had ended already), else the error that kept it
// valid (status 0: the server cannot be reached).
async function signOut() {
  try {
    await api('/api/session', { method: 'DELETE' });
    return null;
  } catch (error) {
    return error.status === 401 ? null : error;
  }
}

let events = null;

function listen() {
  events?.close();
  const source = new EventSource('/api/events');
  events = source;
  let lost = false;
  source.addEventListener('error', () => {
    // The browser gives up on a stream that was refused (503: the server holds as many as it can) or whose
    // session ended (401 on reconnecting): try again later, or show the sign-in form.
    if (source.readyState === EventSource.CLOSED) setTimeout(() => { if (events === source) listenAgain(); }, 10000);
    if (lost || state.offline) return;
    lost = true;
    notice('Lost touch with the server: changes made now cannot be saved. Waiting for it to come back…', { error: true });
    // Not reached at all (rather than the feed alone refused): the page goes offline, read-only. Reached,
    // but the session is gone (the feed ends with it): what was saved for offline goes at once.
    api('/api/session').then((session) => {
      if (session.sign_in_required && !session.signed_in) sessionEnded();
    }, (error) => { if (error.status === 0 && events === source) goOffline(); });
  });
  source.addEventListener('open', () => {
    if (state.offline) { lost = false; tryOnline(); return; }
    if (!lost) return;
    lost = false;
    notice('Back in touch with the server.');
    // Whatever changed meanwhile was not heard: read it all again.
    if (state.drag || state.busy) { state.staleDuringDrag = true; return; }
    reload();
  });
  source.addEventListener('change', () => {
    if (state.drag || state.busy) { state.staleDuringDrag = true; return; }
    reload();
  });
}

// A new feed unless the one there is open (back online, the old one may be waiting to retry).
export function keepListening() {
  if (events?.readyState !== EventSource.OPEN) listen();
}

async function listenAgain() {
  try {
    const session = await api('/api/session');
    if (session.sign_in_required && !session.signed_in) { location.reload(); return; }
  } catch {
    // Not reachable yet: the new stream's error tries again.
  }
  listen();
}

export async function start() {
  try {
    state.session = await api('/api/session');
    rememberTools(state.session);
  } catch (error) {
    if (error.status !== 0) {
      notice(`Cannot reach the server: ${error.message}`, { error: true });
      return;
    }
    startOffline();
  }
  if (state.session.sign_in_required && !state.session.signed_in) { showSignIn(); return; }
  $('#sign-in').hidden = true;
  $('#app').hidden = false;
  renderWho();
  await reload();
  listen();
}

// The sign-in form's submit.
export async function signIn(event) {
  event.preventDefault();
  const form = event.target;
  $('#sign-in-error').textContent = '';
  try {
    await api('/api/session', { method: 'POST', body: { name: form.name.value, password: form.password.value } });
    form.password.value = '';
    await start();
  } catch (error) {
    $('#sign-in-error').textContent = error.message;
  }
}
