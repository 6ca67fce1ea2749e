// The command line for Node (preset cli-node: build/cli-node/npm-cli/perceptron-lab.js, the npm package's
// `perceptron-lab` command) against the native build/native/perceptron-cli: the same arguments in two
// fresh folders holding the same input files must give the same exit code, the same stdout and stderr
// bytes and the same files, byte for byte (packages included: one fixed date in every zip entry and the
// same zlib/libzip versions make the zips identical). Each case runs both programs at once; the cases run
// a few at a time. Needs build/native, build/cli-node and build/web (the test command builds all three);
// a missing one fails the test with the command that builds it. PDFs are compared when rsvg-convert or
// Chromium is on PATH (Chromium's two print dates masked).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const nativeCli = path.join(repoRoot, 'build', 'native', 'perceptron-cli');
const nodeCli = path.join(repoRoot, 'build', 'cli-node', 'npm-cli', 'perceptron-lab.js');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'pl-cli-node-'));
const parallel = Math.max(2, Math.min(4, os.cpus().length));

function need() {
  assert.ok(fs.existsSync(nativeCli), `${nativeCli} is missing: build it first with ./scripts/build.sh native`);
  assert.ok(fs.existsSync(nodeCli), `${nodeCli} is missing: build it first with ./scripts/build.sh cli-node`);
}

const lessonIds = fs.readdirSync(path.join(repoRoot, 'src', 'core', 'lesson', 'lessons'))
  .filter((f) => f.endsWith('.json')).sort()
  .map((f) => JSON.parse(fs.readFileSync(path.join(repoRoot, 'src', 'core', 'lesson', 'lessons', f), 'utf8')).id);

function run(command, args, cwd, env) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env: env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    const out = [], err = [];
    child.stdout.on('data', (b) => out.push(b));
    child.stderr.on('data', (b) => err.push(b));
    child.on('close', (code, signal) => resolve({ code, signal, stdout: Buffer.concat(out), stderr: Buffer.concat(err) }));
  });
}

// Every file under `dir` (relative path -> bytes).
function filesIn(dir, base = dir, into = new Map()) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) filesIn(full, base, into);
    else into.set(path.relative(base, full), fs.readFileSync(full));
  }
  return into;
}

function show(bytes) {
  const text = bytes.toString('utf8');
  return JSON.stringify(text.length > 400 ? text.slice(0, 400) + '...' : text);
}

// One case: { name, args, files: {name: bytes|string} (written into both folders first), env, mask }.
// Returns a list of differences (empty when both runs agree).
let counter = 0;
async function compare(c) {
  const id = String(++counter).padStart(3, '0');
  const dirs = [path.join(scratch, `${id}-native`), path.join(scratch, `${id}-node`)];
  for (const dir of dirs) {
    fs.mkdirSync(dir);
    for (const [name, bytes] of Object.entries(c.files ?? {})) fs.writeFileSync(path.join(dir, name), bytes);
  }
  const env = { ...process.env, ...(c.env ?? {}) };
  const [a, b] = await Promise.all([run(nativeCli, c.args, dirs[0], env), run(process.execPath, [nodeCli, ...c.args], dirs[1], env)]);
  const problems = [];
  const where = `${c.name} (perceptron-cli ${c.args.join(' ')})`;
  if (a.code !== b.code || a.signal !== b.signal) problems.push(`${where}: exit ${a.code}/${a.signal} native, ${b.code}/${b.signal} node`);
  if (!a.stdout.equals(b.stdout)) problems.push(`${where}: stdout differs:\n  native ${show(a.stdout)}\n  node   ${show(b.stdout)}`);
  if (!a.stderr.equals(b.stderr)) problems.push(`${where}: stderr differs:\n  native ${show(a.stderr)}\n  node   ${show(b.stderr)}`);
  const fa = filesIn(dirs[0]), fb = filesIn(dirs[1]);
  const names = [...new Set([...fa.keys(), ...fb.keys()])].sort();
  for (const name of names) {
    if (!fa.has(name) || !fb.has(name)) problems.push(`${where}: ${name} written by ${fa.has(name) ? 'native' : 'node'} only`);
    else {
      const [x, y] = c.mask ? [c.mask(name, fa.get(name)), c.mask(name, fb.get(name))] : [fa.get(name), fb.get(name)];
      if (!x.equals(y)) problems.push(`${where}: ${name} differs (${fa.get(name).length} bytes native, ${fb.get(name).length} node)`);
    }
  }
  if (c.expectCode !== undefined && a.code !== c.expectCode) problems.push(`${where}: native exit ${a.code}, expected ${c.expectCode}`);
  if (c.expectFiles) {
    for (const f of c.expectFiles) if (!fa.has(f)) problems.push(`${where}: native wrote no ${f}`);
  }
  return { problems, native: a, node: b, files: fa };
}

