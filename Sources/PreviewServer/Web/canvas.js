// One view drawn at the engine's exact frames: the page's viewport is the view's bounds. The
// canvas owns the view's state — which view, its layout, direction, content size, bounds, zoom,
// the drawn nodes — and the other modules read it through its getters and change it only
// through its functions (its fields are private).
//
// #view is the scroll view; #sizer gives it the content size; #layer is pinned to the
// viewport (position: sticky) and clips; #content holds one absolutely positioned node per
// element at its frame and is translated by −(drawn offset), so each node's rectangle is
// frame − drawn offset, and a scroll moves one transform rather than every node. Each scroll or
// resize sends the bounds (`invalidate {bounds}`) and queries the visible rect plus a margin, in
// one batch; nodes are recycled by element key, so the DOM holds what is visible, whatever the
// view's size. Draws never overlap: a scroll during one asks for the next, and only the latest
// position is drawn. A drag or a transition holds draws meanwhile (`pause`, `resume`);
// `afterDraw` (self-sizing) may ask for another at once.
//
// The page owns its scrolling: #view is the only element of the drawing that scrolls. #layer
// and the nodes clip (`overflow: clip`, not scroll containers), so whatever scrolls an element
// into view — a click, find in page, focus, a screen reader — scrolls #view, which is a scroll of
// the bounds; should anything still scroll #layer, that scroll is moved onto #view (and a label
// whose cut text was scrolled goes back to its start).
//
// Pinned elements (a sticky header: its frame follows the bounds) are found from the engine's own
// answers at two offsets: the same batch also sets the bounds `probeShift` points further right
// and down, queries them (the bounds only, not the margin: what shows), and sets the bounds back.
// An element in the bounds whose frame moved by exactly the shift on an axis follows the bounds on
// that axis; it gets the class `pinned` (one in the margin is classed when a draw shows it). No
// layout is asked anything the protocol lacks, and any layout's pinned elements are found,
// whatever its rule.
//
// Cells are drawn round when their plugin declares it (`plugins`' `cellShape: "round"`): no
// layout is named here.

import * as protocol from './protocol.js';

const margin = 0.25;  // of the viewport's size, on each side
const probeShift = 16;  // points: the second offset at which the engine is asked, to find pinned elements
export const duration = 350;  // of an answer's animations, in milliseconds

export const keyOf = (e) => `${e.category}|${e.kind ?? ''}|${e.section}|${e.item}`;
/** The CSS z-index of an element: decoration views below the others of the same zIndex (UIKit's
 *  backgrounds), the DOM order above. */
export const stackingOf = (e) => 2 * e.zIndex + (e.category === 'decoration' ? 0 : 1);

/** The keyframe of an element's attributes (in #content, frames are content coordinates),
 *  moved by `shift` (attributes of an earlier scroll position, seen from the current one). */
export function keyframe({ frame, alpha }, shift = { x: 0, y: 0 }) {
  return {
    left: `${frame.x + shift.x}px`, top: `${frame.y + shift.y}px`,
    width: `${frame.width}px`, height: `${frame.height}px`, opacity: alpha,
  };
}

export class ViewCanvas {
  #rpc; #view; #sizer; #layer; #content; #hooks;
  #viewID = null;
  #layout = null;
  #direction = 'leftToRight';
  #cellShapes = new Map();  // layout → its plugin's `cellShape`
  #round = false;  // the shown layout's cells are round
  #nodes = new Map();
  #pool = [];
  #contentSize = { width: 0, height: 0 };
  #lastBounds = null;
  #lastRect = null;
  #zoom = 1;
  #waiting = null;
  #running = false;
  #userScrolled = false;
  #needsPrepare = false;
  #drawCount = 0;
  #prepareCount = 0;  // draws that prepared (a new size, direction, data or layout)
  #current = Promise.resolve();  // the draw running, if any
  #paused = null;  // while set (a drag, a transition), draws wait
  #resumeDraws = null;
  #afterDraw = null;  // async (canvas) → true when the layout changed and wants a redraw (self-sizing)

