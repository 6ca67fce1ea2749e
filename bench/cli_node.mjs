// The command line natively and as WebAssembly for Node: start-up (`--help`) and one `check` of a good
// token, N runs of each program, interleaved (native, node, native, node, ...) so a busy machine slows
// both alike. Prints the medians and node / native. Needs build/native/perceptron-cli and
// build/cli-node/npm-cli/perceptron-lab.js (./scripts/build.sh native and cli-node).
//   node bench/cli_node.mjs [N]        (default 21)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const nativeCli = path.join(repoRoot, 'build', 'native', 'perceptron-cli');
const nodeCli = path.join(repoRoot, 'build', 'cli-node', 'npm-cli', 'perceptron-lab.js');
const runs = Number(process.argv[2] ?? 21);
for (const f of [nativeCli, nodeCli]) if (!fs.existsSync(f)) throw new Error(`${f} is missing: build it first`);

// A good token for tests/data/result_lesson.json (as tests/e2e/cli_node.test.mjs makes it): Step once, the
// quiz's right answer, trained to the end; the lesson's hash is the one the checker names on refusing a wrong one.
const lessonFile = path.join(repoRoot, 'tests', 'data', 'result_lesson.json');
const lecture = '#d=AgQDgBCAIIAQ_w__L_8fAIAg&bias=none';
const step = (title, kind, more) => ({ title, kind, attempts: 1, passed: true, firstTry: true, choice: null, response: '', seconds: 7, ...more });
const record = {
  format: 'perceptron-lab-result', version: 1, lesson: { id: 'result-check', title: 'A lesson to grade', hash: '0123456789abcdef' },
  steps: [{ ...step('Read this', 'text'), attempts: 0, passed: false, firstTry: false, seconds: 0 },
          step('One step', 'goal', { response: 'mistakes >= 1', state: `${lecture}&visits=1&v=1` }),
          step('A question', 'quiz', { choice: 1, response: 'that' }),
          step('Train to the end', 'goal', { response: 'converged', state: `${lecture}&visits=40&v=1` })],
  score: { raw: 3, max: 3, scaled: 1.0 }, completed: true, link: `${lecture}&visits=40&step=3&v=1`,
};
const tokenOf = (r) => 'PLR1.' + Buffer.from(JSON.stringify(r)).toString('base64url');
const refused = spawnSync(nativeCli, ['check', '--lesson', lessonFile, '--token', tokenOf(record)], { encoding: 'utf8' });
record.lesson.hash = /this lesson's is ([0-9a-f]{16})/.exec(refused.stderr)[1];
const token = tokenOf(record);

const programs = { native: [nativeCli], node: [process.execPath, nodeCli] };
const tasks = { 'start-up (--help)': ['--help'], 'check (a good token)': ['check', '--lesson', lessonFile, '--token', token] };

function time(program, args) {
  const [command, ...pre] = programs[program];
  const start = process.hrtime.bigint();
  const r = spawnSync(command, [...pre, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (r.status !== 0) throw new Error(`${program} ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return ms;
}
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };

console.log(`node ${process.version}, ${runs} runs each, interleaved; ${(fs.statSync(nodeCli).size / 1024).toFixed(0)} KB perceptron-lab.js`);
for (const [name, args] of Object.entries(tasks)) {
  time('native', args); time('node', args);  // warm the file cache
  const ms = { native: [], node: [] };
  for (let i = 0; i < runs; ++i) for (const p of ['native', 'node']) ms[p].push(time(p, args));
  const a = median(ms.native), b = median(ms.node);
  console.log(`${name.padEnd(22)} native ${a.toFixed(1).padStart(7)} ms   node ${b.toFixed(1).padStart(7)} ms   node/native ${(b / a).toFixed(1)}x`);
}
