// An instructor's own lesson inside a link (docs/reference.md "Link format"): the fragment key `lessonz` holds the
// lesson's JSON, compressed with raw DEFLATE (RFC 1951) and written in base64url without padding:
//     #d=...&lesson=my-lesson&step=2&lessonz=<base64url(deflate-raw(JSON))>&v=1
// `v=1` stays last (the link codec's end mark, so a link cut off inside lessonz is still noticed).
// Built-in lessons never need it: `lesson=ID&step=K` names them. The C++ link codec does not know
// `lessonz`; the page unpacks it and hands the rest of the fragment to the module.
//
// The browser's CompressionStream('deflate-raw') compresses asynchronously, but link() must answer at
// once: until the compressed text is ready a link carries the lesson in DEFLATE's "stored" blocks (a
// valid raw DEFLATE stream that is not compressed), which every reader decodes the same way.

export const LESSON_LINK_KEY = 'lessonz';
// Larger lessons are refused by the module anyway (kMaxLessonBytes in src/core/lesson/lesson.hpp).
export const MAX_LESSON_BYTES = 4 * 1024 * 1024;
const STORED_BLOCK_BYTES = 65535;
const DAMAGED = 'its lesson (lessonz) is damaged or was cut off when the link was copied';

export function toBase64Url(bytes) {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Bytes of base64url text (no padding), or null when it is not base64url. */
export function fromBase64Url(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Raw DEFLATE made of stored (uncompressed) blocks: synchronous, and readable by any inflater. */
export function storedDeflate(bytes) {
  const blocks = Math.max(1, Math.ceil(bytes.length / STORED_BLOCK_BYTES));
  const out = new Uint8Array(bytes.length + 5 * blocks);
  let at = 0;
  for (let i = 0; i < blocks; i++) {
    const chunk = bytes.subarray(i * STORED_BLOCK_BYTES, (i + 1) * STORED_BLOCK_BYTES);
    out[at++] = i === blocks - 1 ? 1 : 0;  // BFINAL on the last block; BTYPE 00 = stored
    out[at++] = chunk.length & 0xff;
    out[at++] = chunk.length >> 8;
    out[at++] = ~chunk.length & 0xff;
    out[at++] = (~chunk.length >> 8) & 0xff;
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

/** Promise of the lessonz value of a lesson's JSON text, compressed by the browser. */
export async function compressLesson(jsonText) {
  const stream = new Blob([new TextEncoder().encode(jsonText)]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  return toBase64Url(new Uint8Array(await new Response(stream).arrayBuffer()));
}

/** The lessonz value at once, uncompressed (stored blocks): what a link carries until compressLesson is done. */
export function storedLesson(jsonText) {
  return toBase64Url(storedDeflate(new TextEncoder().encode(jsonText)));
}

/**
 * The lesson's JSON text from a lessonz value. Rejects with a sentence for the student when the value
 * is not base64url, not raw DEFLATE, cut off, larger than MAX_LESSON_BYTES or not UTF-8.
 */
export async function decompressLesson(value) {
  const bytes = fromBase64Url(value);
  if (!bytes || bytes.length === 0) throw new Error(`${DAMAGED} (it is not base64url text)`);
  const reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate-raw')).getReader();
  const chunks = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value: chunk } = await reader.read();
      if (done) break;
      size += chunk.length;
      if (size > MAX_LESSON_BYTES) break;
      chunks.push(chunk);
    }
  } catch (err) {
    throw new Error(DAMAGED);
  }
  if (size > MAX_LESSON_BYTES) {
    reader.cancel().catch(() => {});
    throw new Error(`its lesson is larger than ${MAX_LESSON_BYTES / 1048576} MB`);
  }
  const joined = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) { joined.set(chunk, at); at += chunk.length; }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(joined);
  } catch (err) {
    throw new Error('its lesson is not UTF-8 text');
  }
}

/**
 * Splits a link, '#fragment' or bare fragment into what the module reads (`rest`: the same text without
 * the lessonz pair) and the lesson parts: {rest, lessonz (or null), lessonId, step (text, or null)}.
 */
export function splitLessonLink(text) {
  const hash = text.indexOf('#');
  const prefix = hash >= 0 ? text.slice(0, hash + 1) : '';
  const pairs = (hash >= 0 ? text.slice(hash + 1) : text).split('&');
  const value = (key) => {
    const pair = pairs.find((p) => p.slice(0, p.indexOf('=')) === key);
    if (pair === undefined) return null;
    try { return decodeURIComponent(pair.slice(key.length + 1)); } catch (err) { return pair.slice(key.length + 1); }
  };
  const lessonz = value(LESSON_LINK_KEY);
  const kept = pairs.filter((p) => p.slice(0, p.indexOf('=')) !== LESSON_LINK_KEY);
  return { rest: prefix + kept.join('&'), lessonz, lessonId: value('lesson'), step: value('step') };
}

/** Puts lessonz into a fragment written by the module, before its final `v=` mark. */
export function withLessonLink(fragment, lessonz) {
  const end = fragment.lastIndexOf('&v=');
  if (end < 0) return `${LESSON_LINK_KEY}=${lessonz}&${fragment}`;
  return `${fragment.slice(0, end)}&${LESSON_LINK_KEY}=${lessonz}${fragment.slice(end)}`;
}
