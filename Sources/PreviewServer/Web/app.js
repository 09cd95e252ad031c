// The preview page: connects to the server's WebSocket, opens the workspaces it serves,
// lists their views, draws the selected one, and offers `window.workbench` to tests and
// editors (docs/preview.md: the testing contract).

import { RPC } from './rpc.js';
import * as protocol from './protocol.js';
import { ViewCanvas } from './canvas.js';
import { applyUpdate, changeFromForm, showFields } from './updates.js';
import { Mover } from './move.js';
import { applyTransition } from './transition.js';
import { answers as sizeAnswers, forgetIgnoring, measure, selfSize, sizedViews } from './selfsizing.js';
import { DeviceFrame } from './frame.js';
import { Overview } from './overview.js';
import { Inspector } from './inspector.js';

const $ = (selector) => document.querySelector(selector);
const views = new Map();  // id → {id, name, layout, viewport, workspace}
const brokenWorkspaces = new Map();  // workspace → the error of its last edit, while it lasts
let canvas, rpc, mover, frame, overview, inspector;
// The error over the view: a broken edit of the view's workspace (until fixed), else the last
// draw's (a layout that fails at this size), which the next draw that succeeds, or another view, clears.
const errors = { workspace: null, draw: null };

function showError(error) {
  errors.workspace = error ?? null;
  showErrors();
}

function showErrors() {
  const box = $('#error'), error = errors.workspace ?? errors.draw;
  if (!error) { box.hidden = true; return; }
  box.textContent = error.data?.rendered ?? error.rendered ?? error.message ?? String(error);
  box.hidden = false;
}

/** A panel's result line: what happened, or an error styled as one. */
function showResult(selector, text, isError = false) {
  const line = $(selector);
  line.textContent = text;
  line.className = text ? (isError ? 'result error' : 'result') : '';
}

/** A message where the pointer is (a cell that cannot be moved), for a few seconds. */
function notePointer(text, event) {
  const note = $('#pointer-note'), area = $('main').getBoundingClientRect();
  note.textContent = text;
  note.hidden = false;
  const x = Math.min(event.clientX - area.left + 12, area.width - note.offsetWidth - 8);
  note.style.left = `${Math.max(8, x)}px`;
  note.style.top = `${Math.max(8, event.clientY - area.top + 14)}px`;
  clearTimeout(notePointer.timer);
  notePointer.timer = setTimeout(() => { note.hidden = true; }, 3000);
}

/** After a zoom: #content is a layer of its own (will-change: transform, for scrolling), which
 *  Chromium keeps at the scale it was painted at — blurred at zoom 2. Dropping the hint for a
 *  frame paints it again at the new scale. Resolves once painted. */
function rasterAgain() {
  const content = $('#content');
  content.style.willChange = 'auto';
  rasterAgain.done = new Promise((resolve) => requestAnimationFrame(() => {
    content.style.willChange = '';
    requestAnimationFrame(() => resolve());
  }));
}

/** At 1100 px and less the side panels are overlays: `which` ('views', 'panels' or null) is open. */
function openPanel(which) {
  if (which) document.body.dataset.panel = which; else delete document.body.dataset.panel;
  $('#toggle-views').setAttribute('aria-expanded', String(which === 'views'));
  $('#toggle-panels').setAttribute('aria-expanded', String(which === 'panels'));
}

function listViews(workspace, entries) {
  unlistViews(workspace);
  const nav = $('#views');
  const heading = document.createElement('h3');
  heading.textContent = workspace;
  heading.dataset.workspace = workspace;
  nav.appendChild(heading);
  for (const entry of entries) {
    views.set(entry.id, { ...entry, workspace });
    const button = document.createElement('button');
    button.dataset.view = entry.id;
    button.dataset.workspace = workspace;
    button.innerHTML = `${entry.name} <small>${entry.layout}</small>`;
    // A draw that fails shows its error over the view (onError) until a draw succeeds.
    button.addEventListener('click', () => { openPanel(null); open(entry.id).catch(() => {}); });
    nav.appendChild(button);
  }
}

