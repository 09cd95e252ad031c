// The device frame: the view drawn at a size of its own — its workspace's viewport by default,
// a preset (phone, tablet, desktop) or any size the resize handle or the toolbar gives, each side
// from 1 to 10,000 points (`frameSizes`, as the engine takes them) — centred in the view area,
// and zoomed. The frame's size is the view's bounds size; the zoom only scales
// the drawing (a CSS transform on #view, from its top left corner), so the bounds, the engine's
// answers and the DOM's own coordinates are the same at any zoom: an element's rectangle on the
// screen is #view's origin + zoom × (frame − scroll offset).
//
// A view opens at zoom 1, or smaller when that is what fits the view area ("fit", capped at 1);
// Ctrl/Cmd + wheel, a trackpad's pinch (Chromium sends it as a Ctrl + wheel), two fingers on a
// touch screen, the − / + buttons and the zoom select change it, around the pointer when there is
// one. "Fit" shows the whole frame, larger than 1 if there is room.

export const presets = [
  { id: 'phone', name: 'Phone', width: 390, height: 844 },
  { id: 'tablet', name: 'Tablet', width: 768, height: 1024 },
  { id: 'desktop', name: 'Desktop', width: 1280, height: 800 },
];
/** The sizes the frame may take on either side, in points: the engine's range too
 *  (`ViewDefinition.frameSizes`; `invalidate {bounds}` refuses a size outside it). */
export const frameSizes = { minimum: 1, maximum: 10000 };
const clampSize = (n) => Math.min(frameSizes.maximum, Math.max(frameSizes.minimum, n));
const zoomSteps = [0.1, 0.25, 0.33, 0.5, 0.67, 0.75, 0.9, 1, 1.25, 1.5, 2, 3, 4, 6, 8];
export const minimumZoom = 0.1, maximumZoom = 8;
const clampZoom = (z) => Math.min(maximumZoom, Math.max(minimumZoom, z));
const percent = (z) => `${Math.round(z * 100)} %`;

export class DeviceFrame {
  /** `elements`: {stage, device, view, handle, preset, width, height, rotate, zoomLevel, zoomIn, zoomOut, zoomFit, message};
   *  `onZoom(scale)` hears every change of zoom. */
  constructor(elements, onZoom) {
    Object.assign(this, elements);
    this.onZoom = onZoom;
    this.size = { width: 375, height: 667 };
    this.own = null;  // the workspace's viewport of the view shown
    this.scale = 1;
    this.automatic = true;  // the zoom follows the view area ("fit", capped at 1) until the user zooms
    this.touches = new Map();
    this.pinch = null;
    this.fillZoomSelect();
    this.preset.replaceChildren(...[{ id: 'workspace', name: 'Workspace' }, ...presets, { id: 'custom', name: 'Custom' }].map((p) => {
      const option = document.createElement('option');
      option.value = p.id;
      option.textContent = p.width ? `${p.name} (${p.width} × ${p.height})` : p.name;
      option.hidden = p.id === 'custom';
      return option;
    }));
    this.preset.addEventListener('change', () => {
      const size = this.preset.value === 'workspace' ? this.own : presets.find((p) => p.id === this.preset.value);
      if (size) this.setSize(size.width, size.height, { fit: true });
    });
    for (const input of [this.width, this.height]) {
      input.min = frameSizes.minimum;
      input.max = frameSizes.maximum;
      input.addEventListener('change', () => this.sizeTyped(input));
    }
    this.rotate.addEventListener('click', () => this.setSize(this.size.height, this.size.width, { fit: true }));
    this.zoomIn.addEventListener('click', () => this.step(1));
    this.zoomOut.addEventListener('click', () => this.step(-1));
    this.zoomFit.addEventListener('click', () => this.setZoom(this.fitScale(Infinity)));
    this.zoomLevel.addEventListener('change', () => this.setZoom(Number(this.zoomLevel.value)));
    this.stage.addEventListener('wheel', (event) => this.wheel(event), { passive: false });
    this.stage.addEventListener('pointerdown', (event) => this.touchDown(event), true);
    this.stage.addEventListener('pointermove', (event) => this.touchMoved(event), true);
    for (const type of ['pointerup', 'pointercancel']) this.stage.addEventListener(type, (event) => this.touchUp(event), true);
    this.handle.addEventListener('pointerdown', (event) => this.resizeStart(event));
    this.handle.addEventListener('keydown', (event) => this.resizeKey(event));
    new ResizeObserver(() => { if (this.automatic) this.apply(this.fitScale(1)); }).observe(this.stage);
  }

