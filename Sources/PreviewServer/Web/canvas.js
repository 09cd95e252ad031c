// One view drawn at the engine's exact frames: the page's viewport is the view's bounds.
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
// Pinned elements (a sticky header: its frame follows the bounds) are found from the engine's own
// answers at two offsets: the same batch also sets the bounds `probeShift` points further right
// and down, queries them (the bounds only, not the margin: what shows), and sets the bounds back.
// An element in the bounds whose frame moved by exactly the shift on an axis follows the bounds on
// that axis; it gets the class `pinned` (one in the margin is classed when a draw shows it). No
// layout is asked anything the protocol lacks, and any layout's pinned elements are found,
// whatever its rule.

const margin = 0.25;  // of the viewport's size, on each side
const probeShift = 16;  // points: the second offset at which the engine is asked, to find pinned elements

export const keyOf = (e) => `${e.category}|${e.kind ?? ''}|${e.section}|${e.item}`;
/** The CSS z-index of an element: decoration views below the others of the same zIndex (UIKit's
 *  backgrounds), the DOM order above. */
export const stackingOf = (e) => 2 * e.zIndex + (e.category === 'decoration' ? 0 : 1);

export class ViewCanvas {
  constructor(rpc, { view, sizer, layer, content }, hooks) {
    Object.assign(this, { rpc, view, sizer, layer, content, hooks });
    this.viewID = null;
    this.nodes = new Map();
    this.pool = [];
    this.contentSize = { width: 0, height: 0 };
    this.lastBounds = null;
    this.lastRect = null;
    this.waiting = null;
    this.running = false;
    this.userScrolled = false;
    this.drawCount = 0;
    this.prepareCount = 0;  // draws that prepared (a new size, direction, data or layout)
    this.current = Promise.resolve();  // the draw running, if any
    this.paused = null;  // while set (a drag, a transition), draws wait
    this.afterDraw = null;  // async (canvas) → true when the layout changed and wants a redraw (self-sizing)
    view.addEventListener('scroll', () => this.draw().catch(() => {}));
    for (const type of ['wheel', 'pointerdown', 'keydown', 'touchstart']) {
      // Ctrl/Cmd + wheel zooms (frame.js): not a scroll.
      view.addEventListener(type, (event) => { if (!event.ctrlKey && !event.metaKey) this.userScrolled = true; }, { passive: true });
    }
    view.addEventListener('scrollend', () => this.settle());
    new ResizeObserver(() => { if (this.viewID) this.draw().catch(() => {}); }).observe(view);
    layer.addEventListener('click', (event) => {
      const node = event.target.closest('#content > div');
      if (node?.element) hooks.onSelect(node);
    });
  }

  /** Shows `info` ({id, layout, viewport}) from its origin. */
  async show(info) {
    this.viewID = info.id;
    this.layout = info.layout;
    this.direction = info.direction ?? 'leftToRight';
    this.needsPrepare = true;
    this.lastBounds = null;
    for (const node of this.nodes.values()) node.remove();
    this.nodes.clear();
    this.view.scrollTo(0, 0);
    await this.draw();
  }

  /** The bounds as the engine should see them: #view's size at its scroll offset. */
  currentBounds() {
    return { x: this.view.scrollLeft, y: this.view.scrollTop, width: this.view.clientWidth, height: this.view.clientHeight };
  }

  /** Resolves once a draw that started after this call is on screen. */
  draw() {
    let waiting = this.waiting;
    if (!waiting) {
      waiting = {};
      waiting.promise = new Promise((resolve, reject) => Object.assign(waiting, { resolve, reject }));
      this.waiting = waiting;
      if (!this.running) this.pump();
    }
    return waiting.promise;
  }

  async pump() {
    this.running = true;
    while (this.waiting) {
      while (this.paused) await this.paused;
      const waiting = this.waiting;
      this.waiting = null;
      try {
        this.current = this.drawOnce();
        await this.current;
        waiting.resolve();
      } catch (error) {
        // The next draw prepares again, whatever its size: a layout that failed at one size has
        // nothing prepared to query at the next (an error for one size never sticks).
        this.needsPrepare = true;
        this.hooks.onError(error);
        waiting.reject(error);
      }
    }
    this.running = false;
  }

  /** Holds draws until `resume()`; resolves once no draw is running. */
  async pause() {
    if (!this.paused) this.paused = new Promise((resolve) => { this.resumeDraws = resolve; });
    await this.current.catch(() => {});
  }

  resume() {
    const resume = this.resumeDraws;
    this.paused = null;
    resume?.();
  }