/** Takes a workspace's views off the list (its file left a watched folder). */
function unlistViews(workspace) {
  for (const [id, info] of views) if (info.workspace === workspace) views.delete(id);
  for (const node of document.querySelectorAll('#views [data-workspace]')) {
    if (node.dataset.workspace === workspace) node.remove();
  }
}

async function open(id) {
  const info = views.get(id);
  if (!info) throw new Error(`no view '${id}'; views: ${[...views.keys()].join(', ')}`);
  for (const button of document.querySelectorAll('#views button')) button.setAttribute('aria-current', String(button.dataset.view === id));
  showTitle(info);
  $('#direction').value = info.direction ?? 'leftToRight';
  inspector.clear();
  // What the panels said was about the view shown before, and so was a draw's error.
  showResult('#view-result', '');
  showResult('#update-result', '');
  $('#layout-options').value = '';
  errors.draw = null;
  showError(brokenWorkspaces.get(info.workspace) ?? null);
  history.replaceState(null, '', `${location.pathname}${location.search.replace(/&view=[^&]*/, '')}&view=${encodeURIComponent(id)}`);
  frame.show(info.viewport);
  await canvas.show(info);
}

function showTitle(info) {
  // Cut at its end in a narrow header: its whole text on hover too.
  $('#title').textContent = $('#title').title = `${info.workspace} / ${info.name} (${info.layout})`;
  $('#layout').value = info.layout;
  const button = document.querySelector(`#views button[data-view="${CSS.escape(info.id)}"] small`);
  if (button) button.textContent = info.layout;
}

