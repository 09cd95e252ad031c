// Batch updates animated as UICollectionView does: `update` answers where each affected
// element comes from and goes to; the canvas draws the answer (`drawAnswer`: the redraw at the
// final state, then appearing elements from `initial`, moving ones from `before`, and
// disappearing ones to `final`, with the Web Animations API). And the Updates panel's form.

import * as protocol from './protocol.js';

/** Sends `changes` for the canvas's view, redraws, and starts the animations; resolves with the answer. */
export async function applyUpdate(canvas, changes) {
  const answer = await canvas.rpc.request(protocol.update({ view: canvas.viewID, changes, rect: canvas.queried }));
  await canvas.drawAnswer(answer);
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