  async drawOnce(depth = 0) {
    const view = this.viewID;
    if (!view) return;
    const bounds = this.currentBounds();
    const resized = !this.lastBounds || bounds.width !== this.lastBounds.width || bounds.height !== this.lastBounds.height;
    const rect = {
      x: bounds.x - bounds.width * margin, y: bounds.y - bounds.height * margin,
      width: bounds.width * (1 + 2 * margin), height: bounds.height * (1 + 2 * margin),
    };
    const calls = [['invalidate', { view, bounds }]];
    const prepares = resized || this.needsPrepare;
    if (prepares) calls.push(['prepare', { view, workDoneToken: `prepare ${view}` }]);
    calls.push(['query', { view, rect, labels: true }]);
    const shift = (r) => ({ ...r, x: r.x + probeShift, y: r.y + probeShift });
    calls.push(['invalidate', { view, bounds: shift(bounds) }], ['query', { view, rect: shift(bounds) }], ['invalidate', { view, bounds }]);
    let results;
    try {
      results = await this.rpc.batch(calls);
    } catch (error) {
      if (view !== this.viewID) return;  // an error of the view shown before is no longer news
      throw error;
    }
    if (view !== this.viewID) return;
    this.needsPrepare = false;
    this.lastBounds = bounds;
    this.lastRect = rect;
    if (prepares) this.setContentSize(results[1].contentSize, bounds);
    const answer = results[calls.length - 4];
    this.render(answer, bounds, pinnedKeys(answer.elements, results[calls.length - 2].elements));
    if (prepares) {
      this.prepareCount += 1;
      this.hooks.onPrepared?.(results[1]);
    }
    if (this.afterDraw && depth < 4 && await this.afterDraw(this) && view === this.viewID) return this.drawOnce(depth + 1);
    this.drawCount += 1;
    this.hooks.onDrawn();
  }

  setContentSize(size, bounds) {
    this.contentSize = size;
    // In whole pixels, as the scroll range is: #layer sticks inside #sizer, so a fractional size
    // (compositional's 3298.8) would stop it 0.2 px short of the largest scroll offset, 3299 − height.
    this.sizer.style.width = `${Math.ceil(Math.max(size.width, bounds.width))}px`;
    this.sizer.style.height = `${Math.ceil(Math.max(size.height, bounds.height))}px`;
  }

  /** Places one node per element, reusing the nodes of elements still drawn, then pooled ones. */
  render({ elements, labels }, bounds, pinned = new Set()) {
    this.content.dir = this.direction === 'rightToLeft' ? 'rtl' : 'ltr';
    this.layer.style.width = `${bounds.width}px`;
    this.layer.style.height = `${bounds.height}px`;
    this.content.style.transform = `translate(${-bounds.x}px, ${-bounds.y}px)`;
    const next = new Map();
    elements.forEach((element, index) => {
      const key = keyOf(element);
      let node = this.nodes.get(key);
      if (node) this.nodes.delete(key); else node = this.pool.pop() ?? document.createElement('div');
      this.place(node, element, labels?.[index] ?? null);
      if (pinned.has(key)) node.classList.add('pinned');
      if (!node.parentNode) this.content.appendChild(node);
      next.set(key, node);
    });
    for (const node of this.nodes.values()) {
      node.remove();
      if (this.pool.length < 4096) this.pool.push(node);
    }
    this.nodes = next;
  }

  /** Puts `node` at `element`'s frame with its label: `label` (a cell's data item as text), else
   *  the element's `title`, else — muted, as no data reads — its kind and index path. */
  place(node, element, label = null) {
    const { frame } = element;
    node.element = element;
    node.label = label;
    node.dataset.category = element.category;
    if (element.kind == null) delete node.dataset.kind; else node.dataset.kind = element.kind;
    node.dataset.section = element.section;
    node.dataset.item = element.item;
    node.className = element.category === 'cell' && this.layout === 'circles' ? 'ellipse' : '';
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
      span = node.appendChild(document.createElement('span'));
    }
    span.className = named === null ? 'label unnamed' : 'label';
    // An index path that cannot show a digit of itself (a tree's connector) is noise: not shown.
    span.style.visibility = named === null && (frame.width < 40 || frame.height < 10) ? 'hidden' : '';
    if (span.textContent !== text) span.textContent = text;
  }

  /** After a user's scroll ends, moves to where the layout says a scroll should rest. */
  async settle() {
    if (!this.userScrolled || !this.viewID) return;
    this.userScrolled = false;
    const proposed = { x: this.view.scrollLeft, y: this.view.scrollTop };
    const target = await this.rpc.request('targetContentOffset', { view: this.viewID, proposed, velocity: { x: 0, y: 0 } });
    if (Math.abs(target.x - proposed.x) > 0.5 || Math.abs(target.y - proposed.y) > 0.5) {
      this.view.scrollTo({ left: target.x, top: target.y, behavior: 'smooth' });
    }
  }

  /** The drawn elements, each with its frame (and its label as `text`). */
  drawn() {
    return [...this.nodes.values()].map((node) => ({
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
