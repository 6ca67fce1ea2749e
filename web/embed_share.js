// The Share buttons of a widget, done by the page: copy the link (clipboard, with a fallback),
// downloads of CSV, JSON and PNG, the file picker, and dropping a file or a link on the widget.

/** The requests the C++ Share section sends (index = pl::app::HostRequest, see web_host.cpp). */
export const HOST_REQUEST = ['copyLink', 'downloadCsv', 'downloadJson', 'snapshotPng', 'importFile', 'downloadLesson', 'downloadTsv', 'copyResult',
  'saveScorm12', 'saveScorm2004',  // these two: embed.js (Author mode's SCORM packages)
  'saveTraceCsv', 'saveTraceLatex', 'copyTraceMarkdown',  // the Trace section
  'printLesson',  // the lesson card's "Print this lesson" (printSheet below)
  'saveSvg',  // the Share section's vector figure of the canvas (lab.exportSvg)
  'openNotices'];  // the Share section's About line: the licence and notices (embed.js, embed_about.js)
const MAX_IMPORT_BYTES = 32 * 1024 * 1024;
// What a copied link opens, by embed_page.js widgetLinkTarget().opens: the person who shares it should
// know whether it comes back on this page or in the full-page widget.
const WHAT_THE_LINK_OPENS = {
  'this-page': 'it reopens this widget on this page, exactly as it is now.',
  'full-page': 'it opens exactly this screen in the full-page widget.',
  'same-page': 'it reopens exactly this screen.',
};

/**
 * Returns {request(name), remove()}; request does what the Share button `name` (HOST_REQUEST) does.
 * lessonDraft() gives the Author mode's lesson as {name, text} (its Save JSON button); linkTarget()
 * where the widget's link leads (embed_page.js widgetLinkTarget), which Copy link tells the person.
 */