  /** A size typed in Width or Height: taken when it is a whole number in `frameSizes`, else
   *  named as wrong (the field marked, a message under the toolbar) and the frame kept. */
  sizeTyped(input) {
    const side = input === this.width ? 'Width' : 'Height', text = input.value.trim(), value = Number(text);
    if (text === '' || !Number.isInteger(value) || value < frameSizes.minimum || value > frameSizes.maximum) {
      this.say(`${side}: expected a whole number of points from ${frameSizes.minimum} to ${frameSizes.maximum}, got '${text}'`, input);
      return;
    }
    this.setSize(Number(this.width.value), Number(this.height.value));
  }

  /** A message about the frame's size under the toolbar, `input` marked as the field at fault
   *  (both fields for a size the layout cannot take); no text clears it. */
  say(text, ...inputs) {
    this.message.textContent = text;
    this.message.hidden = !text;
    for (const field of [this.width, this.height]) field.setAttribute('aria-invalid', String(Boolean(text) && inputs.includes(field)));
  }

  /** Shows a view's frame: its workspace's viewport, zoomed to fit (at most 1). */
  show(viewport) {
    this.own = { width: viewport?.width ?? 375, height: viewport?.height ?? 667 };
    this.preset.querySelector('option[value=workspace]').textContent = `Workspace (${this.own.width} × ${this.own.height})`;
    this.setSize(this.own.width, this.own.height, { fit: true });
  }

  /** The frame's size; `fit`: zoom to fit again (at most 1). */
  setSize(width, height, { fit = false } = {}) {
    this.size = { width: clampSize(width), height: clampSize(height) };
    ({ width, height } = this.size);
    this.say('');
    Object.assign(this.view.style, { width: `${width}px`, height: `${height}px` });
    this.showSize();
    if (fit) this.automatic = true;
    this.apply(this.automatic ? this.fitScale(1) : this.scale);
  }

  showSize() {
    const { width, height } = this.size;
    this.width.value = width;
    this.height.value = height;
    const match = [this.own && { id: 'workspace', ...this.own }, ...presets]
      .find((p) => p && p.width === width && p.height === height);
    this.preset.value = match ? match.id : 'custom';
  }

