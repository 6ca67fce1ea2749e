// The full-page widget (index.html): reads its state from the URL fragment and keeps it there.
// A file rather than an inline script, so the page also runs under a strict Content-Security-Policy.
import { mountPerceptron } from './embed.js';

const handle = await mountPerceptron(document.getElementById('lab'), { link: location.href, syncUrl: true });
window.perceptronLab = handle;  // for the browser tests and the console
