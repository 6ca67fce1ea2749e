// postMessage: a parent page (or the page itself) drives a widget with messages whose type starts with
// 'perceptron-lab:' (docs/reference.md "postMessage"). Only allowed origins are heard; every request gets a reply.
import { MESSAGE_PREFIX, REPLIES } from './embed_messages_start.js';
import { TRAIN_KEYS, allowedOrigins } from './embed_options.js';


/** What answers the messages to this widget: {hear(event), stop()} (embed_messages_start.js hands them over). */
export function createMessages(handle, follow, options) {
  const allowed = allowedOrigins(options);
  const id = handle.element.id || undefined;
  const subscribers = [];
  const resultFollowers = [];  // get-result with follow: true (the H5P content type, web/h5p)
  const inIframe = window.parent && window.parent !== window;
  // The student pressed Finish on the lesson's last step (the card says "Lesson complete").
  const finished = () => Boolean(handle.lesson()?.finished);
  const originAllowed = (event) => {
    if (allowed.includes('*')) return true;
    if (allowed.includes('parent') && inIframe && event.source === window.parent) return true;
    if (event.origin === 'null') return false;  // opaque origins never match a name
    if (allowed.includes('self') && event.origin === location.origin) return true;
    return allowed.includes(event.origin);
  };
  const onMessage = async (event) => {
    const msg = event.data;
    if (!msg || typeof msg !== 'object' || typeof msg.type !== 'string' || !msg.type.startsWith(MESSAGE_PREFIX)) return;
    const verb = msg.type.slice(MESSAGE_PREFIX.length);
    if (REPLIES.has(verb)) return;  // a widget's own reply, not a request
    if (msg.widget !== undefined && msg.widget !== id) return;  // meant for another widget on this page
    if (!originAllowed(event)) {
      console.warn(`Perceptron Lab: ignored '${msg.type}' from ${event.origin} (not in allowedOrigins: ${allowed.join(', ')})`);
      return;
    }
    const target = event.source;
    const targetOrigin = event.origin === 'null' ? '*' : event.origin;
    const reply = (body) => {
      try { target?.postMessage({ ...body, id: msg.id, widget: id }, targetOrigin); } catch (err) {
        console.warn(`Perceptron Lab: could not reply to ${event.origin}: ${err.message}`);
      }
    };
    const refuse = (why) => {
      console.warn(`Perceptron Lab: ignored message '${msg.type}': ${why}`);
      reply({ type: `${MESSAGE_PREFIX}error`, request: msg.type, error: why });
    };
    try {
      switch (verb) {
        case 'load': {
          const what = typeof msg.link === 'string' ? msg.link : msg.state;
          if (typeof what !== 'string' && (typeof what !== 'object' || what === null)) { refuse('give link (a string) or state (an object)'); return; }
          const r = await handle.load(what);  // a link with an instructor's lesson is unpacked first
          reply({ type: `${MESSAGE_PREFIX}loaded`, ...r, state: handle.state() });
          return;
        }
        case 'get-lessons': reply({ type: `${MESSAGE_PREFIX}lessons`, lessons: handle.lessons() }); return;
        case 'get-lesson': reply({ type: `${MESSAGE_PREFIX}lesson`, ok: true, lesson: handle.lesson() }); return;
        case 'open-lesson': {
          const what = msg.lesson;
          if (typeof what !== 'string' && (typeof what !== 'object' || what === null)) { refuse('give lesson (an id, or a lesson object or its JSON text)'); return; }
          if (msg.step !== undefined && !Number.isInteger(msg.step)) { refuse('the step must be a whole number'); return; }
          reply({ type: `${MESSAGE_PREFIX}lesson`, ...handle.openLesson(what, msg.step ?? 0), lesson: handle.lesson() });
          return;
        }
        case 'lesson-step':
          if (!Number.isInteger(msg.step)) { refuse('give step (a whole number, 0 is the first step)'); return; }
          reply({ type: `${MESSAGE_PREFIX}lesson`, ...handle.lessonStep(msg.step), lesson: handle.lesson() });
          return;
        case 'choose-answer':
          if (!Number.isInteger(msg.answer)) { refuse('give answer (a whole number, 0 is the first choice)'); return; }
          reply({ type: `${MESSAGE_PREFIX}lesson`, ...handle.chooseAnswer(msg.answer), lesson: handle.lesson() });
          return;
        case 'answer': {
          // A typed answer of a version 2 step: a number, a list of numbers, or text ("39/7", "mistake").
          const v = msg.value;
          const fine = (typeof v === 'number' && Number.isFinite(v)) || (typeof v === 'string' && v.length <= 1000) ||
            (Array.isArray(v) && v.length <= 8 && v.every((x) => typeof x === 'number' && Number.isFinite(x)));
          if (!fine) { refuse('give value (a number, a list of up to 8 numbers, or text such as "39/7" or "mistake")'); return; }
          reply({ type: `${MESSAGE_PREFIX}lesson`, ...handle.answer(v), lesson: handle.lesson() });
          return;
        }
        case 'check-goal': reply({ type: `${MESSAGE_PREFIX}verdict`, ...handle.checkGoal(), lesson: handle.lesson() }); return;
        case 'close-lesson': handle.closeLesson(); reply({ type: `${MESSAGE_PREFIX}lesson`, ok: true, lesson: null }); return;
        case 'train': {
          const request = {};
          for (const key of TRAIN_KEYS) if (msg[key] !== undefined) request[key] = msg[key];
          if (Object.keys(request).length !== 1) { refuse(`give exactly one of ${TRAIN_KEYS.join(', ')}`); return; }
          const value = Object.values(request)[0];
          if (!(value === true || (typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 1e7))) {
            refuse('the count must be a number from 0 to 1e7 (or true)');
            return;
          }
          reply({ type: `${MESSAGE_PREFIX}state`, state: handle.train(request) });
          return;
        }
        case 'get-state': reply({ type: `${MESSAGE_PREFIX}state`, state: handle.state() }); return;
        case 'get-result':  // the result record and the link that resumes it; follow: also after every check
          if (msg.follow === true && target && !resultFollowers.some((s) => s.target === target)) resultFollowers.push({ target, targetOrigin });
          reply({ type: `${MESSAGE_PREFIX}result`, result: handle.result(), link: handle.link(), finished: finished() });
          return;
        case 'get-link': reply({ type: `${MESSAGE_PREFIX}link`, link: handle.link() }); return;
        case 'run': handle.run(msg.on !== false); reply({ type: `${MESSAGE_PREFIX}state`, state: handle.state() }); return;
        case 'subscribe':
          if (target && !subscribers.some((s) => s.target === target)) subscribers.push({ target, targetOrigin });
          reply({ type: `${MESSAGE_PREFIX}state`, state: handle.state() });
          return;
        default: refuse('unknown message type');
      }
    } catch (err) {
      refuse(err.message);
    }
  };
  // The whole state is made only while a parent page listens.
  const unsubscribe = follow(() => {
    if (!subscribers.length) return;
    const state = handle.state();
    for (const s of subscribers) {
      try { s.target.postMessage({ type: `${MESSAGE_PREFIX}change`, widget: id, state }, s.targetOrigin); } catch (e) { /* gone */ }
    }
  });
  const stopResults = handle.on('result', (record) => {
    if (!resultFollowers.length) return;
    const message = { type: `${MESSAGE_PREFIX}result`, widget: id, result: record, link: handle.link(), finished: finished() };
    for (const s of resultFollowers) {
      try { s.target.postMessage(message, s.targetOrigin); } catch (e) { /* gone */ }
    }
  });
  return { hear: onMessage, stop: () => { unsubscribe(); stopResults(); } };
}
