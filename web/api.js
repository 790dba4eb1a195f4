// The JSON API as the page calls it: one request, and its answer's JSON or an Error carrying the HTTP status
// (0: the server was not reached) and the answer's body, whose `error` is the message and `hint` what to do.
// No DOM: Node's tests import it (with a stand-in fetch).

export const UNREACHABLE =
  'the server cannot be reached (is `lineup serve` still running, and is this device online?)';

// Called with the path of any request the server answers 401: the session the page holds has ended (signed
// out elsewhere, the password changed, expired). offline.js sets it to forget what was saved for offline.
let whenUnauthorized = null;
export function onUnauthorized(handler) { whenUnauthorized = handler; }

export async function api(path, { method = 'GET', body, signal } = {}) {
  const options = { method, headers: {}, credentials: 'same-origin', signal };
  if (body !== undefined) {
    options.headers['Content-Type'] = 'application/json';
    options.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, options);
  } catch (cause) {
    if (cause.name === 'AbortError') throw cause;
    const error = new Error(UNREACHABLE);
    error.status = 0;
    throw error;
  }
  let data = null;
  try { data = await response.json(); } catch { data = null; }
  if (response.status === 401) await whenUnauthorized?.(path);
  if (!response.ok) throw refusal(response.status, response.statusText, data);
  return data;
}

// The Error for an answer that is not a success: the server's own words, else the status line.
export function refusal(status, statusText, data) {
  const error = new Error(data?.error ?? `${status} ${statusText}`);
  error.status = status;
  error.data = data;
  return error;
}

// What the page tells the user of an error: its message, and the server's hint in brackets.
export function describe(error) {
  const hint = error.data?.hint ? ` (${error.data.hint})` : '';
  return error.message + hint;
}

// A boat's address in the API. Dots too are escaped (a name such as "a.b" stays one segment). A boat named
// "." or ".." cannot be named in a web address at all (browsers fold those segments even as %2E): no boat
// gets such a name any more, and an older database's is renamed on the command line (see boats.js).
export function boatPath(boatName, suffix = '') {
  return `/api/boats/${encodeURIComponent(boatName).replace(/\./g, '%2E')}${suffix}`;
}