// Runs the cases a few at a time; fails with every difference found.
async function compareAll(cases) {
  need();
  const results = new Array(cases.length);
  let next = 0;
  await Promise.all(Array.from({ length: parallel }, async () => {
    while (next < cases.length) {
      const i = next++;
      results[i] = await compare(cases[i]);
    }
  }));
  const problems = results.flatMap((r) => r.problems);
  assert.deepEqual(problems, [], `${problems.length} difference(s) between the native and the Node CLI:\n${problems.join('\n')}`);
  return results;
}

test.after(() => fs.rmSync(scratch, { recursive: true, force: true }));

test('both programs are there (the test command builds native and cli-node first)', () => {
  need();
  const head = fs.readFileSync(nodeCli, 'utf8').slice(0, 40);
  assert.match(head, /^#!\/usr\/bin\/env node\n/);
  assert.ok((fs.statSync(nodeCli).mode & 0o111) !== 0, 'perceptron-lab.js is executable');
  assert.deepEqual(fs.readdirSync(path.dirname(nodeCli)).sort(), ['package.json', 'perceptron-lab.js']);
  assert.equal(JSON.parse(fs.readFileSync(path.join(path.dirname(nodeCli), 'package.json'), 'utf8')).type, 'commonjs');
});

test('package: every built-in lesson as SCORM 1.2, SCORM 2004 and H5P, byte for byte', { timeout: 120000 }, async () => {
  // Both programs find the widget the same way: web/perceptron-lab-single.html in a folder above them.
  const widget = path.join(repoRoot, 'build', 'web', 'perceptron-lab-single.html');
  assert.ok(fs.existsSync(widget), `${widget} is missing: build it first with ./scripts/build.sh web`);
  // Every lesson with a small stand-in for the widget (the lesson's own files are what differ between
  // lessons; deflating the 2.4 MB widget 108 times would be most of the test's time), and the real widget,
  // found beside each program, for a lesson of each kind.
  const standIn = { 'w.html': '<!doctype html>\n<html><body><div id="lab" class="perceptron-lab"></div><script>/* a stand-in */</script></body></html>\n' };
  const cases = lessonIds.flatMap((id) => [
    { name: `scorm 1.2 ${id}`, args: ['package', '--scorm', '1.2', '--lesson', id, '--widget', 'w.html', '-o', `${id}.zip`], files: standIn, expectCode: 0, expectFiles: [`${id}.zip`] },
    { name: `scorm 2004 ${id}`, args: ['package', '--scorm', '2004', '--lesson', id, '--widget', 'w.html', '-o', `${id}-2004.zip`], files: standIn, expectCode: 0, expectFiles: [`${id}-2004.zip`] },
    { name: `h5p ${id}`, args: ['package', '--h5p', '--lesson', id, '--widget', 'w.html', '-o', `${id}.h5p`], files: standIn, expectCode: 0, expectFiles: [`${id}.h5p`] },
  ]);
  cases.push({ name: 'scorm 1.2 with the widget', args: ['package', '--scorm', '1.2', '--lesson', 'separability', '-o', 'a.zip'], expectCode: 0, expectFiles: ['a.zip'] });
  cases.push({ name: 'scorm 2004 with the widget', args: ['package', '--scorm', '2004', '--lesson', 'xor-lift', '-o', 'b.zip'], expectCode: 0, expectFiles: ['b.zip'] });
  cases.push({ name: 'h5p with the widget', args: ['package', '--h5p', '--lesson', 'update-rule', '-o', 'c.h5p'], expectCode: 0, expectFiles: ['c.h5p'] });
  cases.push({ name: 'bad scorm version', args: ['package', '--scorm', '3', '--lesson', 'update-rule', '-o', 'x.zip'], expectCode: 2 });
  cases.push({ name: 'unknown lesson', args: ['package', '--h5p', '--lesson', 'nope', '-o', 'x.h5p'], expectCode: 2 });
  cases.push({ name: 'unwritable output', args: ['package', '--h5p', '--lesson', 'update-rule', '-o', 'no-such-folder/x.h5p'] });
  cases.push({ name: 'not a widget', args: ['package', '--scorm', '2004', '--lesson', 'update-rule', '--widget', 'w.html', '-o', 'x.zip'],
               files: { 'w.html': '<html>no widget here</html>' }, expectCode: 2 });
  cases.push({ name: 'lesson file', args: ['package', '--h5p', '--lesson', 'mine.json', '-o', 'mine.h5p'], expectCode: 0,
               files: { 'mine.json': fs.readFileSync(path.join(repoRoot, 'tests', 'data', 'result_lesson.json')) } });
  assert.ok(lessonIds.length >= 18, `built-in lessons found: ${lessonIds.join(', ')}`);
  await compareAll(cases);
});

test('package: two runs a moment apart give the same zip (one fixed date in every entry)', { timeout: 60000 }, async () => {
  need();
  const dir = fs.mkdtempSync(path.join(scratch, 'again-'));
  const first = spawnSync(nativeCli, ['package', '--scorm', '1.2', '--lesson', 'xor-lift', '-o', 'a.zip'], { cwd: dir });
  await new Promise((r) => setTimeout(r, 2100));  // a DOS time counts two seconds
  const second = spawnSync(nativeCli, ['package', '--scorm', '1.2', '--lesson', 'xor-lift', '-o', 'b.zip'], { cwd: dir, env: { ...process.env, TZ: 'Pacific/Kiritimati' } });
  assert.equal(first.status, 0);
  assert.equal(second.status, 0);
  assert.ok(fs.readFileSync(path.join(dir, 'a.zip')).equals(fs.readFileSync(path.join(dir, 'b.zip'))));
});

// Tokens: a record as the widget writes it, made here for tests/data/result_lesson.json (a step to Step
// once, a quiz, a step to train to the end); the lesson's hash comes from the checker's own refusal of a
// wrong one. The fuzz corpus gives the damaged ones.
function token(record) {
  return 'PLR1.' + Buffer.from(JSON.stringify(record)).toString('base64url');
}
const corpus = path.join(repoRoot, 'tests', 'fuzz', 'corpus', 'token');
const passedToken = fs.readFileSync(path.join(corpus, 'token_passed.txt'), 'utf8').trim();
const resultLesson = fs.readFileSync(path.join(repoRoot, 'tests', 'data', 'result_lesson.json'));
const lecture = '#d=AgQDgBCAIIAQ_w__L_8fAIAg&bias=none';

function goodRecord() {
  need();
  const step = (title, kind, more) => ({ title, kind, attempts: 1, passed: true, firstTry: true, choice: null, response: '', seconds: 7, ...more });
  const record = {
    format: 'perceptron-lab-result', version: 1,
    lesson: { id: 'result-check', title: 'A lesson to grade', hash: '0123456789abcdef' },
    steps: [
      { ...step('Read this', 'text'), attempts: 0, passed: false, firstTry: false, seconds: 0 },
      step('One step', 'goal', { response: 'mistakes >= 1', state: `${lecture}&visits=1&v=1` }),
      step('A question', 'quiz', { choice: 1, response: 'that' }),
      step('Train to the end', 'goal', { response: 'converged', state: `${lecture}&visits=40&v=1` }),
    ],
    score: { raw: 3, max: 3, scaled: 1.0 }, completed: true, link: `${lecture}&visits=40&step=3&v=1`,
  };
  const refused = spawnSync(nativeCli, ['check', '--lesson', path.join(repoRoot, 'tests', 'data', 'result_lesson.json'), '--token', token(record)], { encoding: 'utf8' });
  const hash = /this lesson's is ([0-9a-f]{16})/.exec(refused.stderr);
  assert.ok(hash, `the checker names the lesson's hash: ${refused.stderr}`);
  record.lesson.hash = hash[1];
  return record;
}

test('check: good and bad tokens, inline and from files, text and --json', { timeout: 60000 }, async () => {
  const good = goodRecord();
  const wrongQuiz = structuredClone(good);
  for (const s of wrongQuiz.steps) if (s.kind === 'quiz') s.choice = 0;
  const wrongState = structuredClone(good);
  for (const s of wrongState.steps) if (s.state) s.state = `${lecture}&v=1`;
  const otherLesson = structuredClone(good);
  otherLesson.lesson.id = 'update-rule';
  const tokens = {
    good: token(good),
    'wrong quiz': token(wrongQuiz),
    'state before any step': token(wrongState),
    'another lesson': token(otherLesson),
    'wrong hash': passedToken,
    truncated: fs.readFileSync(path.join(corpus, 'token_truncated.txt'), 'utf8').trim(),
    'not a token': 'hello',
    'empty record': 'PLR1.e30',
    'not base64': 'PLR1.!!!!',
    'control characters': token({ ...good, lesson: { ...good.lesson, title: 'a\u001b[31mred\u0007\r\nline' } }),
  };
  const cases = [];
  for (const [name, t] of Object.entries(tokens)) {
    cases.push({ name: `check ${name}`, args: ['check', '--lesson', 'lesson.json', '--token', t], files: { 'lesson.json': resultLesson } });
    cases.push({ name: `check ${name} --json`, args: ['check', '--lesson', 'lesson.json', '--token', '@token.txt', '--json'],
                 files: { 'lesson.json': resultLesson, 'token.txt': t + '\n' } });
  }
  cases.push({ name: 'check missing file', args: ['check', '--lesson', 'update-rule', '--token', '@missing.txt'] });
  cases.push({ name: 'check no token', args: ['check', '--lesson', 'update-rule'], expectCode: 2 });
  cases.push({ name: 'check unknown lesson', args: ['check', '--lesson', 'nope', '--token', 'PLR1.e30'], expectCode: 2 });
  cases.push({ name: 'check a built-in lesson', args: ['check', '--lesson', 'update-rule', '--token', passedToken], expectCode: 2 });
  const results = await compareAll(cases);
  assert.equal(results[0].native.code, 0, `the good token passes: ${results[0].native.stdout}${results[0].native.stderr}`);
  assert.ok(results.some((r) => r.native.code === 1), 'some token fails its re-check (exit 1)');
});

test('report: token files and a results CSV, as a table and --csv', { timeout: 60000 }, async () => {
  const good = goodRecord();
  const wrongQuiz = structuredClone(good);
  for (const s of wrongQuiz.steps) if (s.kind === 'quiz') s.choice = 0;
  const files = {
    'ada.txt': token(good) + '\n',
    'bob.txt': token(wrongQuiz) + '\n',
    'eve.txt': 'PLR1.bm90IGEgdG9rZW4\n',
    'lesson.json': resultLesson,
    'results.csv': `id,name,token\r\n1,"Ada, A.",${token(good)}\r\n2,=cmd|' /C calc'!A0,${token(wrongQuiz)}\r\n3,Mallory,PLR1.bm90IGEgdG9rZW4\r\n`,
  };
  await compareAll([
    { name: 'report files', args: ['report', '--lesson', 'lesson.json', 'ada.txt', 'bob.txt', 'eve.txt'], files },
    { name: 'report files --csv', args: ['report', '--lesson', 'lesson.json', '--csv', 'ada.txt', 'bob.txt', 'eve.txt'], files },
    { name: 'report results.csv', args: ['report', '--lesson', 'lesson.json', 'results.csv'], files },
    { name: 'report results.csv --csv', args: ['report', '--lesson', 'lesson.json', '--csv', 'results.csv'], files },
    { name: 'report no tokens', args: ['report', '--lesson', 'update-rule'], expectCode: 2 },
    { name: 'report missing file', args: ['report', '--lesson', 'lesson.json', 'missing.txt'], files },
  ]);
});

test('worksheet (HTML) with and without --key for every second lesson, and the PDF without a Chromium on PATH', { timeout: 60000 }, async () => {
  const cases = lessonIds.filter((id, i) => i % 2 === 0).flatMap((id) => [
    { name: `worksheet ${id}`, args: ['worksheet', '--lesson', id, '-o', `${id}.html`], expectCode: 0 },
    { name: `worksheet ${id} --key`, args: ['worksheet', '--lesson', id, '--key', '-o', `${id}-key.html`], expectCode: 0 },
  ]);
  // No Chromium to print with: both say so, write the HTML instead and exit 1 (the seam's lookup on PATH).
  cases.push({ name: 'worksheet pdf, no chromium', args: ['worksheet', '--lesson', 'update-rule', '-o', 'sheet.pdf'], env: { PATH: '/nonexistent' }, expectCode: 1 });
  cases.push({ name: 'worksheet unknown option', args: ['worksheet', '--lesson', 'update-rule', '--colour', '-o', 'x.html'], expectCode: 2 });
  await compareAll(cases);
});

// Chromium prints the worksheet the same; only its PDF's two dates (the time of the print) differ.
const chromium = ['chromium', 'chromium-browser', 'google-chrome'].some((c) => spawnSync('sh', ['-c', `command -v ${c}`]).status === 0);
test('worksheet: the PDF printed by Chromium', { skip: chromium ? false : 'no Chromium on PATH', timeout: 90000 }, async () => {
  const undated = (name, bytes) => name.endsWith('.pdf')
    ? Buffer.from(bytes.toString('latin1').replace(/\/(CreationDate|ModDate) ?\([^)]*\)/g, ''), 'latin1') : bytes;
  await compareAll([
    { name: 'worksheet pdf', args: ['worksheet', '--lesson', 'xor-lift', '-o', 'sheet.pdf'], mask: undated, expectCode: 0, expectFiles: ['sheet.pdf', 'sheet.html'] },
    { name: 'worksheet pdf --key', args: ['worksheet', '--lesson', 'update-rule', '--key', '-o', 'key.pdf'], mask: undated, expectCode: 0, expectFiles: ['key.pdf'] },
  ]);
});