/** Fills the layout switcher with the plugins loaded. */
async function listLayouts() {
  const plugins = (await rpc.request(protocol.plugins())).filter((plugin) => plugin.name);
  canvas.setCellShapes(plugins);
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

/** Turns the shown view, as the direction select does: the canvas keeps the same content in view. */
function setDirection(direction) {
  $('#direction').value = direction;
  const info = views.get(canvas.viewID);
  return canvas.turn(direction).finally(() => { if (info) info.direction = canvas.direction; });
}

/** Self-sizing on or off; off, the views given sizes drop them (`invalidate {view}`). */
async function setSelfSizing(on) {
  $('#self-sizing').checked = on;
  canvas.setAfterDraw(on ? selfSize : null);
  forgetIgnoring();
  if (!on) {
    await canvas.pause();
    try {
      for (const view of sizedViews) await rpc.request(protocol.invalidate({ view }));
    } finally {
      sizedViews.clear();
      canvas.resume();
    }
  }
  return canvas.redraw();
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
  if (method === protocol.notifications.workspaceChanged) {
    // A watched folder gained or lost a workspace file: its views join or leave the list.
    if (params.opened) { listViews(params.opened.workspace, params.opened.views); return; }
    if (params.closed) {
      const shown = views.get(canvas.viewID)?.workspace === params.workspace;
      unlistViews(params.workspace);
      if (shown) showError({ message: `The workspace '${params.workspace}' was removed from its folder.` });
      return;
    }
    // A broken edit keeps the last good drawing, with the located error over it.
    if (params.error) brokenWorkspaces.set(params.workspace, params.error); else brokenWorkspaces.delete(params.workspace);
    if (views.get(canvas.viewID)?.workspace !== params.workspace) return;
    showError(params.error ?? null);
    if (params.views.includes(canvas.viewID)) canvas.redraw().catch(() => {});
  } else if (method === protocol.notifications.pluginsChanged) {
    listLayouts().catch(() => {});
    const layouts = new Set([...params.changed, ...params.removed]);
    if (layouts.has(canvas.layout)) canvas.redraw().catch(() => {});
  } else if (method === protocol.notifications.progress) {
    const bar = $('#progress');
    bar.hidden = params.value.kind === 'end';
    bar.value = params.value.kind === 'report' ? params.value.percentage / 100 : 0;
  }
}

async function start() {
  rpc = await connect();
  makeParts();
  bindPanelToggles();
  await listLayouts();
  await openWorkspaces();
  bindForms();
  const wanted = new URLSearchParams(location.search).get('view');
  const first = views.has(wanted) ? wanted : views.keys().next().value;
  if (first) await open(first).catch(() => {});
  window.workbench = testingContract();
  document.body.dataset.ready = 'true';
}

/** The WebSocket to the server, with the token the page was served with. */
async function connect() {
  const token = new URLSearchParams(location.search).get('token');
  const connection = await RPC.connect(`ws://${location.host}/rpc?token=${encodeURIComponent(token)}`, onNotification);
  connection.onClose = () => { $('#status').textContent = 'disconnected'; };
  return connection;
}

/** The canvas (the view's state), and the parts that read it: inspector, overview, frame, mover. */
function makeParts() {
  canvas = new ViewCanvas(rpc, { view: $('#view'), sizer: $('#sizer'), layer: $('#layer'), content: $('#content') }, {
    onSelect: (node) => inspector.select(node, canvas),
    onError: (error) => {
      errors.draw = error;
      showErrors();
      // A size the layout cannot take: said at the frame's size fields, not only over the view.
      if (error.data?.cause === 'viewport') frame.say(`Frame size: ${error.message}`, $('#frame-width'), $('#frame-height'));
    },
    onDrawn: () => {
      $('#status').textContent = `${canvas.nodeCount} elements drawn`;
      if (errors.draw) {
        if (errors.draw.data?.cause === 'viewport') frame.say('');
        errors.draw = null;
        showErrors();
      }
      overview.draw(canvas);
      inspector.follow(canvas);
    },
    onPrepared: (prepared) => { overview.refresh(canvas, prepared); },
  });
  inspector = new Inspector({ list: $('#inspector'), hint: $('#inspector-hint') }, rpc);
  overview = new Overview({ figure: $('#overview'), canvas: $('#overview-map'), caption: $('#overview-caption'), toggle: $('#overview-toggle') });
  frame = new DeviceFrame({
    stage: $('#stage'), device: $('#device'), view: $('#view'), handle: $('#resize-handle'), preset: $('#frame-preset'),
    width: $('#frame-width'), height: $('#frame-height'), rotate: $('#frame-rotate'), zoomLevel: $('#zoom-level'),
    zoomIn: $('#zoom-in'), zoomOut: $('#zoom-out'), zoomFit: $('#zoom-fit'), message: $('#frame-message'),
  }, (scale) => {
    canvas.setZoom(scale);
    rasterAgain();
    if (inspector.selected) inspector.render(canvas);
  });
  mover = new Mover(canvas, viewResult, notePointer, () => frame.scale);
}

function bindPanelToggles() {
  for (const [button, which] of [['#toggle-views', 'views'], ['#toggle-panels', 'panels']]) {
    $(button).addEventListener('click', () => openPanel(document.body.dataset.panel === which ? null : which));
  }
  new ResizeObserver(() => document.body.style.setProperty('--header-height', `${$('header').offsetHeight}px`)).observe($('header'));
}

/** Opens what the server serves: folders whole and watched (files added and removed are told);
 *  files given alone, one by one. */
async function openWorkspaces() {
  const { folders = [], workspaces } = await (await fetch('/workspaces')).json();
  const folderOf = (path) => path.slice(0, path.lastIndexOf('/'));
  for (const folder of folders) {
    try {
      const opened = await rpc.request(protocol.open({ path: folder, watch: true }));
      for (const { workspace, views: entries } of opened.workspaces) listViews(workspace, entries);
      if (opened.errors.length) showError(opened.errors[0]);
    } catch (error) {
      showError(error);
    }
  }
  for (const path of workspaces.filter((path) => !folders.includes(folderOf(path)))) {
    try {
      const opened = await rpc.request(protocol.open({ path, watch: true }));
      listViews(opened.workspace, opened.views);
    } catch (error) {
      showError(error);
    }
  }
}

const viewResult = (text, isError = true) => showResult('#view-result', text, isError);

/** What an answer in `update`'s shape did, in words; a transition's also says what the new
 *  layout made of the view's data (`data`), when it says anything. */
function summary(answer) {
  const counts = `${answer.appearing.length} appearing, ${answer.disappearing.length} disappearing, ${answer.moving.length} moving`;
  return answer.data?.message ? `${counts}. ${answer.data.message}` : counts;
}

/** The panels' forms: Updates, Direction, Self-sizing, Switch layout. */
function bindForms() {
  const updates = $('#updates');
  $('#change-kind').addEventListener('change', () => showFields(updates));
  showFields(updates);
  updates.addEventListener('submit', (event) => {
    event.preventDefault();
    let change;
    try { change = changeFromForm(updates); } catch (error) { showResult('#update-result', error.message, true); return; }
    applyUpdate(canvas, [change])
      .then((answer) => showResult('#update-result', summary(answer)))
      .catch((error) => showResult('#update-result', error.message, true));
  });
  $('#direction').addEventListener('change', (event) => { setDirection(event.target.value).catch((error) => viewResult(error.message)); });
  $('#self-sizing').addEventListener('change', (event) => { setSelfSizing(event.target.checked).catch((error) => viewResult(error.message)); });
  $('#transition').addEventListener('submit', (event) => {
    event.preventDefault();
    const text = $('#layout-options').value.trim();
    let options;
    try { options = text ? JSON.parse(text) : undefined; } catch (error) { viewResult(`Options: not JSON (${error.message})`); return; }
    transition($('#layout').value, options)
      .then((answer) => viewResult(summary(answer), false))
      .catch((error) => { viewResult(error.message); $('#layout').value = canvas.layout; });
  });
}

/** `window.workbench`: the testing contract (docs/preview.md). */
function testingContract() {
  return {
    open,
    /** Scrolls to (x, y), clamped as a scroll view clamps; resolves when drawn there. */
    scrollTo: (x, y) => { canvas.scrollTo(x, y); return canvas.draw(); },
    /** The view's bounds as last sent to the engine. */
    bounds: () => ({ ...canvas.bounds }),
    /** Zooms the drawing to `scale` (elements at scale × frame from #view's origin; the bounds
     *  unchanged) and resolves with the zoom in effect; without a scale, only resolves with it. */
    zoom: async (scale) => {
      if (scale !== undefined) {
        frame.setZoom(scale);
        await rasterAgain.done;
      }
      return frame.scale;
    },
    /** The rect last queried (the bounds plus a margin). */
    queried: () => ({ ...canvas.queried }),
    contentSize: () => canvas.contentSize,
    /** Resizes the device frame (the bounds' size); resolves when drawn at the new size. */
    resize: (width, height) => {
      frame.setSize(width, height);
      return canvas.draw();
    },
    /** The element the inspector shows: its label and attributes, or null. */
    inspected: () => inspector.shown(),
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
    /** The `updateMove` answers drawn in the last drag, in order (the cells are drawn where they put them). */
    moveSteps: () => [...mover.steps],
    drawn: () => canvas.drawn(),
    /** How many draws have completed: a redraw the page did on its own (an edit, a plugin rebuilt) counts. */
    draws: () => canvas.drawCount,
    /** Sends any request of the protocol on the page's own connection. */
    request: (method, params) => rpc.request(protocol.call(method, params)),
    view: () => canvas.viewID,
    views: () => [...views.values()],
    error: () => ($('#error').hidden ? null : $('#error').textContent),
  };
}

start().catch((error) => { $('#status').textContent = 'failed'; showError(error); });