  constructor(rpc, { view, sizer, layer, content }, hooks) {
    [this.#rpc, this.#view, this.#sizer, this.#layer, this.#content, this.#hooks] = [rpc, view, sizer, layer, content, hooks];
    view.addEventListener('scroll', () => this.draw().catch(() => {}));
    // Anything that scrolls the clipping layer (it should not be able to) scrolls the view
    // instead; a label's text scrolled within its cut (find in page) goes back to its start.
    layer.addEventListener('scroll', (event) => {
      const scrolled = event.target, { scrollLeft: x, scrollTop: y } = scrolled;
      if (x === 0 && y === 0) return;
      scrolled.scrollTo(0, 0);
      if (scrolled === layer) view.scrollBy(x, y);
    }, true);
    for (const type of ['wheel', 'pointerdown', 'keydown', 'touchstart']) {
      // Ctrl/Cmd + wheel zooms (frame.js): not a scroll.
      view.addEventListener(type, (event) => { if (!event.ctrlKey && !event.metaKey) this.#userScrolled = true; }, { passive: true });
    }
    view.addEventListener('scrollend', () => this.#settle());
    new ResizeObserver(() => { if (this.#viewID) this.draw().catch(() => {}); }).observe(view);
    layer.addEventListener('click', (event) => {
      const node = event.target.closest('#content > div');
      if (node?.element) hooks.onSelect(node);
    });
  }

  // What the other modules read.
  get rpc() { return this.#rpc; }
  /** The scroll view (#view) and the layer over it (#layer), for pointer positions and events. */
  get view() { return this.#view; }
  get layer() { return this.#layer; }
  get viewID() { return this.#viewID; }
  get layout() { return this.#layout; }
  get direction() { return this.#direction; }
  get zoom() { return this.#zoom; }
  get contentSize() { return { ...this.#contentSize }; }
  /** The bounds as last sent to the engine (null before the first draw). */
  get bounds() { return this.#lastBounds && { ...this.#lastBounds }; }
  /** The rect last queried: the bounds plus the margin. */
  get queried() { return this.#lastRect && { ...this.#lastRect }; }
  get drawCount() { return this.#drawCount; }
  get prepareCount() { return this.#prepareCount; }
  get nodeCount() { return this.#nodes.size; }
  /** The node drawn for an element key, if any. */
  node(key) { return this.#nodes.get(key); }
  /** The drawn nodes, as [key, node] pairs (a copy). */
  entries() { return [...this.#nodes]; }

  /** Shows `info` ({id, layout, viewport, direction}) from its origin. */
  async show(info) {
    this.#viewID = info.id;
    this.#setLayout(info.layout);
    this.#direction = info.direction ?? 'leftToRight';
    this.#needsPrepare = true;
    this.#lastBounds = null;
    for (const node of this.#nodes.values()) node.remove();
    this.#nodes.clear();
    this.#view.scrollTo(0, 0);
    await this.draw();
  }

  /** What each layout's plugin declares of its cells' shape: `plugins`' answer. */
  setCellShapes(plugins) {
    this.#cellShapes = new Map(plugins.map((plugin) => [plugin.name, plugin.cellShape]));
    this.#round = this.#cellShapes.get(this.#layout) === 'round';
  }

  #setLayout(layout) {
    this.#layout = layout;
    this.#round = this.#cellShapes.get(layout) === 'round';
  }

  /** The zoom of the drawing (frame.js scales #view): the selection's outline keeps its width. */
  setZoom(scale) {
    this.#zoom = scale;
    this.#content.style.setProperty('--zoom', scale);
  }

  /** Self-sizing on (`hook`: the `afterDraw` that sends the measured sizes) or off (null). */
  setAfterDraw(hook) {
    this.#afterDraw = hook;
    this.#content.classList.toggle('self-sizing', hook !== null);
  }

  /** Scrolls to (x, y), clamped as a scroll view clamps; `user`: the user's scroll, which comes to
   *  rest where the layout says (targetContentOffset). The scroll draws. */
  scrollTo(x, y, { user = false } = {}) {
    if (user) this.#userScrolled = true;
    this.#view.scrollTo(x, y);
  }

  /** The bounds as the engine should see them: #view's size at its scroll offset. */
  #currentBounds() {
    const view = this.#view;
    return { x: view.scrollLeft, y: view.scrollTop, width: view.clientWidth, height: view.clientHeight };
  }

  /** Resolves once a draw that started after this call is on screen. */
  draw() {
    let waiting = this.#waiting;
    if (!waiting) {
      waiting = {};
      waiting.promise = new Promise((resolve, reject) => Object.assign(waiting, { resolve, reject }));
      this.#waiting = waiting;
      if (!this.#running) this.#pump();
    }
    return waiting.promise;
  }

  /** Prepares the layout again (its data, plugin or sizes changed), then draws. */
  redraw() {
    this.#needsPrepare = true;
    return this.draw();
  }

  async #pump() {
    this.#running = true;
    while (this.#waiting) {
      while (this.#paused) await this.#paused;
      const waiting = this.#waiting;
      this.#waiting = null;
      try {
        this.#current = this.#drawOnce();
        await this.#current;
        waiting.resolve();
      } catch (error) {
        // The next draw prepares again, whatever its size: a layout that failed at one size has
        // nothing prepared to query at the next (an error for one size never sticks).
        this.#needsPrepare = true;
        this.#hooks.onError(error);
        waiting.reject(error);
      }
    }
    this.#running = false;
  }

  /** Holds draws until `resume()`; resolves once no draw is running. */
  async pause() {
    if (!this.#paused) this.#paused = new Promise((resolve) => { this.#resumeDraws = resolve; });
    await this.#current.catch(() => {});
  }

  resume() {
    const resume = this.#resumeDraws;
    this.#paused = null;
    resume?.();
  }

  async #drawOnce(depth = 0) {
    const view = this.#viewID;
    if (!view) return;
    const bounds = this.#currentBounds();
    const resized = !this.#lastBounds || bounds.width !== this.#lastBounds.width || bounds.height !== this.#lastBounds.height;
    const rect = {
      x: bounds.x - bounds.width * margin, y: bounds.y - bounds.height * margin,
      width: bounds.width * (1 + 2 * margin), height: bounds.height * (1 + 2 * margin),
    };
    const calls = [protocol.invalidate({ view, bounds })];
    const prepares = resized || this.#needsPrepare;
    if (prepares) calls.push(protocol.prepare({ view, workDoneToken: `prepare ${view}` }));
    calls.push(protocol.query({ view, rect, labels: true }));
    const shift = (r) => ({ ...r, x: r.x + probeShift, y: r.y + probeShift });
    calls.push(protocol.invalidate({ view, bounds: shift(bounds) }), protocol.query({ view, rect: shift(bounds) }),
      protocol.invalidate({ view, bounds }));
    let results;
    try {
      results = await this.#rpc.batch(calls);
    } catch (error) {
      if (view !== this.#viewID) return;  // an error of the view shown before is no longer news
      throw error;
    }
    if (view !== this.#viewID) return;
    this.#needsPrepare = false;
    this.#lastBounds = bounds;
    this.#lastRect = rect;
    if (prepares) this.#setContentSize(results[1].contentSize, bounds);
    const answer = results[calls.length - 4];
    this.#render(answer, bounds, pinnedKeys(answer.elements, results[calls.length - 2].elements));
    if (prepares) {
      this.#prepareCount += 1;
      this.#hooks.onPrepared?.(results[1]);
    }
    if (this.#afterDraw && depth < 4 && await this.#afterDraw(this) && view === this.#viewID) return this.#drawOnce(depth + 1);
    this.#drawCount += 1;
    this.#hooks.onDrawn();
  }

  #setContentSize(size, bounds) {
    this.#contentSize = size;
    // In whole pixels, as the scroll range is: #layer sticks inside #sizer, so a fractional size
    // (compositional's 3298.8) would stop it 0.2 px short of the largest scroll offset, 3299 − height.
    this.#sizer.style.width = `${Math.ceil(Math.max(size.width, bounds.width))}px`;
    this.#sizer.style.height = `${Math.ceil(Math.max(size.height, bounds.height))}px`;
  }

  /** Takes an answer that changed the layout (`transition`, `preferredSizes`): its content size,
   *  and its scroll position, `offset`; `layout`: the view's layout now. The next draw prepares. */
  adopt({ contentSize, offset, layout }) {
    if (layout !== undefined) this.#setLayout(layout);
    this.#needsPrepare = true;
    if (contentSize) this.#setContentSize(contentSize, this.#lastBounds);
    if (offset) this.#view.scrollTo(offset.x, offset.y);
  }

  /** Turns the view (`invalidate {view, direction}`) and keeps the same content in view,
   *  mirrored: the offset from the content's right edge becomes the offset from its left.
   *  Resolves when drawn. */
  async turn(direction) {
    if (direction === this.#direction) return this.draw();
    const view = this.#viewID;
    await this.pause();
    try {
      await this.#rpc.request(protocol.invalidate({ view, direction }));
      const bounds = this.#lastBounds;
      this.#view.scrollLeft = Math.max(0, this.#contentSize.width - bounds.width - bounds.x);
      this.#direction = direction;
      this.#needsPrepare = true;
    } finally {
      this.resume();
    }
    return this.draw();
  }

  /** The one draw path for an answer in `update`'s shape (`update`, `transition`, a drag's
   *  steps): the view is drawn at the answer's end state — drawn anew (the layout prepared
   *  again), or, `inPlace` (a drag's step, draws held), by moving the drawn nodes to the
   *  answer's `after` — then appearing elements animate from `initial`, moving ones from
   *  `before`, and disappearing ones (ghosts, gone from the layout) to `final`. `shift` moves
   *  the old side (`before`, `final`) when the scroll offset changed in between (a transition);
   *  `labelOf(element)` names a cell that was not drawn (a drag's, from when it began). */
  async drawAnswer(answer, { shift = { x: 0, y: 0 }, inPlace = false, labelOf = () => null } = {}) {
    const shownLabel = (element) => this.#nodes.get(keyOf(element))?.label ?? labelOf(element);
    const ghosts = answer.disappearing.map(({ before, final }) => ({ before, final, label: shownLabel(before) }));
    if (inPlace) this.#moveNodes(answer, labelOf); else await this.redraw();
    for (const { after, initial } of answer.appearing) {
      this.#nodes.get(keyOf(after))?.animate([keyframe(initial), keyframe(after)], { duration, easing: 'ease-out' });
    }
    for (const { before, after } of answer.moving) {
      this.#nodes.get(keyOf(after))?.animate([keyframe(before, shift), keyframe(after)], { duration, easing: 'ease-in-out' });
    }
    for (const { before, final, label } of ghosts) this.#ghost(before, final, shift, label);
  }

  /** Moves the drawn nodes to an answer's `after` state without asking the engine (draws held). */
  #moveNodes(answer, labelOf) {
    const taken = new Map();
    for (const { before } of [...answer.moving, ...answer.disappearing]) {
      const key = keyOf(before), node = this.#nodes.get(key);
      if (node) { taken.set(key, node); this.#nodes.delete(key); }
    }
    for (const { before } of answer.disappearing) taken.get(keyOf(before))?.remove();
    const enter = (node, after, label) => {
      this.#nodes.get(keyOf(after))?.remove();
      this.place(node, after, label);
      if (!node.parentNode) this.#content.appendChild(node);
      this.#nodes.set(keyOf(after), node);
    };
    for (const { before, after } of answer.moving) {
      const node = taken.get(keyOf(before));
      if (node) enter(node, after, node.label); else enter(document.createElement('div'), after, labelOf(after));
    }
    for (const { after } of answer.appearing) enter(document.createElement('div'), after, labelOf(after));
  }

  /** A node for an element gone from the layout, animated from `before` to `final`, then removed. */
  #ghost(before, final, shift, label) {
    const node = document.createElement('div');
    this.place(node, before, label);
    node.classList.add('ghost');
    this.#content.appendChild(node);
    const animation = node.animate([keyframe(before, shift), keyframe(final, shift)], { duration, easing: 'ease-in', fill: 'forwards' });
    animation.finished.finally(() => node.remove());
  }

  /** A drag begins: the cells outside the bounds and the dragged one leave the drawn set (the
   *  dragged node stays on screen, the others go); answers the labels of every drawn cell by key. */
  liftForMove(dragged) {
    const labels = new Map(), b = this.#lastBounds;
    for (const [key, shown] of this.#nodes) {
      if (shown.element.category !== 'cell') continue;
      labels.set(key, shown.label);
      const f = shown.element.frame;
      const outside = f.x + f.width <= b.x || f.x >= b.x + b.width || f.y + f.height <= b.y || f.y >= b.y + b.height;
      if (outside || shown === dragged) { this.#nodes.delete(key); if (shown !== dragged) shown.remove(); }
    }
    return labels;
  }

  /** After a drag: draws the layout anew and slides each cell from `shown` (key → the element
   *  as it was shown). */
  async redrawSliding(shown) {
    await this.redraw();
    for (const [key, node] of this.#nodes) {
      const from = shown.get(key), to = node.element;
      if (!from || ['x', 'y', 'width', 'height'].every((k) => from.frame[k] === to.frame[k])) continue;
      node.animate([keyframe(from), keyframe(to)], { duration, easing: 'ease-in-out' });
    }
  }

  /** Outlines the node of `key` (the inspector's element), and no other. */
  mark(key) {
    for (const old of this.#content.querySelectorAll(':scope > .selected')) old.classList.remove('selected');
    if (key !== null) this.#nodes.get(key)?.classList.add('selected');
  }

  /** Places one node per element, reusing the nodes of elements still drawn, then pooled ones. */
  #render({ elements, labels }, bounds, pinned = new Set()) {
    this.#content.dir = this.#direction === 'rightToLeft' ? 'rtl' : 'ltr';
    this.#layer.style.width = `${bounds.width}px`;
    this.#layer.style.height = `${bounds.height}px`;
    this.#content.style.transform = `translate(${-bounds.x}px, ${-bounds.y}px)`;
    const next = new Map();
    elements.forEach((element, index) => {
      const key = keyOf(element);
      let node = this.#nodes.get(key);
      if (node) this.#nodes.delete(key); else node = this.#pool.pop() ?? document.createElement('div');
      this.place(node, element, labels?.[index] ?? null);
      if (pinned.has(key)) node.classList.add('pinned');
      if (!node.parentNode) this.#content.appendChild(node);
      next.set(key, node);
    });
    for (const node of this.#nodes.values()) {
      node.remove();
      if (this.#pool.length < 4096) this.#pool.push(node);
    }
    this.#nodes = next;
  }

  /** Puts `node` at `element`'s frame with its label: `label` (a cell's data item as text), else
   *  the element's `title`, else — muted, as no data reads — its kind and index path. The whole
   *  label is the node's tooltip and accessible name, however much of it shows. Touches only
   *  `node`. */
  place(node, element, label = null) {
    const { frame } = element;
    node.element = element;
    node.label = label;
    node.dataset.category = element.category;
    if (element.kind == null) delete node.dataset.kind; else node.dataset.kind = element.kind;
    node.dataset.section = element.section;
    node.dataset.item = element.item;
    node.className = element.category === 'cell' && this.#round ? 'ellipse' : '';
    const style = node.style;
    style.left = `${frame.x}px`;
    style.top = `${frame.y}px`;
    style.width = `${frame.width}px`;
    style.height = `${frame.height}px`;
    style.zIndex = stackingOf(element);
    style.opacity = element.alpha;
    style.visibility = element.hidden ? 'hidden' : '';
    const named = label ?? (element.title != null ? String(element.title) : null);
    const path = `[${element.section}, ${element.item}]`;
    const text = named ?? (element.category === 'decoration' ? '' : element.kind ? `${element.kind} ${path}` : path);
    let span = node.firstElementChild;
    if (!span) {
      node.textContent = '';
      node.setAttribute('role', 'listitem');
      span = node.appendChild(document.createElement('span'));
    }
    span.className = named === null ? 'label unnamed' : 'label';
    // An index path that cannot show a digit of itself (a tree's connector) is noise: not shown.
    span.style.visibility = named === null && (frame.width < 40 || frame.height < 10) ? 'hidden' : '';
    if (span.textContent !== text) {
      span.textContent = text;
      // A cut label's whole text: on hover, and to assistive technology.
      if (text) { node.title = text; node.setAttribute('aria-label', text); } else { node.removeAttribute('title'); node.removeAttribute('aria-label'); }
    }
  }

  /** After a user's scroll ends, moves to where the layout says a scroll should rest. */
  async #settle() {
    if (!this.#userScrolled || !this.#viewID) return;
    this.#userScrolled = false;
    const proposed = { x: this.#view.scrollLeft, y: this.#view.scrollTop };
    const target = await this.#rpc.request(protocol.targetContentOffset({ view: this.#viewID, proposed, velocity: { x: 0, y: 0 } }));
    if (Math.abs(target.x - proposed.x) > 0.5 || Math.abs(target.y - proposed.y) > 0.5) {
      this.#view.scrollTo({ left: target.x, top: target.y, behavior: 'smooth' });
    }
  }

  /** The drawn elements, each with its frame (and its label as `text`). */
  drawn() {
    return [...this.#nodes.values()].map((node) => ({
      ...node.element, text: node.textContent, named: !node.firstElementChild?.classList.contains('unnamed'),
      pinned: node.classList.contains('pinned'),
    }));
  }
}

/** The keys of the elements that follow the bounds: drawn at `shifted` (the answer for the bounds
 *  moved by `probeShift` on both axes), their frame moved by exactly that much on an axis. */
function pinnedKeys(elements, shifted) {
  const frames = new Map(shifted.map((e) => [keyOf(e), e.frame]));
  const follows = (a, b) => Math.abs(b - a - probeShift) < 1e-6;
  const pinned = new Set();
  for (const element of elements) {
    const key = keyOf(element), moved = frames.get(key), { frame } = element;
    if (moved && (follows(frame.x, moved.x) || follows(frame.y, moved.y))) pinned.add(key);
  }
  return pinned;
}
