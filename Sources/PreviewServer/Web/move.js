// Drag to reorder, as UICollectionView's interactive movement. A pointer pressed on a cell and
// moved a few points begins a move (`beginMove`): the cell leaves its slot and follows the
// pointer. Each further move asks `updateMove` — the engine picks the target and answers how
// the cells in the bounds make room since the previous step (`update`'s shape), animated.
// Releasing commits (`endMove {commit: true}`, which is `update {changes: [{move}]}`), Escape
// cancels; the page then redraws and slides every cell from where it was shown. Draws wait
// meanwhile and the wheel does not scroll, so the steps and the drawing share one bounds.
// A cell the layout cannot move is not lifted: a pinned one (its frame follows the bounds: the
// layout places it, not its index path — a guide's header), or one `beginMove` refuses (a tree
// takes only reloads); the page says why at the pointer (`onRefused(message, event)`).

import { keyOf } from './canvas.js';
import * as protocol from './protocol.js';

const threshold = 4;  // points a pressed pointer moves before it drags
const cellKey = ([section, item]) => keyOf({ category: 'cell', section, item });

/** The index path before the move of the cell shown at [s, i] while `from` is dropped at `to`. */
function original([s, i], from, to) {
  if (s === to[0]) i = i < to[1] ? i : i - 1;  // its place among the section's other items
  if (s === from[0]) i = i < from[1] ? i : i + 1;
  return [s, i];
}

export class Mover {
  constructor(canvas, onMessage, onRefused, zoom = () => 1) {
    Object.assign(this, { canvas, onMessage, onRefused, zoom });
    this.pressed = null;  // {node, x, y} until the pointer has moved far enough
    this.move = null;  // the move in progress
    this.last = null;  // the last move ended: {from, target, commit, answer}
    this.steps = [];  // the `updateMove` answers drawn in the last move, in order
    this.done = Promise.resolve();  // the move's requests, in order
    this.clicked = false;
    const layer = canvas.layer;
    layer.addEventListener('pointerdown', (event) => this.down(event));
    layer.addEventListener('pointermove', (event) => this.moved(event));
    layer.addEventListener('pointerup', () => this.up(true));
    layer.addEventListener('pointercancel', () => this.up(false));
    // A drag is not a click: the inspector keeps what it showed.
    layer.addEventListener('click', (event) => { if (this.clicked) event.stopImmediatePropagation(); }, true);
    window.addEventListener('keydown', (event) => { if (event.key === 'Escape') this.end(false); });
    canvas.view.addEventListener('wheel', (event) => { if (this.move) event.preventDefault(); }, { passive: false });
  }

  /** The pointer's position in the view's space (the screen's distance divided by the zoom). */
  position(event) {
    const origin = this.canvas.view.getBoundingClientRect(), bounds = this.canvas.bounds, zoom = this.zoom();
    return { x: (event.clientX - origin.left) / zoom + bounds.x, y: (event.clientY - origin.top) / zoom + bounds.y };
  }

  queue(work) {
    this.done = this.done.then(work).catch((error) => this.onMessage(error.message));
    return this.done;
  }

  down(event) {
    const node = event.target.closest('#content > div');
    this.clicked = false;
    if (event.button !== 0 || !event.isPrimary || this.move || node?.element?.category !== 'cell' || node.classList.contains('ghost')) return;
    this.pressed = { node, x: event.clientX, y: event.clientY };
  }

  moved(event) {
    if (this.move) {
      this.move.position = this.position(event);
      this.step();
    } else if (this.pressed && Math.hypot(event.clientX - this.pressed.x, event.clientY - this.pressed.y) >= threshold) {
      if (this.pressed.node.classList.contains('pinned')) {
        this.pressed = null;
        this.clicked = true;
        this.onRefused('This cell is pinned to the bounds: the layout places it, so it cannot be moved.', event);
      } else {
        this.begin(event);
      }
    }
  }

  up(commit) {
    this.pressed = null;
    this.end(commit);
  }

  begin(event) {
    const { canvas } = this, { node } = this.pressed, { element } = node;
    this.pressed = null;
    this.clicked = true;
    canvas.layer.setPointerCapture(event.pointerId);
    const from = [element.section, element.item];
    const move = {
      view: canvas.viewID, from, target: from, position: this.position(event), node, labels: new Map(),
      pointer: { clientX: event.clientX, clientY: event.clientY },
    };
    this.move = move;
    this.steps = [];
    this.queue(async () => {
      await canvas.pause();
      let item;
      try {
        ({ item } = await canvas.rpc.request(protocol.beginMove({ view: move.view, element: { section: from[0], item: from[1] }, position: move.position })));
      } catch (error) {
        // The layout cannot move it: nothing was lifted; say why where the pointer is.
        this.move = null;
        canvas.resume();
        if (canvas.layer.hasPointerCapture(event.pointerId)) canvas.layer.releasePointerCapture(event.pointerId);
        this.onRefused(`This cell cannot be moved: ${error.message.replace(/^invalid params: /, '')}`, move.pointer);
        return;
      }
      // The steps speak of the cells in the bounds: those outside go (their labels are kept).
      move.labels = canvas.liftForMove(node);
      this.showDragged(item);
    });
  }

  showDragged(item) {
    const { node } = this.move;
    this.canvas.place(node, item, node.label);
    node.classList.add('dragging');
  }

  /** One `updateMove` at a time, at the latest position: moves made meanwhile are one step. */
  step() {
    const move = this.move;
    if (move.queued || move.ended) return;
    move.queued = true;
    this.queue(async () => {
      move.queued = false;
      if (move.ended || this.move !== move) return;
      const answer = await this.canvas.rpc.request(protocol.updateMove({ view: move.view, position: move.position }));
      if (!move.ended) this.showStep(move, answer);
    });
  }

  showStep(move, answer) {
    this.steps.push(answer);
    move.target = answer.target;
    this.showDragged(answer.item);
    this.canvas.drawAnswer(answer, { inPlace: true, labelOf: (element) => this.label(move, element) });
  }

  /** The label of the cell shown at `element`'s index path, if it was drawn when the move began. */
  label(move, element) {
    return move.labels.get(cellKey(original([element.section, element.item], move.from, move.target))) ?? null;
  }

  end(commit) {
    const move = this.move;
    if (!move || move.ended) return;
    move.ended = true;
    this.queue(async () => {
      if (this.move !== move) return;  // beginMove failed
      let answer = null;
      try {
        answer = await this.canvas.rpc.request(protocol.endMove({ view: move.view, commit }));
      } catch (error) {
        this.onMessage(error.message);  // e.g. the data changed under the move: it is over
      }
      this.move = null;
      await this.land(move, commit && answer !== null, answer ?? { moving: [] });
      if (answer) this.last = { from: move.from, target: move.target, commit, answer };
    });
  }

  /** Redraws at the end of a move and slides each cell from where it was shown. */
  async land(move, commit, answer) {
    const { canvas } = this;
    // Where each cell is shown, by its index path once the move ends: the steps already
    // named the cells as a commit leaves them; a cancel says where each goes back to.
    const shown = new Map();
    if (commit) for (const [key, node] of canvas.entries()) shown.set(key, node.element);
    else {
      for (const { before, after } of answer.moving) {
        const node = canvas.node(keyOf(before));
        if (node) shown.set(keyOf(after), node.element);
      }
    }
    shown.set(cellKey(commit ? move.target : move.from), move.node.element);
    move.node.remove();
    canvas.resume();
    await canvas.redrawSliding(shown);
  }
}