  /** The largest zoom at which the whole frame shows in the stage, at most `cap`. */
  fitScale(cap) {
    const style = getComputedStyle(this.stage);
    const room = {
      width: this.stage.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20,
      height: this.stage.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom) - 20,
    };
    const fit = Math.min(room.width / this.size.width, room.height / this.size.height);
    return clampZoom(Math.min(cap, fit > 0 ? Math.floor(fit * 1000) / 1000 : 1));
  }

  /** Zooms to `scale` (clamped to [0.1, 8]), by the user or a test: the zoom stops following the view area. */
  setZoom(scale, around = null) {
    this.automatic = false;
    this.apply(clampZoom(scale), around);
  }

  /** One zoom step in or out from the current zoom. */
  step(direction) {
    const next = direction > 0 ? zoomSteps.find((z) => z > this.scale + 1e-9) : [...zoomSteps].reverse().find((z) => z < this.scale - 1e-9);
    this.setZoom(next ?? this.scale);
  }

  /** Sets the zoom; `around` ({clientX, clientY}) stays still on the screen when the stage can scroll. */
  apply(scale, around = null) {
    const before = around && this.device.getBoundingClientRect();
    const point = around && { x: (around.clientX - before.left) / this.scale, y: (around.clientY - before.top) / this.scale };
    this.scale = scale;
    this.view.style.transform = scale === 1 ? '' : `scale(${scale})`;
    this.device.style.width = `${this.size.width * scale}px`;
    this.device.style.height = `${this.size.height * scale}px`;
    if (around) {
      const after = this.device.getBoundingClientRect();
      this.stage.scrollLeft += after.left + point.x * scale - around.clientX;
      this.stage.scrollTop += after.top + point.y * scale - around.clientY;
    }
    this.showZoom();
    this.onZoom(scale);
  }

  fillZoomSelect() {
    this.zoomLevel.replaceChildren(...[null, ...zoomSteps].map((z) => {
      const option = document.createElement('option');
      if (z === null) { option.className = 'current'; option.hidden = true; } else { option.value = z; option.textContent = percent(z); }
      return option;
    }));
  }

  showZoom() {
    const step = zoomSteps.find((z) => Math.abs(z - this.scale) < 1e-9);
    const current = this.zoomLevel.querySelector('.current');
    current.value = this.scale;
    current.textContent = percent(this.scale) + (this.automatic ? ' (fit)' : '');
    this.zoomLevel.value = step !== undefined && !this.automatic ? String(step) : String(this.scale);
    if (step === undefined || this.automatic) current.selected = true;
    this.zoomOut.disabled = this.scale <= minimumZoom;
    this.zoomIn.disabled = this.scale >= maximumZoom;
  }

  /** Ctrl/Cmd + wheel (and a trackpad's pinch, which Chromium sends as one) zooms around the pointer. */
  wheel(event) {
    if (!event.ctrlKey && !event.metaKey) return;
    event.preventDefault();
    const delta = event.deltaMode === 1 ? event.deltaY * 16 : event.deltaY;
    this.setZoom(this.scale * Math.exp(-delta / 300), event);
  }

  // Two fingers on a touch screen: the zoom follows the distance between them.
  touchDown(event) {
    if (event.pointerType !== 'touch') return;
    this.touches.set(event.pointerId, event);
    if (this.touches.size === 2) {
      const [a, b] = [...this.touches.values()];
      this.pinch = { distance: Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY), scale: this.scale };
      event.stopPropagation();
    }
  }

  touchMoved(event) {
    if (!this.touches.has(event.pointerId)) return;
    this.touches.set(event.pointerId, event);
    if (!this.pinch || this.touches.size !== 2) return;
    event.stopPropagation();
    const [a, b] = [...this.touches.values()];
    const distance = Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY);
    const centre = { clientX: (a.clientX + b.clientX) / 2, clientY: (a.clientY + b.clientY) / 2 };
    if (this.pinch.distance > 0) this.setZoom(this.pinch.scale * distance / this.pinch.distance, centre);
  }

  touchUp(event) {
    this.touches.delete(event.pointerId);
    if (this.touches.size < 2) this.pinch = null;
  }

  // The resize handle: dragged, the frame follows the pointer (in frame points: the drag divided
  // by the zoom); with the keyboard, arrows resize by 10 points (1 with Shift).
  resizeStart(event) {
    event.preventDefault();
    this.handle.setPointerCapture(event.pointerId);
    const start = { x: event.clientX, y: event.clientY, ...this.size };
    const moved = (e) => {
      this.automatic = false;
      this.setSize(Math.round(start.width + (e.clientX - start.x) / this.scale),
        Math.round(start.height + (e.clientY - start.y) / this.scale));
    };
    const ended = () => {
      this.handle.removeEventListener('pointermove', moved);
      this.handle.removeEventListener('pointerup', ended);
      this.handle.removeEventListener('pointercancel', ended);
    };
    this.handle.addEventListener('pointermove', moved);
    this.handle.addEventListener('pointerup', ended);
    this.handle.addEventListener('pointercancel', ended);
  }

  resizeKey(event) {
    const step = event.shiftKey ? 1 : 10;
    const change = { ArrowRight: [step, 0], ArrowLeft: [-step, 0], ArrowDown: [0, step], ArrowUp: [0, -step] }[event.key];
    if (!change) return;
    event.preventDefault();
    this.automatic = false;
    this.setSize(this.size.width + change[0], this.size.height + change[1]);
  }
}
