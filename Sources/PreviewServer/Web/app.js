// The preview page: connects to the server's WebSocket, opens the workspaces it serves,
// lists their views, draws the selected one, and offers `window.workbench` to tests and
// editors (docs/preview.md: the testing contract).

import { RPC } from './rpc.js';
import { ViewCanvas } from './canvas.js';
import { applyUpdate, changeFromForm } from './updates.js';
import { Mover } from './move.js';
import { applyTransition } from './transition.js';
import { answers as sizeAnswers, forgetIgnoring, measure, selfSize, sizedViews } from './selfsizing.js';

const $ = (selector) => document.querySelector(selector);
const views = new Map();  // id → {id, name, layout, viewport, workspace}
const brokenWorkspaces = new Map();  // workspace → the error of its last edit, while it lasts
let canvas, rpc, mover;

function showError(error) {
  const box = $('#error');
  if (!error) { box.hidden = true; return; }
  box.textContent = error.data?.rendered ?? error.rendered ?? error.message ?? String(error);
  box.hidden = false;
}

function listViews(workspace, entries) {
  const nav = $('#views');
  const heading = document.createElement('h3');
  heading.textContent = workspace;
  nav.appendChild(heading);
  for (const entry of entries) {
    views.set(entry.id, { ...entry, workspace });
    const button = document.createElement('button');
    button.dataset.view = entry.id;
    button.innerHTML = `${entry.name} <small>${entry.layout}</small>`;
    button.addEventListener('click', () => open(entry.id).catch(showError));
    nav.appendChild(button);
  }
}

async function open(id) {
  const info = views.get(id);
  if (!info) throw new Error(`no view '${id}'; views: ${[...views.keys()].join(', ')}`);
  for (const button of document.querySelectorAll('#views button')) button.setAttribute('aria-current', String(button.dataset.view === id));
  showTitle(info);
  $('#direction').value = info.direction ?? 'leftToRight';
  $('#inspector').textContent = '';
  // What the panels said was about the view shown before.
  $('#view-result').textContent = $('#update-result').textContent = '';
  $('#transition').elements.options.value = '';
  showError(brokenWorkspaces.get(info.workspace) ?? null);
  history.replaceState(null, '', `${location.pathname}${location.search.replace(/&view=[^&]*/, '')}&view=${encodeURIComponent(id)}`);
  await canvas.show(info);
}

function showTitle(info) {
  $('#title').textContent = `${info.workspace} / ${info.name} (${info.layout})`;
  $('#layout').value = info.layout;
  const button = document.querySelector(`#views button[data-view="${CSS.escape(info.id)}"] small`);
  if (button) button.textContent = info.layout;
}

/** Fills the layout switcher with the plugins loaded. */
async function listLayouts() {
  const plugins = (await rpc.request('plugins')).filter((plugin) => plugin.name);
  const select = $('#layout');
  select.replaceChildren(...plugins.map((plugin) => {
    const option = document.createElement('option');
    option.value = option.textContent = plugin.name;
    option.title = `options: ${plugin.options.join(', ')}`;
    return option;
  }));
  if (canvas.viewID) select.value = canvas.layout;
  return plugins;
}

/** Turns the shown view (`invalidate {view, direction}`) and keeps the same content in view,
 *  mirrored: the offset from the content's right edge becomes the offset from its left. */
async function setDirection(direction) {
  const view = canvas.viewID;
  $('#direction').value = direction;
  if (direction === canvas.direction) return canvas.draw();
  await canvas.pause();
  try {
    await rpc.request('invalidate', { view, direction });
    const bounds = canvas.lastBounds;
    canvas.view.scrollLeft = Math.max(0, canvas.contentSize.width - bounds.width - bounds.x);
    canvas.direction = views.get(view).direction = direction;
    canvas.needsPrepare = true;
  } finally {
    canvas.resume();
  }
  return canvas.draw();
}

/** Self-sizing on or off; off, the views given sizes drop them (`invalidate {view}`). */
async function setSelfSizing(on) {
  $('#self-sizing').checked = on;
  canvas.content.classList.toggle('self-sizing', on);
  canvas.afterDraw = on ? selfSize : null;
  forgetIgnoring();
  if (!on) {
    await canvas.pause();
    try {
      for (const view of sizedViews) await rpc.request('invalidate', { view });
    } finally {
      sizedViews.clear();
      canvas.resume();
    }
  }
  canvas.needsPrepare = true;
  return canvas.draw();
}

/** Switches the shown view to another layout or options, animated. */
async function transition(layout, options) {
  const answer = await applyTransition(canvas, layout, options);
  const info = views.get(canvas.viewID);
  info.layout = layout;
  showTitle(info);
  return answer;
}

function onNotification(method, params) {
  if (method === 'workspace/didChange') {
    // A broken edit keeps the last good drawing, with the located error over it.
    if (params.error) brokenWorkspaces.set(params.workspace, params.error); else brokenWorkspaces.delete(params.workspace);
    if (views.get(canvas.viewID)?.workspace !== params.workspace) return;
    showError(params.error ?? null);
    if (params.views.includes(canvas.viewID)) { canvas.needsPrepare = true; canvas.draw().catch(() => {}); }
  } else if (method === 'plugins/didChange') {
    listLayouts().catch(() => {});
    const layouts = new Set([...params.changed, ...params.removed]);
    if (layouts.has(canvas.layout)) { canvas.needsPrepare = true; canvas.draw().catch(() => {}); }
  } else if (method === '$/progress') {
    const bar = $('#progress');
    bar.hidden = params.value.kind === 'end';
    bar.value = params.value.kind === 'report' ? params.value.percentage / 100 : 0;
  }
}

