// The API client (api.js) against a stand-in fetch: what it sends, what it returns, and the errors the page
// explains (the server's words and hint, the status line when there are none, status 0 when unreachable).
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import { UNREACHABLE, api, boatPath, describe, onUnauthorized, refusal } from '../api.js';

const realFetch = globalThis.fetch;
afterEach(() => { globalThis.fetch = realFetch; onUnauthorized(null); });

// Answers every request with `answer` (a Response, or a function of the request), recording the requests.
function serve(answer) {
  const requests = [];
  globalThis.fetch = async (path, options) => {
    requests.push({ path, options });
    return typeof answer === 'function' ? answer(path, options) : answer;
  };
  return requests;
}
const json = (body, status = 200, statusText = 'OK') =>
  new Response(JSON.stringify(body), { status, statusText, headers: { 'Content-Type': 'application/json' } });

test('a GET sends no body and returns the answer\'s JSON', async () => {
  const requests = serve(json([{ name: 'Sample crew' }]));
  assert.deepEqual(await api('/api/boats'), [{ name: 'Sample crew' }]);
  assert.equal(requests.length, 1);
  const { path, options } = requests[0];
  assert.equal(path, '/api/boats');
  assert.equal(options.method, 'GET');
  assert.equal(options.credentials, 'same-origin');
  assert.equal(options.body, undefined);
  assert.deepEqual(options.headers, {});
});

test('a body is sent as JSON', async () => {
  const requests = serve(json({ message: 'done' }));
  const signal = new AbortController().signal;
  await api('/api/boats/x/drop', { method: 'POST', body: { origin: 'L1', expected: { origin: null } }, signal });
  const { options } = requests[0];
  assert.equal(options.method, 'POST');
  assert.equal(options.headers['Content-Type'], 'application/json');
  assert.equal(options.body, '{"origin":"L1","expected":{"origin":null}}');
  assert.equal(options.signal, signal);
});

test('an answer without JSON is null', async () => {
  serve(new Response(null, { status: 204 }));
  assert.equal(await api('/api/session', { method: 'DELETE' }), null);
});

test('a refusal carries the server\'s message, status and body', async () => {
  const body = { error: 'cannot drop: L2 is now Eli', hint: 'the page reloads' };
  serve(json(body, 409, 'Conflict'));
  await assert.rejects(api('/x'), (error) => {
    assert.equal(error.message, 'cannot drop: L2 is now Eli');
    assert.equal(error.status, 409);
    assert.deepEqual(error.data, body);
    assert.equal(describe(error), 'cannot drop: L2 is now Eli (the page reloads)');
    return true;
  });
});

test('a refusal without the server\'s words says the status line', async () => {
  serve(new Response('<html>gateway</html>', { status: 502, statusText: 'Bad Gateway' }));
  await assert.rejects(api('/x'), (error) => {
    assert.equal(error.message, '502 Bad Gateway');
    assert.equal(error.status, 502);
    assert.equal(error.data, null);
    assert.equal(describe(error), '502 Bad Gateway');
    return true;
  });
});

test('an unreachable server is status 0, said as such', async () => {
  serve(() => { throw new TypeError('Failed to fetch'); });
  await assert.rejects(api('/x'), (error) => error.status === 0 && error.message === UNREACHABLE);
});

test('an aborted request stays an AbortError (a newer preview replaced it)', async () => {
  serve(() => { throw new DOMException('The operation was aborted.', 'AbortError'); });
  await assert.rejects(api('/x'), (error) => error.name === 'AbortError' && error.status === undefined);
});

test('a 401 is heard before it is thrown (the session ended), and no other answer is', async () => {
  const heard = [];
  onUnauthorized(async (path) => { heard.push(path); });
  serve((path) => (path === '/api/boats' ? json({ error: 'sign in to use this server' }, 401, 'Unauthorized')
    : json({ error: 'no' }, path === '/api/shares/9' ? 404 : 403)));
  await assert.rejects(api('/api/boats'), (error) => error.status === 401 && heard.length === 1);
  await assert.rejects(api('/api/shares/9', { method: 'DELETE' }), { status: 404 });
  await assert.rejects(api('/api/regattas/Cup/attend', { method: 'POST', body: {} }), { status: 403 });
  assert.deepEqual(heard, ['/api/boats']);
});

test('refusal and describe on their own', () => {
  const error = refusal(401, 'Unauthorized', { error: 'sign in first' });
  assert.equal(error.message, 'sign in first');
  assert.equal(error.status, 401);
  assert.equal(describe(error), 'sign in first');
  assert.equal(describe(refusal(500, 'Internal Server Error', { error: 'x', hint: '' })), 'x');
});

test('a boat\'s path escapes its name as one segment, dots included', () => {
  assert.equal(boatPath('Sample crew'), '/api/boats/Sample%20crew');
  assert.equal(boatPath('a.b', '/preview?origin=L1'), '/api/boats/a%2Eb/preview?origin=L1');
  assert.equal(boatPath('x/y?z#', '/check'), '/api/boats/x%2Fy%3Fz%23/check');
  assert.equal(boatPath('Ålesund'), '/api/boats/%C3%85lesund');
});
