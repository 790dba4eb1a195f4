// The notice under the bar: what a change did, why one was refused, what went wrong. It goes by itself after a
// while (an error stays longer); while one shows, the page can scroll the last rows of the boat above it, so
// it never hides seats for good on a phone.
import { describe } from './api.js';
import { $, setProse } from './dom.js';
import { NOTHING_SAVED } from './offline-words.js';
import { ruleChanges } from './records.js';
import { showSignIn } from './session.js';
import { state } from './state.js';

let noticeTimer = null;

export function notice(text, { error = false, details = [] } = {}) {
  const box = $('#notice');
  box.hidden = !text;
  document.body.classList.toggle('has-notice', Boolean(text));
  box.classList.toggle('error', error);
  setProse(box, details.length ? `${text}\n${details.map((d) => `• ${d}`).join('\n')}` : text);
  clearTimeout(noticeTimer);
  if (text) noticeTimer = setTimeout(() => notice(''), error ? 15000 : 8000);
}

// An API error: the sign-in form when the session ended, what offline means when the server was not reached,
// else the error's words.
export function explain(error) {
  if (error.status === 401) { showSignIn(); return; }
  if (error.status === 0 && state.offline) { notice(NOTHING_SAVED, { error: true }); return; }
  notice(describe(error), { error: true });
}

// The change's sentence, and what it did to the crew rules (as the command line prints after a change).
export function noticeWithRules(message, before, after) {
  if (!before || !after) { notice(message); return; }
  const { lines, error } = ruleChanges(before, after);
  notice(message, { error, details: lines });
}
