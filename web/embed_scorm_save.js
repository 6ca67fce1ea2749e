// Author mode's "Save as SCORM 2004" / "Save as SCORM 1.2": the lesson being written as a SCORM package,
// made in the browser. The files are the ones perceptron-cli package writes (the module builds them
// with the same core code: pl_scorm_package, core/packaging/scorm_package.hpp); the single-file widget
// comes from the widget's own folder (perceptron-lab-single.html next to embed.js); fflate zips them.
// embed.js imports this module only when one of the two buttons is pressed, so it and fflate (copied
// into the build folder as fflate.js) cost the first download nothing.
import { zipSync, strToU8 } from './fflate.js';

const WIDGET_FILE = 'perceptron-lab-single.html';

/**
 * version: '1.2' | '2004'; widget: {handle, wasm (embed_wasm.js), lessons (embed_lessons.js), directory
 * (the widget's folder, ending in '/')}. Downloads <id>-scorm2004.zip (or -scorm12) and says so in the
 * notice, or says in the notice why it could not.
 */
export async function saveScormPackage(version, { handle, wasm, lessons, directory }) {
  const draft = lessons.draftFile();
  const id = draft.name.replace(/\.json$/, '');
  let widgetHtml = '';
  try {
    const response = await fetch(new URL(WIDGET_FILE, directory));
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    widgetHtml = await response.text();
  } catch (err) {
    handle.setNotice(`The SCORM package needs ${WIDGET_FILE} from the widget's folder, which this page cannot fetch (${err.message}): press Save JSON and run perceptron-cli package --scorm ${version} --lesson ${draft.name} -o ${id}.zip.`);
    return;
  }
  const made = JSON.parse(wasm.withString(draft.text, (lessonPtr) => wasm.withString(widgetHtml, (widgetPtr) =>
    wasm.text('pl_scorm_package', lessonPtr, version === '2004' ? 1 : 0, widgetPtr))));
  if (made.error) {
    handle.setNotice(`The SCORM package could not be made: ${made.error}`);
    return;
  }
  const zip = zipSync(Object.fromEntries(made.files.map((file) => [file.path, strToU8(file.text)])), { level: 9 });
  const name = `${id}-scorm${version === '2004' ? '2004' : '12'}.zip`;
  const url = URL.createObjectURL(new Blob([zip], { type: 'application/zip' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.hidden = true;
  handle.element.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60000);
  handle.setNotice(`Saved ${name}: upload it to your LMS as a SCORM ${version} package.`);
}
