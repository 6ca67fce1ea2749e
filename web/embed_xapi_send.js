// Sends xAPI statements to a Learning Record Store (docs/reference.md "xAPI statements"): POST
// `${endpoint}/statements` with X-Experience-API-Version 1.0.3. Every statement goes into a queue
// first, in localStorage (keyed by the endpoint's address; the queue holds statements only, never the
// auth or anything else of the page's settings), and leaves it once the LRS has it. A POST that fails
// (no connection, 5xx, 401, ...) is retried with a growing pause (2 s, 4 s, ... 5 min), at once when
// the browser says it is online again or a new statement comes, and on the next load of the page.
// A 400 is the LRS refusing the statement itself: it is dropped (sending it again would never work)
// and reported once with the LRS's reason. Sending runs in the background: nothing here waits for it.
// Storage can be missing, full or refused: then the queue lives as long as the page.

const QUEUE_PREFIX = 'perceptron-lab-xapi-queue:';
const MAX_QUEUED = 5000;           // beyond this the oldest go (about 10 MB of localStorage would not hold more)
const BATCH = 25;
const FIRST_RETRY_MS = 2000;
const LAST_RETRY_MS = 5 * 60 * 1000;
const senders = new Map();         // endpoint + auth -> the sender the page's widgets share

function storage() {
  try { return window.localStorage || null; } catch (err) { return null; }
}

// The stored queue of one endpoint; falls back to memory when storage is missing or full.
function queueOf(endpoint) {
  const key = `${QUEUE_PREFIX}${endpoint}`;
  let memory = null;
  const store = storage();
  if (!store) memory = [];
  const read = () => {
    if (memory) return memory;
    try {
      const list = JSON.parse(store.getItem(key) || '[]');
      return Array.isArray(list) ? list.filter((s) => s && typeof s.id === 'string') : [];
    } catch (err) {
      return [];
    }
  };
  const write = (list) => {
    if (memory) { memory = list; return; }
    try {
      if (list.length) store.setItem(key, JSON.stringify(list));
      else store.removeItem(key);
    } catch (err) {
      console.warn(`Perceptron Lab: xAPI statements wait in this page only, storage refused them (${err.message})`);
      memory = list;
    }
  };
  return {
    read,
    add(statements) {
      const list = read().concat(statements);
      if (list.length > MAX_QUEUED) {
        console.warn(`Perceptron Lab: more than ${MAX_QUEUED} xAPI statements wait for the LRS; the oldest are dropped`);
      }
      write(list.slice(-MAX_QUEUED));
    },
    remove(ids) { write(read().filter((s) => !ids.has(s.id))); },
  };
}

// The LRS's reason for a 400, short (its JSON message when it gives one).
async function reasonOf(response) {
  let text = '';
  try { text = await response.text(); } catch (err) { /* no body */ }
  try {
    const json = JSON.parse(text);
    text = json.message || json.error || json.errorMessage || text;
  } catch (err) { /* plain text */ }
  text = String(text).replace(/\s+/g, ' ').trim();
  return text ? text.slice(0, 300) : `HTTP ${response.status}`;
}

/**
 * The sender for one LRS. endpoint: its address without a trailing '/'; auth: the Authorization header
 * ('' = none). report(reason) hears a statement the LRS refused (400). Returns {add(statements), stop}.
 */
export function lrsSender(endpoint, auth, report) {
  const id = `${endpoint}\n${auth}`;
  let sender = senders.get(id);
  if (!sender) {
    sender = makeSender(endpoint, auth);
    senders.set(id, sender);
  }
  sender.reporters.add(report);
  sender.flush();  // what an earlier load of the page left in the queue
  return { add: sender.add, stop: () => sender.reporters.delete(report) };
}

function makeSender(endpoint, auth) {
  const queue = queueOf(endpoint);
  const reporters = new Set();
  const headers = { 'X-Experience-API-Version': '1.0.3', 'Content-Type': 'application/json' };
  if (auth) headers.Authorization = auth;
  let busy = false;
  let again = false;
  let failures = 0;
  let timer = null;

  // {ok} delivered (409: the LRS has these ids already), {rejected, reason} a 400, {failed} anything else.
  async function post(batch) {
    try {
      const response = await fetch(`${endpoint}/statements`, {
        method: 'POST', headers, body: JSON.stringify(batch), credentials: 'omit', cache: 'no-store',
      });
      if (response.ok || (response.status === 409 && batch.length === 1)) return { ok: true };
      if (response.status === 400) return { rejected: true, reason: await reasonOf(response) };
      return { failed: `HTTP ${response.status}`, split: response.status === 409 || response.status === 413 };
    } catch (err) {
      return { failed: err.message };
    }
  }

  function retryLater() {
    clearTimeout(timer);
    const pause = Math.min(FIRST_RETRY_MS * 2 ** Math.min(failures - 1, 20), LAST_RETRY_MS);
    timer = setTimeout(flush, pause);
  }

  async function flush() {
    if (busy) { again = true; return; }
    busy = true;
    clearTimeout(timer);
    let oneByOne = false;  // after a batch was refused: find the statement the LRS refuses
    try {
      for (;;) {
        const batch = queue.read().slice(0, oneByOne ? 1 : BATCH);
        if (!batch.length) { failures = 0; break; }
        const outcome = await post(batch);
        if (outcome.ok) {
          failures = 0;
          queue.remove(new Set(batch.map((s) => s.id)));
        } else if (outcome.rejected || outcome.split) {
          if (batch.length > 1) { oneByOne = true; continue; }
          if (outcome.split) { failures++; retryLater(); break; }
          queue.remove(new Set([batch[0].id]));
          console.warn(`Perceptron Lab: the Learning Record Store refused statement ${batch[0].id}: ${outcome.reason}`);
          for (const report of reporters) report(outcome.reason);
        } else {
          failures++;
          retryLater();
          break;
        }
      }
    } finally {
      busy = false;
      if (again) { again = false; flush(); }
    }
  }

  if (typeof window !== 'undefined') window.addEventListener('online', () => flush());
  return {
    reporters,
    flush,
    add(statements) {
      queue.add(statements);
      flush();
    },
  };
}