function select(node) {
  for (const old of document.querySelectorAll('#content > .selected')) old.classList.remove('selected');
  node.classList.add('selected');
  $('#inspector-hint').hidden = true;
  $('#inspector').textContent = JSON.stringify({ label: node.textContent, ...node.element }, null, 2);
}

async function start() {
  const token = new URLSearchParams(location.search).get('token');
  rpc = await RPC.connect(`ws://${location.host}/rpc?token=${encodeURIComponent(token)}`, onNotification);
  rpc.onClose = () => { $('#status').textContent = 'disconnected'; };
  canvas = new ViewCanvas(rpc, { view: $('#view'), sizer: $('#sizer'), layer: $('#layer'), content: $('#content') }, {
    onSelect: select,
    onError: showError,
    onDrawn: () => { $('#status').textContent = `${canvas.nodes.size} elements drawn`; },
  });
  const viewResult = (text) => { $('#view-result').textContent = text; };
  mover = new Mover(canvas, viewResult);
  await listLayouts();
  const { workspaces } = await (await fetch('/workspaces')).json();
  for (const path of workspaces) {
    try {
      const opened = await rpc.request('open', { path, watch: true });
      listViews(opened.workspace, opened.views);
    } catch (error) {
      showError(error);
    }
  }
  $('#updates').addEventListener('submit', (event) => {
    event.preventDefault();
    let change;
    try { change = changeFromForm(event.target); } catch (error) { $('#update-result').textContent = error.message; return; }
    applyUpdate(canvas, [change])
      .then((answer) => { $('#update-result').textContent = `${answer.appearing.length} appearing, ${answer.disappearing.length} disappearing, ${answer.moving.length} moving`; })
      .catch((error) => { $('#update-result').textContent = error.message; });
  });
  $('#direction').addEventListener('change', (event) => { setDirection(event.target.value).catch((error) => viewResult(error.message)); });
  $('#self-sizing').addEventListener('change', (event) => { setSelfSizing(event.target.checked).catch((error) => viewResult(error.message)); });
  $('#transition').addEventListener('submit', (event) => {
    event.preventDefault();
    const form = event.target, text = form.elements.options.value.trim();
    let options;
    try { options = text ? JSON.parse(text) : undefined; } catch (error) { viewResult(`options: ${error.message}`); return; }
    transition(form.elements.layout.value, options)
      .then((answer) => viewResult(`${answer.appearing.length} appearing, ${answer.disappearing.length} disappearing, ${answer.moving.length} moving`))
      .catch((error) => { viewResult(error.message); $('#layout').value = canvas.layout; });
  });
  const wanted = new URLSearchParams(location.search).get('view');
  const first = views.has(wanted) ? wanted : views.keys().next().value;
  if (first) await open(first).catch(showError);

  window.workbench = {
    open,
    /** Scrolls to (x, y), clamped as a scroll view clamps; resolves when drawn there. */
    scrollTo: (x, y) => { canvas.view.scrollTo(x, y); return canvas.draw(); },
    /** The view's bounds as last sent to the engine. */
    bounds: () => ({ ...canvas.lastBounds }),
    /** The rect last queried (the bounds plus a margin). */
    queried: () => ({ ...canvas.lastRect }),
    contentSize: () => ({ ...canvas.contentSize }),
    /** Resizes the view area; resolves when drawn at the new size. */
    resize: (width, height) => {
      Object.assign(canvas.view.style, { width: `${width}px`, height: `${height}px` });
      return canvas.draw();
    },
    update: (changes) => applyUpdate(canvas, changes),
    /** Turns the view (`leftToRight`, `rightToLeft`), as the direction select does; resolves when drawn. */
    direction: setDirection,
    /** Self-sizing on or off, as its box does; resolves when drawn (sizes sent and drawn again). */
    selfSizing: setSelfSizing,
    /** The height a self-sized cell of `width` takes for `text`. */
    measure,
    /** The answers of `preferredSizes` that changed a layout, without `invalidated`. */
    sizeAnswers: () => [...sizeAnswers],
    /** Switches layout (and options), as the switcher does; resolves with the answer once animating. */
    transition,
    /** Resolves once the drag's requests so far are answered (and, ended, drawn). */
    moveDone: () => mover.done,
    /** The last drag ended: {from, target, commit, answer}. */
    lastMove: () => mover.last,
    drawn: () => canvas.drawn(),
    /** How many draws have completed: a redraw the page did on its own (an edit, a plugin rebuilt) counts. */
    draws: () => canvas.drawCount,
    /** Sends any request of the protocol on the page's own connection. */
    request: (method, params) => rpc.request(method, params),
    view: () => canvas.viewID,
    views: () => [...views.values()],
    error: () => ($('#error').hidden ? null : $('#error').textContent),
  };
  document.body.dataset.ready = 'true';
}

start().catch((error) => { $('#status').textContent = 'failed'; showError(error); });
