// Layout-to-layout transitions, as UICollectionView's setCollectionViewLayout(_:animated:):
// `transition {view, layout, options?}` switches the view to another layout (or other options)
// for the session and answers where to scroll (`contentOffset`) and how each element goes from
// the old layout in the old bounds (`before`, `final`) to the new one in the new bounds
// (`after`, `initial`). The page scrolls there, redraws, and animates the answer; the old
// side is shifted by the scroll, so each element starts where it was on screen.

import { animateAnswer } from './updates.js';

/** Switches the canvas's view to `layout` (`options` undefined: the engine's choice); resolves
 *  with the answer once the animations have started. */
export async function applyTransition(canvas, layout, options) {
  const view = canvas.viewID;
  await canvas.pause();
  let answer, old;
  try {
    answer = await canvas.rpc.request('transition', options === undefined ? { view, layout } : { view, layout, options });
    old = canvas.lastBounds;
    canvas.layout = layout;
    canvas.needsPrepare = true;
    canvas.setContentSize(answer.contentSize, old);
    canvas.view.scrollTo(answer.contentOffset.x, answer.contentOffset.y);
  } finally {
    canvas.resume();
  }
  await canvas.draw();
  animateAnswer(canvas, answer, { x: answer.contentOffset.x - old.x, y: answer.contentOffset.y - old.y });
  return answer;
}
