// The xAPI mount options (docs/reference.md "xAPI statements"): data-xapi-endpoint, data-xapi-auth,
// data-xapi-actor and data-xapi-activity-base, read and checked. Part of the first download (the mount
// checks them and tells a wrong one at once); what sends statements is in embed_xapi.js, loaded only
// when a page uses it. A message never repeats data-xapi-auth, nor an endpoint that carries a password.

const IFIS = ['mbox', 'mbox_sha1sum', 'openid', 'account'];
const HTTP = /^https?:$/;

// The endpoint without a trailing '/', or a problem ('' = none given).
function readEndpoint(value) {
  if (value === undefined || value === null || String(value).trim() === '') return { endpoint: '' };
  let url;
  try { url = new URL(String(value).trim(), document.baseURI); } catch (err) { return { problem: 'is not an address' }; }
  if (url.username || url.password) return { problem: 'carries a user name or password, which belong in data-xapi-auth' };
  if (!HTTP.test(url.protocol)) return { problem: 'is not an http:// or https:// address' };
  if (url.search || url.hash) return { problem: 'has a ?query or #fragment, and must be the endpoint alone' };
  return { endpoint: url.href.replace(/\/+$/, '') };
}

// The actor as an xAPI Agent with exactly one identifier, or a problem (null = none given).
function readActor(value) {
  if (value === undefined || value === null || value === '') return { actor: null };
  let actor = value;
  if (typeof value === 'string') {
    try { actor = JSON.parse(value); } catch (err) { return { problem: 'is not JSON' }; }
  }
  if (!actor || typeof actor !== 'object' || Array.isArray(actor)) return { problem: 'is not a JSON object' };
  if (actor.objectType !== undefined && actor.objectType !== 'Agent') return { problem: 'is not an Agent (objectType)' };
  const ifis = IFIS.filter((key) => actor[key] !== undefined);
  if (ifis.length !== 1) return { problem: 'must have exactly one of mbox, mbox_sha1sum, openid or account' };
  const good = {
    mbox: (v) => typeof v === 'string' && /^mailto:[^@\s]+@[^@\s]+$/.test(v),
    mbox_sha1sum: (v) => typeof v === 'string' && /^[0-9a-f]{40}$/i.test(v),
    openid: (v) => typeof v === 'string' && /^[a-z][a-z0-9+.-]*:/i.test(v),
    account: (v) => v && typeof v === 'object' && typeof v.name === 'string' && v.name !== ''
      && typeof v.homePage === 'string' && /^[a-z][a-z0-9+.-]*:/i.test(v.homePage),
  }[ifis[0]];
  if (!good(actor[ifis[0]])) return { problem: `has a ${ifis[0]} that xAPI does not accept` };
  if (actor.name !== undefined && typeof actor.name !== 'string') return { problem: 'has a name that is not text' };
  const out = { objectType: 'Agent', [ifis[0]]: actor[ifis[0]] };
  if (actor.name) out.name = actor.name;
  return { actor: out };
}

// The base of the activity ids: an absolute IRI without a fragment (default: this page without its
// query, which may hold an LMS's launch parameters, and without its fragment).
function readActivityBase(value) {
  if (value !== undefined && value !== null && String(value).trim() !== '') {
    const text = String(value).trim();
    if (!/^[a-z][a-z0-9+.-]*:\S+$/i.test(text) || text.includes('#')) return { problem: 'is not an absolute address without #fragment' };
    return { base: text.replace(/\/+$/, '') };
  }
  let page;
  try { page = new URL(document.baseURI); } catch (err) { page = null; }
  if (page && /^(https?|file):$/.test(page.protocol)) return { base: `${page.origin === 'null' ? 'file://' : page.origin}${page.pathname}` };
  return { base: 'https://perceptron-lab.invalid/lessons' };  // reserved name: says "no page address"
}

/**
 * The xAPI settings of mount options: {endpoint ('' = no LRS), auth, actor (null = anonymous),
 * activityBase, problems}. name(key) names an option in a message (data-xapi-actor or the option xapiActor).
 */
export function xapiSettings(options, name = (key) => `the option ${key}`) {
  const problems = [];
  const endpoint = readEndpoint(options.xapiEndpoint);
  if (endpoint.problem) {
    problems.push(`${name('xapiEndpoint')} ${endpoint.problem}; no statements are sent to a Learning Record Store.`);
  }
  const actor = readActor(options.xapiActor);
  if (actor.problem) problems.push(`${name('xapiActor')} ${actor.problem}; statements name no one (an anonymous actor).`);
  const base = readActivityBase(options.xapiActivityBase);
  if (base.problem) problems.push(`${name('xapiActivityBase')} ${base.problem}; the activity ids start with this page's address.`);
  const activityBase = base.base || readActivityBase(undefined).base;
  const auth = typeof options.xapiAuth === 'string' && endpoint.endpoint ? options.xapiAuth.trim() : '';
  return { endpoint: endpoint.endpoint || '', auth, actor: actor.actor || null, activityBase, problems };
}

/** The messages for wrong xAPI options (one sentence each), for the mount's start messages. */
export function xapiOptionProblems(options, name) {
  const given = ['xapiEndpoint', 'xapiActor', 'xapiActivityBase'].some((key) => options[key] !== undefined);
  return given && typeof document !== 'undefined' ? xapiSettings(options, name).problems : [];
}
