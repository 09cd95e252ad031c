// The overview: a map of the whole content beside the stage (a column of its own while it is
// on: it never covers the drawing), the bounds outlined, for content far larger than the frame;
// a click (or a drag) on it scrolls the view there.
//
// After each prepare the page asks the engine for every element of the content (one `query` of
// the content rect, no labels) when there are at most `mapped` of them — the count `prepare`
// answers, or, for a layout that computes on demand, the drawn count scaled by the area — and
// draws them as small rectangles; beyond that the map shows the content's outline and the bounds
// only. A very long or wide content is mapped at a scale that keeps its narrow side at least
// `narrowest` pixels, and the map then shows the part around the bounds.

import { stackingOf } from './canvas.js';
import * as protocol from './protocol.js';

const mapped = 5000;
const largest = { width: 180, height: 200 }, share = 0.3, narrowest = 40;  // the map: at most 30 % of the view area
const colours = { cell: '#8db4ea', supplementary: '#8fcf8f', decoration: '#999' };

export class Overview {
  constructor({ figure, canvas, caption, toggle }) {
    Object.assign(this, { figure, canvas, caption, toggle });
    this.elements = null;  // the whole content's elements, or null when too many
    this.total = null;
    // The toggle: on, unless the window is narrow (the map would cover much of a small view area).
    this.wanted = !matchMedia('(max-width: 900px)').matches;
    toggle.setAttribute('aria-pressed', String(this.wanted));
    figure.classList.toggle('off', !this.wanted);
    this.fetching = null;
    this.geometry = null;
    toggle.addEventListener('click', () => {
      this.wanted = !this.wanted;
      toggle.setAttribute('aria-pressed', String(this.wanted));
      figure.classList.toggle('off', !this.wanted);
      this.draw();
    });
    const go = (event) => this.scrollToPoint(event);
    canvas.addEventListener('pointerdown', (event) => {
      canvas.setPointerCapture(event.pointerId);
      go(event);
      canvas.addEventListener('pointermove', go);
    });
    canvas.addEventListener('pointerup', () => canvas.removeEventListener('pointermove', go));
    new ResizeObserver(() => this.draw()).observe(figure.parentElement);
  }

  /** After a prepare: fetches the content's elements if they are few enough, then draws. */
  async refresh(canvas, prepared) {
    const size = canvas.contentSize, view = canvas.viewID;
    let count = prepared?.elements ?? null;
    if (count === null) {
      const area = (r) => Math.max(1, r.width * r.height);
      count = Math.round(canvas.nodeCount * area(size) / area(canvas.queried));
    }
    this.total = count;
    this.elements = null;
    this.draw(canvas);
    if (count > mapped || !this.wanted) return;
    const asked = {};
    this.fetching = asked;
    try {
      const answer = await canvas.rpc.request(protocol.query({ view, rect: { x: 0, y: 0, width: size.width, height: size.height } }));
      // Painted in the drawing's stacking order: a section's background under its cells.
      if (this.fetching === asked && canvas.viewID === view) this.elements = answer.elements.sort((a, b) => stackingOf(a) - stackingOf(b));
    } catch {
      // The drawing shows the error; the map keeps the outline.
    }
    if (this.fetching === asked) this.draw(canvas);
  }

  /** Draws the map for the canvas's content and bounds (or hides it when the content fits the bounds). */
  draw(canvas = this.lastCanvas) {
    this.lastCanvas = canvas;
    if (!canvas?.bounds) return;
    const size = canvas.contentSize, bounds = canvas.bounds;
    const larger = size.width > bounds.width + 0.5 || size.height > bounds.height + 0.5;
    this.toggle.disabled = !larger;
    this.figure.hidden = !larger || !this.wanted;
    if (this.figure.hidden) return;
    // Its column keeps its width while the content fits (the frame stays put); the map fills it.
    const area = this.figure.parentElement;
    const room = {
      width: Math.min(largest.width, this.figure.clientWidth - 12), height: Math.min(largest.height, area.clientHeight * share),
    };
    // The scale: all of it fits the room, unless that leaves the narrow side thinner than `narrowest`.
    const fit = Math.min(room.width / size.width, room.height / size.height);
    const thin = Math.min(size.width, size.height) * fit < narrowest;
    const scale = thin
      ? Math.min(narrowest / Math.min(size.width, size.height),
        room.width / Math.min(size.width, bounds.width * 2), room.height / Math.min(size.height, bounds.height * 2))
      : fit;
    const width = Math.max(8, Math.min(room.width, size.width * scale)), height = Math.max(8, Math.min(room.height, size.height * scale));
    // The part shown: centred on the bounds, within the content.
    const clamp = (v, low, high) => Math.max(low, Math.min(high, v));
    const origin = {
      x: clamp((bounds.x + bounds.width / 2) * scale - width / 2, 0, Math.max(0, size.width * scale - width)),
      y: clamp((bounds.y + bounds.height / 2) * scale - height / 2, 0, Math.max(0, size.height * scale - height)),
    };
    this.geometry = { scale, origin };
    Object.assign(this.canvas.dataset, { scale, originX: origin.x, originY: origin.y });
    const ratio = window.devicePixelRatio || 1;
    this.canvas.width = Math.round(width * ratio);
    this.canvas.height = Math.round(height * ratio);
    this.canvas.style.width = `${width}px`;
    this.canvas.style.height = `${height}px`;
    const g = this.canvas.getContext('2d');
    g.setTransform(ratio, 0, 0, ratio, 0, 0);
    g.fillStyle = '#fbfbfd';
    g.fillRect(0, 0, width, height);
    const at = (frame) => [frame.x * scale - origin.x, frame.y * scale - origin.y, Math.max(0.5, frame.width * scale), Math.max(0.5, frame.height * scale)];
    if (this.elements) {
      for (const element of this.elements) {
        g.fillStyle = colours[element.category];
        g.fillRect(...at(element.frame));
      }
    } else {
      g.fillStyle = 'rgba(59,111,182,0.12)';
      g.fillRect(...at({ x: 0, y: 0, ...size }));
    }
    g.strokeStyle = '#e0632e';
    g.lineWidth = 1.5;
    const [x, y, w, h] = at(bounds);
    g.fillStyle = 'rgba(224,99,46,0.12)';
    g.fillRect(x, y, Math.max(3, w), Math.max(3, h));
    g.strokeRect(x, y, Math.max(3, w), Math.max(3, h));
    const shown = this.elements ? `${this.elements.length} elements` : `about ${this.total ?? '?'} elements: outline only`;
    this.caption.textContent = `${Math.round(size.width)} × ${Math.round(size.height)} · ${shown}`;
  }

  /** Scrolls the view so that the bounds are centred on the point clicked (clamped as a scroll view clamps). */
  scrollToPoint(event) {
    const canvas = this.lastCanvas;
    if (!canvas || !this.geometry) return;
    const { scale, origin } = this.geometry, box = this.canvas.getBoundingClientRect(), bounds = canvas.bounds;
    const x = (event.clientX - box.left + origin.x) / scale, y = (event.clientY - box.top + origin.y) / scale;
    // The user's: it comes to rest where the layout says (targetContentOffset).
    canvas.scrollTo(x - bounds.width / 2, y - bounds.height / 2, { user: true });
  }
}