export function setUpShare(element, canvas, handle, lessonDraft, linkTarget) {
  // The file picker behind "Import CSV/JSON" (tests drive it with setInputFiles).
  const fileInput = document.createElement('input');
  fileInput.type = 'file';
  fileInput.accept = '.csv,.tsv,.json,.txt,text/csv,text/tab-separated-values,application/json';
  fileInput.className = 'perceptron-lab-file';
  fileInput.hidden = true;
  element.appendChild(fileInput);

  // A file handed to the browser's downloads, and the widget says so (the browser may show nothing).
  function save(blob, name) {
    download(blob, name);
    const size = blob.size < 1024 ? `${blob.size} bytes` : `${(blob.size / 1024).toFixed(1)} KB`;
    handle.setNotice(`Saved ${name} (${size}) with your browser's downloads.`);
  }
  function download(blob, name) {
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    a.hidden = true;
    element.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60000);
  }
  function copyWithSelection(value) {
    const area = document.createElement('textarea');
    area.value = value;
    area.setAttribute('readonly', '');
    area.className = 'perceptron-lab-copy';
    element.appendChild(area);
    area.select();
    let ok = false;
    try { ok = document.execCommand('copy'); } catch (e) { ok = false; }
    area.remove();
    canvas.focus({ preventScroll: true });
    return ok;
  }
  async function copyText(value, done, failed) {
    let ok = false;
    try {
      if (navigator.clipboard && navigator.clipboard.writeText) { await navigator.clipboard.writeText(value); ok = true; }
    } catch (e) { ok = false; }
    if (!ok) ok = copyWithSelection(value);
    handle.setNotice(ok ? done : failed);
    return ok;
  }
  async function copyLink() {
    // A screen too large for a link (Words mode with many messages) is shared as a file instead.
    const problem = handle.linkProblem();
    if (problem) { handle.setNotice(problem); return false; }
    const link = handle.link();
    let ok = false;
    try {
      if (navigator.clipboard && navigator.clipboard.writeText) { await navigator.clipboard.writeText(link); ok = true; }
    } catch (e) { ok = false; }
    if (!ok) ok = copyWithSelection(link);
    handle.setNotice(ok ? `Link copied to the clipboard: ${WHAT_THE_LINK_OPENS[linkTarget().opens]}`
      : `The clipboard is not available here. Copy this link by hand (${WHAT_THE_LINK_OPENS[linkTarget().opens]}): ${link}`);
    return ok;
  }
  // The lesson card's "Copy my result": the result token (docs/reference.md "The result record"), which
  // the student hands in and perceptron-cli check re-checks.
  async function copyResult() {
    const record = handle.result();
    const token = record?.token;
    if (!token) {
      handle.setNotice(record ? 'Your result is too large to copy (a token holds at most 1,000,000 characters): ask your instructor how to hand in this lesson.'
        : 'There is no result to copy: open a lesson and check a step first.');
      return false;
    }
    let ok = false;
    try {
      if (navigator.clipboard && navigator.clipboard.writeText) { await navigator.clipboard.writeText(token); ok = true; }
    } catch (e) { ok = false; }
    if (!ok) ok = copyWithSelection(token);
    handle.setNotice(ok ? 'Your result is copied to the clipboard: paste it where your instructor asks for it.'
      : `The clipboard is not available here. Copy your result by hand: ${token}`);
    return ok;
  }
  function request(name) {
    switch (name) {
      case 'copyLink': copyLink(); break;
      case 'copyResult': copyResult(); break;
      case 'downloadCsv': save(new Blob([handle.exportCsv()], { type: 'text/csv' }), 'perceptron-lab.csv'); break;
      case 'downloadJson': save(new Blob([handle.exportJson()], { type: 'application/json' }), 'perceptron-lab.json'); break;
      case 'downloadTsv': save(new Blob([handle.exportTsv()], { type: 'text/tab-separated-values' }), 'perceptron-lab.tsv'); break;
      case 'saveTraceCsv': save(new Blob([handle.exportTrace('csv')], { type: 'text/csv' }), 'perceptron-lab-trace.csv'); break;
      case 'saveTraceLatex': save(new Blob([handle.exportTrace('latex')], { type: 'application/x-tex' }), 'perceptron-lab-trace.tex'); break;
      case 'copyTraceMarkdown': copyText(handle.exportTrace('markdown'), 'The trace table is copied to the clipboard as Markdown.',
        'The clipboard is not available here: use lab.exportTrace(\'markdown\') or Save CSV instead.'); break;
      case 'snapshotPng':
        handle.snapshot().then((blob) => save(blob, 'perceptron-lab.png'))
          .catch((err) => handle.setNotice(`No snapshot: ${err.message}`));
        break;
      case 'importFile': fileInput.value = ''; fileInput.click(); break;
      case 'printLesson': handle.printLesson(); break;
      case 'saveSvg':
        handle.exportSvg({ part: 'canvas' }).then((svg) => save(new Blob([svg], { type: 'image/svg+xml' }), 'perceptron-lab.svg'))
          .catch((err) => handle.setNotice(`No SVG: ${err.message}`));
        break;
      case 'downloadLesson': {
        const { name, text } = lessonDraft();
        save(new Blob([text], { type: 'application/json' }), name);
        break;
      }
      default: break;
    }
  }

  async function importFile(file) {
    if (!file) return { ok: false, error: 'No file.' };
    if (file.size > MAX_IMPORT_BYTES) {
      const error = `${file.name} is too large (${Math.round(file.size / 1048576)} MB); the limit is 32 MB.`;
      handle.setNotice(error);
      return { ok: false, error };
    }
    return handle.importText(await file.text(), file.name);
  }
  const onFileChosen = () => { const file = fileInput.files && fileInput.files[0]; if (file) importFile(file); };
  fileInput.addEventListener('change', onFileChosen);

  // Drag and drop: a CSV/TSV/JSON file, or a link dragged from another tab.
  const onDragOver = (e) => {
    if (!e.dataTransfer) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'copy';
    element.classList.add('perceptron-lab-dragging');
  };
  const onDragLeave = () => element.classList.remove('perceptron-lab-dragging');
  const onDrop = (e) => {
    if (!e.dataTransfer) return;
    e.preventDefault();
    element.classList.remove('perceptron-lab-dragging');
    const file = e.dataTransfer.files && e.dataTransfer.files[0];
    if (file) { importFile(file); return; }
    const dropped = (e.dataTransfer.getData('text/uri-list') || e.dataTransfer.getData('text/plain') || '').trim();
    if (dropped) handle.load(dropped);
  };
  element.addEventListener('dragover', onDragOver);
  element.addEventListener('dragleave', onDragLeave);
  element.addEventListener('drop', onDrop);

  return {
    request,
    remove() {
      element.removeEventListener('dragover', onDragOver);
      element.removeEventListener('dragleave', onDragLeave);
      element.removeEventListener('drop', onDrop);
      fileInput.remove();
    },
  };
}

/**
 * "Print this lesson" (lab.printLesson): the sheet {name, html} (core/figures/worksheet.hpp) opens in a new
 * tab, which prints itself once loaded; when the browser blocks the tab, the sheet is downloaded instead
 * and the notice says what to do with it. Returns {ok, opened}.
 */
export function printSheet(element, handle, sheet) {
  if (!sheet) { handle.setNotice('There is no lesson open to print.'); return { ok: false, opened: false }; }
  const url = URL.createObjectURL(new Blob([sheet.html], { type: 'text/html' }));
  const tab = window.open(url, '_blank');
  if (!tab) {
    const a = Object.assign(document.createElement('a'), { href: url, download: sheet.name, hidden: true });
    element.appendChild(a);
    a.click();
    a.remove();
    handle.setNotice(`The browser blocked a new tab, so the sheet was downloaded as ${sheet.name}: open it and print it.`);
  }
  setTimeout(() => URL.revokeObjectURL(url), 60000);
  return { ok: true, opened: Boolean(tab) };
}
