// The inspector: the attributes of the element clicked, custom ones too (a tree cell's
// `children`), one attribute a row. It follows the view: after each draw it shows the element's
// attributes as now drawn (turned right to left, resized, updated), or as the engine answers them
// when it is no longer drawn, and what the zoom makes of its size on the screen. A long value (a
// list longer than 24 characters as JSON) is listed one entry a line; numbers show at most three
// decimals, exactly in their tooltip.

import { keyOf } from './canvas.js';
import * as protocol from './protocol.js';

const core = ['category', 'kind', 'section', 'item', 'frame', 'zIndex', 'alpha', 'hidden'];
const number = (n) => (Number.isInteger(n) ? String(n) : String(Math.round(n * 1000) / 1000));
const compact = (value) => JSON.stringify(value, (key, v) => (typeof v === 'number' && !Number.isInteger(v) ? Math.round(v * 1000) / 1000 : v));

export class Inspector {
  constructor({ list, hint }, rpc) {
    Object.assign(this, { list, hint, rpc });
    this.selected = null;  // {key, element, label, named, pinned, drawn}
  }

  /** Shows `node`'s element (clicked). */
  select(node, canvas) {
    this.selected = { key: keyOf(node.element), ...this.facts(node) };
    this.mark(canvas);
    this.render(canvas);
  }

  clear() {
    this.selected = null;
    this.list.replaceChildren();
    this.hint.hidden = false;
  }

  facts(node) {
    return {
      element: node.element, label: node.textContent, named: !node.firstElementChild?.classList.contains('unnamed'),
      pinned: node.classList.contains('pinned'), drawn: true,
    };
  }

  /** After a draw: the selected element's attributes as drawn now, or as the engine answers them. */
  async follow(canvas) {
    const selected = this.selected;
    if (!selected) return;
    const node = canvas.node(selected.key);
    if (node) {
      Object.assign(selected, this.facts(node), { askedAt: undefined });
    } else {
      // Not drawn (scrolled out): asked again only when the layout was prepared again since.
      if (selected.askedAt === canvas.prepareCount) return;
      selected.askedAt = canvas.prepareCount;
      const { category, kind, section, item } = selected.element;
      try {
        const answer = await this.rpc.request(protocol.query({ view: canvas.viewID, element: { category, kind, section, item } }));
        if (this.selected !== selected) return;
        if (answer.element) selected.element = answer.element;
        selected.drawn = false;
      } catch {
        return;
      }
    }
    this.mark(canvas);
    this.render(canvas);
  }

  mark(canvas) {
    canvas.mark(this.selected?.key ?? null);
  }

  /** What the inspector shows: the label and the attributes, as `query` answers them. */
  shown() {
    return this.selected && { label: this.selected.label, ...this.selected.element };
  }

  render(canvas) {
    const { element, label, named, pinned, drawn } = this.selected;
    const zoom = canvas.zoom;
    const rows = [['label', label, named ? '' : 'unnamed']];
    for (const key of core) {
      const value = element[key];
      if (key === 'kind' && value == null) continue;
      if (key === 'frame') {
        rows.push(['frame', `x ${number(value.x)}, y ${number(value.y)}, ${number(value.width)} × ${number(value.height)}`, 'wrap', JSON.stringify(value)]);
        if (zoom !== 1) rows.push(['on screen', `${number(value.width * zoom)} × ${number(value.height * zoom)} px at ${Math.round(zoom * 100)} %`]);
      } else {
        rows.push([key, typeof value === 'number' ? number(value) : String(value), '', String(value)]);
      }
    }
    if (pinned) rows.push(['pinned', 'follows the bounds (drawn hatched)']);
    if (!drawn) rows.push(['drawn', 'no: outside the drawn area']);
    for (const [key, value] of Object.entries(element)) {
      if (core.includes(key)) continue;
      rows.push([key, value]);
    }
    this.hint.hidden = true;
    this.list.replaceChildren(...rows.flatMap(([key, value, className = '', exact]) => {
      const term = document.createElement('dt');
      term.textContent = key;
      const description = document.createElement('dd');
      const lines = Array.isArray(value) && value.length > 1 && compact(value).length > 24 ? value.map(compact)
        : [typeof value === 'string' ? value : compact(value)];
      if (lines.length > 1) description.classList.add('long');
      for (const line of lines) {
        const span = description.appendChild(document.createElement('span'));
        span.textContent = line;
        span.title = exact ?? line;
        if (className) span.className = className;
      }
      return [term, description];
    }));
  }
}
