// What "no label cut" means, and a walk through every tab of a tabbed layout: shared by the layout
// tests (every screen size) and the display tests (200 % zoom, larger text).
import assert from 'node:assert/strict';
import { drawnBy, clickRect } from './harness.mjs';

// What the full-page widget drew once idle (harness.mjs).
export { drawnBy as drawn } from './harness.mjs';
export const visible = (item) => item.rect[3] > item.clip[1] + 1 && item.rect[1] < item.clip[3] - 1;

// Labels that poke out of their column or panel, and texts wider than the room they were given.
export function cutLabels(frame) {
  const cut = [];
  for (const item of frame.items) {
    if (!item.label || !visible(item)) continue;
    if (item.rect[2] > item.clip[2] + 1 || item.rect[0] < item.clip[0] - 1) cut.push(`"${item.label}" leaves its panel (${item.rect} in ${item.clip})`);
  }
  for (const t of frame.texts) {
    if (!['button', 'combo'].includes(t.role)) continue;  // the others wrap
    const room = t.rect[2] - t.rect[0];
    if (t.textWidth > room + 0.5) cut.push(`${t.role} "${t.text}" needs ${t.textWidth.toFixed(1)} px, has ${room.toFixed(1)}`);
  }
  return cut;
}

// Tabbed layouts draw one tab at a time: visit each with a real click on its tab. Returns the tabs' names
// ([] for the columns, whose one frame is visited as 'all').
export async function everyTab(page, visit) {
  let frame = await drawnBy(page);
  const tabs = frame.items.filter((i) => i.window.includes('##panel-tabs') || (i.window.includes('##tabs') && ['Lesson', 'Lessons', 'Data', 'Train', 'Theory', 'Lift'].includes(i.label)));
  if (!tabs.length) { await visit(frame, 'all'); return []; }
  const names = tabs.map((t) => t.label);
  for (const name of names) {
    const tab = frame.items.find((i) => i.label === name);
    await clickRect(page, tab.rect);  // (taps are tested in touch.test.mjs)
    await drawnBy(page);  // the press, the release, then the tab bar switches on the following frame
    frame = await drawnBy(page);
    assert.ok(frame.items.some((i) => i.label === name && i.open !== undefined), `tab ${name} drawn`);
    await visit(frame, name);
  }
  return names;
}
