// Batch updates animated as UICollectionView does: `update` answers where each affected
// element comes from and goes to; after the redraw at the final state, appearing elements
// animate from `initial`, moving ones from `before`, and disappearing ones (ghost nodes, gone
// from the layout) to `final` — with the Web Animations API.

import { keyOf } from './canvas.js';

export const duration = 350;

/** The keyframe of an element's attributes (in #content, frames are content coordinates),
 *  moved by `shift` (attributes of an earlier scroll position, seen from the current one). */
export function keyframe({ frame, alpha }, shift = { x: 0, y: 0 }) {
  return {
    left: `${frame.x + shift.x}px`, top: `${frame.y + shift.y}px`,
    width: `${frame.width}px`, height: `${frame.height}px`, opacity: alpha,
  };
}

/** Animates an answer in `update`'s shape onto the drawn nodes: appearing elements from
 *  `initial`, moving ones from `before`, disappearing ones as ghosts to `final`. `shift` moves
 *  the old side (`before`, `final`) when the scroll offset changed in between (a transition). */
export function animateAnswer(canvas, answer, shift = { x: 0, y: 0 }) {
  for (const { after, initial } of answer.appearing) {
    canvas.nodes.get(keyOf(after))?.animate([keyframe(initial), keyframe(after)], { duration, easing: 'ease-out' });
  }
  for (const { before, after } of answer.moving) {
    canvas.nodes.get(keyOf(after))?.animate([keyframe(before, shift), keyframe(after)], { duration, easing: 'ease-in-out' });
  }
  for (const { before, final } of answer.disappearing) ghost(canvas, before, final, shift);
}

/** A node for an element gone from the layout, animated from `before` to `final`, then removed. */
export function ghost(canvas, before, final, shift = { x: 0, y: 0 }, label = null) {
  const node = document.createElement('div');
  canvas.place(node, before, label);
  node.classList.add('ghost');
  canvas.content.appendChild(node);
  const animation = node.animate([keyframe(before, shift), keyframe(final, shift)], { duration, easing: 'ease-in', fill: 'forwards' });
  animation.finished.finally(() => node.remove());
}

/** Sends `changes` for the canvas's view, redraws, and starts the animations; resolves with the answer. */
export async function applyUpdate(canvas, changes) {
  const view = canvas.viewID;
  const answer = await canvas.rpc.request('update', { view, changes, rect: canvas.lastRect });
  canvas.needsPrepare = true;
  await canvas.draw();
  animateAnswer(canvas, answer);
  return answer;
}

/** The fields each change of the updates form reads. */
const fieldsOf = {
  insert: ['section', 'item', 'value'], delete: ['section', 'item'], reload: ['section', 'item', 'value'],
  move: ['section', 'item', 'toSection', 'toItem'], insertSection: ['section', 'value'], deleteSection: ['section'],
  moveSection: ['section', 'toSection'],
};

/** Enables the fields the chosen change reads, disables the others. */
export function showFields(form) {
  const used = fieldsOf[control(form, 'kind').value] ?? [];
  for (const name of ['section', 'item', 'toSection', 'toItem', 'value']) control(form, name).disabled = !used.includes(name);
}

// By name, never `form.elements[name]`: `form.elements.item` is the collection's own item().
const control = (form, name) => form.elements.namedItem(name);

/** The change the updates form describes; throws an error naming the field that is wrong. */
export function changeFromForm(form) {
  const field = (name, label) => {
    const text = control(form, name).value.trim(), number = Number(text);
    if (text === '' || !Number.isInteger(number) || number < 0) throw new Error(`${label}: expected a whole number ≥ 0, got '${text}'`);
    return number;
  };
  const at = () => [field('section', 'Section'), field('item', 'Item')];
  const to = () => [field('toSection', 'To section'), field('toItem', 'To item')];
  const value = () => {
    try { return JSON.parse(control(form, 'value').value); } catch (error) { throw new Error(`Value: not JSON (${error.message})`); }
  };
  switch (control(form, 'kind').value) {
    case 'insert': return { insert: at(), value: value() };
    case 'delete': return { delete: at() };
    case 'reload': return { reload: at(), value: value() };
    case 'move': return { move: at(), to: to() };
    case 'insertSection': return { insertSection: field('section', 'Section'), items: [value()] };
    case 'deleteSection': return { deleteSection: field('section', 'Section') };
    case 'moveSection': return { moveSection: field('section', 'Section'), to: field('toSection', 'To section') };
    default: throw new Error('unknown change');
  }
}
