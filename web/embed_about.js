// The Share section's About line: "Licence and notices" opens the licence and the third-party notices.
// A served widget has them as THIRD_PARTY_NOTICES.txt in its own folder (next to the module, wherever that
// is: a CDN, a course folder); the single file carries them inside (<script type="text/plain"
// id="perceptron-lab-notices">, scripts/build_single.mjs), which is also what every SCORM and H5P
// package holds. A browser that refuses the new tab (a sandboxed frame) gets the text as a download.
export const NOTICES_FILE = 'THIRD_PARTY_NOTICES.txt';

/** widget: {handle, directory (the module's folder, ending in '/', or null in the single file)} */
export function openNotices({ handle, directory }) {
  if (directory) {
    const url = new URL(NOTICES_FILE, directory).href;
    const opened = window.open(url, '_blank');
    handle.setNotice(opened === null
      ? `The licence (MIT) and the third-party notices are at ${url}.`
      : 'The licence and the third-party notices are open in a new tab.');
    return;
  }
  const inside = document.getElementById('perceptron-lab-notices');
  if (!inside) {
    handle.setNotice(`Perceptron Lab is MIT licensed; this copy has lost its ${NOTICES_FILE}.`);
    return;
  }
  const url = URL.createObjectURL(new Blob([inside.textContent.trim()], { type: 'text/plain;charset=utf-8' }));
  const opened = window.open(url, '_blank');
  if (opened === null) {
    const a = document.createElement('a');
    a.href = url;
    a.download = NOTICES_FILE;
    a.hidden = true;
    document.body.append(a);
    a.click();
    a.remove();
    handle.setNotice(`The licence and the third-party notices are saved as ${NOTICES_FILE}.`);
  } else {
    handle.setNotice('The licence and the third-party notices are open in a new tab.');
  }
  setTimeout(() => URL.revokeObjectURL(url), 60000);
}