const state = '#d=AgQDgBCAIIAQ_w__L_8fAIAg&bias=none&visits=3&v=1';
const parts = ['canvas', 'mistakes', 'loss', 'proof', 'lift'];
const stateOf = (part) => part === 'lift' ? `${lecture}&lift=radial&visits=8&v=1` : state;  // the lift view needs a lift

test('figure: every part as SVG (plain, --print, --grayscale), TikZ, and bad input', { timeout: 60000 }, async () => {
  const cases = parts.flatMap((part) => [
    { name: `figure ${part}`, args: ['figure', '--state', stateOf(part), '--part', part, '-o', `${part}.svg`], expectCode: 0 },
    { name: `figure ${part} print`, args: ['figure', '--state', '@link.txt', '--part', part, '--print', '--grayscale', '--width-cm', '8', '-o', `${part}-print.svg`],
      files: { 'link.txt': `https://example.org/lab.html${stateOf(part)}\n` }, expectCode: 0 },
  ]);
  cases.push({ name: 'figure lift without a lift', args: ['figure', '--state', state, '--part', 'lift', '-o', 'l.svg'], expectCode: 2 });
  cases.push({ name: 'figure tikz', args: ['figure', '--state', state, '--part', 'canvas', '-o', 'canvas.tex'] });
  cases.push({ name: 'figure tikz of a plot', args: ['figure', '--state', state, '--part', 'loss', '-o', 'loss.tex'], expectCode: 2 });
  cases.push({ name: 'figure bad link', args: ['figure', '--state', '#d=%%%', '--part', 'canvas', '-o', 'x.svg'], expectCode: 2 });
  cases.push({ name: 'figure pdf, no rsvg-convert', args: ['figure', '--state', state, '--part', 'canvas', '-o', 'x.pdf'], env: { PATH: '/nonexistent' }, expectCode: 2 });
  const results = await compareAll(cases);
  assert.equal(results[0].native.code, 0, String(results[0].native.stderr));
});

