// Layout-to-layout transitions, as UICollectionView's setCollectionViewLayout(_:animated:):
// `transition {view, layout, options?}` switches the view to another layout (or other options)
// for the session and answers where to scroll (`contentOffset`) and how each element goes from
// the old layout in the old bounds (`before`, `final`) to the new one in the new bounds
// (`after`, `initial`). The page scrolls there and draws the answer; the old side is shifted by
// the scroll, so each element starts where it was on screen.

import * as protocol from './protocol.js';

/** Switches the canvas's view to `layout` (`options` undefined: the engine's choice); resolves
 *  with the answer once the animations have started. */
export async function applyTransition(canvas, layout, options) {
  const view = canvas.viewID;
  await canvas.pause();
  let answer, old;
  try {
    answer = await canvas.rpc.request(protocol.transition(options === undefined ? { view, layout } : { view, layout, options }));
    old = canvas.bounds;
    canvas.adopt({ layout, contentSize: answer.contentSize, offset: answer.contentOffset });
  } finally {
    canvas.resume();
  }
  await canvas.drawAnswer(answer, { shift: { x: answer.contentOffset.x - old.x, y: answer.contentOffset.y - old.y } });
  return answer;
}
