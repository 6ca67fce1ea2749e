// The decision-field shader in one program for every model against one program per kind of model
// (src/app/render/field_programs.hpp), timed in headless Chromium (SwiftShader) on this machine. Prints numbers;
// asserts nothing. Usage: node bench/field_variants.mjs
//
// Both programs are compiled from shaders/decision_field.frag with shaders/field_contract.h in front, as
// src/app/render/gl_program.cpp does; the specialised one gets the "#define PL_FIELD_FIXED_..." lines that
// FieldVariant::defines() writes. Each draws the same field into an RGBA8 target the size of the coarse
// picture shown while Run is on (165 x 200, a 657 x 800 plot) and of the exact one (657 x 800), waiting
// for the GPU each time (readPixels); the median of 9 draws is printed, and the ratio.
import fs from 'node:fs';
import path from 'node:path';
import { launchBrowser, repoRoot } from '../tests/e2e/harness.mjs';

const read = (name) => fs.readFileSync(path.join(repoRoot, 'shaders', name), 'utf8');
const sources = { header: read('field_contract.h'), frag: read('decision_field.frag'), vert: read('fullscreen.vert') };
// kind, lift, bias, kernel codes (field_contract.h) and the records of each case.
const cases = [
  { label: 'line (perceptron, bias absorbed)', kind: 0, lift: 0, bias: 0, kernel: 0, records: 1, weights: 3 },
  { label: 'kernel perceptron, RBF, 200 support vectors', kind: 1, lift: 0, bias: 0, kernel: 3, records: 200, weights: 0 },
  { label: 'voted perceptron, 50 vectors', kind: 2, lift: 0, bias: 1, kernel: 0, records: 50, weights: 2 },
];
const sizes = [[165, 200], [657, 800]];

const browser = await launchBrowser();
try {
  const page = await browser.newPage();
  const rows = await page.evaluate(({ sources, cases, sizes }) => {
    const gl = document.createElement('canvas').getContext('webgl2');
    const prefix = '#version 300 es\nprecision highp float;\nprecision highp int;\nprecision highp sampler2D;\n';
    const compile = (type, body, defines) => {
      const s = gl.createShader(type);
      gl.shaderSource(s, prefix + defines + sources.header + '\n#line 1\n' + body);
      gl.compileShader(s);
      if (!gl.getShaderParameter(s, gl.COMPILE_STATUS)) throw new Error(gl.getShaderInfoLog(s));
      return s;
    };
    const program = (defines) => {
      const p = gl.createProgram();
      gl.attachShader(p, compile(gl.VERTEX_SHADER, sources.vert, defines));
      gl.attachShader(p, compile(gl.FRAGMENT_SHADER, sources.frag, defines));
      gl.linkProgram(p);
      if (!gl.getProgramParameter(p, gl.LINK_STATUS)) throw new Error(gl.getProgramInfoLog(p));
      return p;
    };
    const records = gl.createTexture();
    gl.activeTexture(gl.TEXTURE0);
    gl.bindTexture(gl.TEXTURE_2D, records);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.NEAREST);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.NEAREST);
    const floats = new Float32Array(1024 * 4);
    for (let i = 0; i < floats.length; i++) floats[i] = Math.sin(i * 12.9898) * 0.8;  // any finite model
    gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA32F, 1024, 1, 0, gl.RGBA, gl.FLOAT, floats);
    gl.bindVertexArray(gl.createVertexArray());
    gl.disable(gl.BLEND);
    const pixel = new Uint8Array(4);
    const out = [];
    for (const c of cases) {
      const fixed = `#define PL_FIELD_FIXED_KIND ${c.kind}\n#define PL_FIELD_FIXED_LIFT ${c.lift}\n` +
        `#define PL_FIELD_FIXED_BIAS ${c.kind === 1 ? 0 : c.bias}\n#define PL_FIELD_FIXED_KERNEL ${c.kind === 1 ? c.kernel : 0}\n`;
      const programs = { every: program(''), own: program(fixed) };
      for (const [w, h] of sizes) {
        const target = gl.createTexture();
        gl.bindTexture(gl.TEXTURE_2D, target);
        gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA8, w, h, 0, gl.RGBA, gl.UNSIGNED_BYTE, null);
        gl.bindTexture(gl.TEXTURE_2D, records);
        const fb = gl.createFramebuffer();
        gl.bindFramebuffer(gl.FRAMEBUFFER, fb);
        gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.TEXTURE_2D, target, 0);
        gl.viewport(0, 0, w, h);
        const ms = {};
        for (const [name, p] of Object.entries(programs)) {
          gl.useProgram(p);
          const u = (n) => gl.getUniformLocation(p, n);
          gl.uniform1i(u('u_kind'), c.kind); gl.uniform1i(u('u_lift'), c.lift); gl.uniform1i(u('u_bias'), c.bias);
          gl.uniform1i(u('u_kernel'), c.kernel); gl.uniform1i(u('u_input_dim'), 2); gl.uniform1i(u('u_weight_count'), c.weights);
          gl.uniform1f(u('u_b'), 0.1); gl.uniform1i(u('u_records'), 0); gl.uniform1i(u('u_cpu_values'), 0);
          gl.uniform1i(u('u_record_count'), c.records); gl.uniform1i(u('u_record_texels'), c.kind === 2 ? 2 : 1);
          gl.uniform1i(u('u_cpu_cell'), 1); gl.uniform4f(u('u_kernel_params'), 3, 1, 1, 0.5); gl.uniform2f(u('u_kernel_extra'), 1, 0);
          gl.uniform2f(u('u_center'), 0, 0); gl.uniform1f(u('u_units_per_pixel'), 8 / h); gl.uniform2f(u('u_size'), w, h);
          gl.uniform1f(u('u_strength_scale'), 1); gl.uniform3f(u('u_positive'), 1, 0.5, 0); gl.uniform3f(u('u_negative'), 0, 0.5, 1);
          gl.uniform3f(u('u_background'), 1, 1, 1); gl.uniform3f(u('u_contour'), 0, 0, 0);
          gl.uniform1i(u('u_show_unit_contours'), 0); gl.uniform1i(u('u_sign_only'), 0);
          const times = [];
          for (let i = 0; i < 10; i++) {
            gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, pixel);
            const t0 = performance.now();
            gl.drawArrays(gl.TRIANGLES, 0, 3);
            gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, pixel);
            if (i > 0) times.push(performance.now() - t0);  // the first draw also prepares the pipeline
          }
          times.sort((a, b) => a - b);
          ms[name] = times[Math.floor(times.length / 2)];
        }
        out.push({ label: c.label, size: `${w} x ${h}`, every: ms.every, own: ms.own });
      }
    }
    return out;
  }, { sources, cases, sizes });
  console.log('field program                                  target      every model   its own   ratio');
  for (const r of rows)
    console.log(`${r.label.padEnd(46)} ${r.size.padEnd(10)} ${r.every.toFixed(1).padStart(8)} ms ${r.own.toFixed(1).padStart(7)} ms ${(r.every / r.own).toFixed(1).padStart(6)}x`);
} finally {
  await browser.close();
}