const haveRsvg = spawnSync('sh', ['-c', 'command -v rsvg-convert']).status === 0;
test('figure: PDF through rsvg-convert', { skip: haveRsvg ? false : 'rsvg-convert is not installed', timeout: 60000 }, async () => {
  // cairo dates its PDFs; SOURCE_DATE_EPOCH fixes the date, so both PDFs are compared whole.
  await compareAll(parts.map((part) => ({ name: `figure ${part} pdf`, args: ['figure', '--state', stateOf(part), '--part', part, '-o', `${part}.pdf`],
    env: { SOURCE_DATE_EPOCH: '315576000' }, expectCode: 0, expectFiles: [`${part}.pdf`] })));
});

test('train and generate: text, --json, bad input, and a large output', { timeout: 60000 }, async () => {
  const data = (name) => fs.readFileSync(path.join(repoRoot, 'tests', 'data', name));
  const files = { 'lecture4.csv': data('lecture4.csv'), 'xor.csv': data('xor.csv'), 'bad_nan.csv': data('bad_nan.csv'),
                  'spam.tsv': data('spam_lecture.tsv'), 'or.csv': data('or_01_crlf.csv') };
  await compareAll([
    { name: 'train', args: ['train', '--data', 'lecture4.csv'], files, expectCode: 0 },
    { name: 'train json', args: ['train', '--data', 'lecture4.csv', '--json'], files, expectCode: 0 },
    { name: 'train lift', args: ['train', '--data', 'xor.csv', '--lift', 'xy', '--json'], files, expectCode: 0 },
    { name: 'train kernel', args: ['train', '--data', 'xor.csv', '--algorithm', 'kernel', '--kernel-type', 'rbf'], files, expectCode: 0 },
    { name: 'train crlf', args: ['train', '--data', 'or.csv'], files, expectCode: 0 },
    { name: 'train words', args: ['train', '--text', 'spam.tsv', '--bias', 'none', '--json'], files, expectCode: 0 },
    { name: 'train bad csv', args: ['train', '--data', 'bad_nan.csv'], files, expectCode: 2 },
    { name: 'train missing file', args: ['train', '--data', 'missing.csv'], expectCode: 2 },
    { name: 'train bad eta', args: ['train', '--data', 'lecture4.csv', '--eta', '1x'], files, expectCode: 2 },
    { name: 'generate xor', args: ['generate', 'xor'], expectCode: 0 },
    { name: 'generate moons', args: ['generate', 'moons', '--n', '200', '--seed', '3', '--noise', '0.05'], expectCode: 0 },
    { name: 'generate 100000 points (stdout of megabytes)', args: ['generate', 'spirals', '--n', '100000', '--seed', '7'], expectCode: 0 },
    { name: 'generate bad preset', args: ['generate', 'squares'], expectCode: 2 },
    { name: 'help', args: ['--help'], expectCode: 0 },
  ]);
});

test('an unknown command or option: a usage message on stderr, exit 2, in both', { timeout: 60000 }, async () => {
  const results = await compareAll([
    { name: 'unknown command', args: ['fly'], expectCode: 2 },
    { name: 'no command', args: [], expectCode: 2 },
    { name: 'unknown option', args: ['train', '--data', 'x.csv', '--frobnicate'], expectCode: 2 },
    { name: 'unknown option of package', args: ['package', '--zip'], expectCode: 2 },
  ]);
  for (const r of results) {
    assert.equal(r.native.stdout.length, 0);
    assert.match(r.native.stderr.toString(), /^perceptron-cli: .*\n\nUsage:\n {2}perceptron-cli train /);
  }
});
