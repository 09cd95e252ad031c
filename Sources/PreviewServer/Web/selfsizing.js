// Self-sizing cells (UICollectionView's preferredLayoutAttributesFitting), opt-in with the
// "self-sizing" box. After each draw every drawn cell's label is measured in the browser — a
// hidden node styled as a self-sized cell, at the cell's width, the text wrapping — and the
// heights that differ from the drawn frames go to the engine in one `preferredSizes` call. A
// layout that takes them (waterfall) lays out again and keeps its scroll anchor: the page
// scrolls to the answer's `bounds` (the old ones moved by `contentOffsetAdjustment`) and draws
// again. A layout that ignores them (nothing invalidated) is not asked again for that view.

import * as protocol from './protocol.js';

let probe;
const ignoring = new Set();  // `view|layout`
/** The views the engine took sizes for (self-sizing off drops them). */
export const sizedViews = new Set();
/** What the `preferredSizes` calls that changed a layout answered (their `invalidated` left
 *  out), the latest last. */
export const answers = [];

/** The height of `text` wrapped at `width`, as a self-sized cell draws it. */
export function measure(width, text) {
  if (!probe) {
    probe = document.createElement('div');
    probe.id = 'measure';
    document.body.appendChild(probe);
  }
  probe.style.width = `${width}px`;
  probe.textContent = text;
  return Math.ceil(probe.getBoundingClientRect().height);
}

/** Forgets which layouts ignored preferred sizes (self-sizing turned on again). */
export function forgetIgnoring() { ignoring.clear(); }

/** The canvas's `afterDraw` hook: sends the measured sizes; true when the layout changed. */
export async function selfSize(canvas) {
  const key = `${canvas.viewID}|${canvas.layout}`;
  if (ignoring.has(key)) return false;
  const sizes = [];
  for (const [, node] of canvas.entries()) {
    const { category, section, item, frame, hidden } = node.element;
    if (category !== 'cell' || hidden) continue;
    const height = measure(frame.width, node.textContent);
    if (Math.abs(height - frame.height) > 0.5) sizes.push({ element: { category, section, item }, size: { width: frame.width, height } });
  }
  if (!sizes.length) return false;
  const answer = await canvas.rpc.request(protocol.preferredSizes({ view: canvas.viewID, sizes }));
  if (answer.invalidatedCount === 0) {
    ignoring.add(key);
    return false;
  }
  sizedViews.add(canvas.viewID);
  const { invalidated, ...kept } = answer;
  answers.push(kept);
  canvas.adopt({ contentSize: answer.contentSize, offset: answer.bounds });
  return true;
}
