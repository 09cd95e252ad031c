#!/usr/bin/env python3
"""The preview in a real browser: Debian's chromium driven by Playwright.

Starts `workbench preview` on the bundled workspaces (plus a live-edited copy and a 10^6-element
guide), then checks the page against the engine: every drawn element's DOM rectangle is its
frame minus the scroll offset, and the drawn set equals the engine's own `query` for the same
rect, at several offsets, after resizes, updates and file edits. Writes a screenshot of every
bundled view to --artifacts. With --measure, also prints the WebSocket and stdio round trips of
a guide viewport query and the frame times while scrolling the 10^6-element guide.

    python3 Tests/Browser/preview_test.py [--workbench .build/debug/workbench] [--measure]
"""
import argparse, json, os, shutil, statistics, subprocess, sys, tempfile, time, traceback
from playwright.sync_api import sync_playwright

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
KEY = lambda e: (e["category"], e.get("kind") or "", e["section"], e["item"])
FRAME = lambda e: tuple(e["frame"][k] for k in ("x", "y", "width", "height"))
ARGUMENTS = None  # the command line's, once parsed


class Preview:
    """A `workbench preview` process and a headless Chromium page on it."""

    def __init__(self, workbench, paths, playwright):
        self.process = subprocess.Popen([workbench, "preview", *paths], cwd=ROOT, stdout=subprocess.PIPE,
                                        stderr=open(os.path.join(tempfile.gettempdir(), "workbench-preview.log"), "w"), text=True)
        self.browser = None
        try:
            self.url = self.process.stdout.readline().strip()
            assert self.url.startswith("http://127.0.0.1:"), f"workbench preview printed {self.url!r}"
            self.browser = playwright.chromium.launch(executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"))
            self.page = self.browser.new_page(viewport={"width": 1400, "height": 900})
            self.errors = []
            self.page.on("pageerror", lambda error: self.errors.append(str(error)))
            self.page.goto(self.url)
            self.page.wait_for_function("document.body.dataset.ready === 'true'", timeout=60000)
        except BaseException:
            self.close()
            raise

    def js(self, expression, argument=None):
        return self.page.evaluate(expression, argument)

    def open(self, view):
        self.js("v => workbench.open(v)", view)

    def close(self):
        if self.browser:
            self.browser.close()
        self.process.terminate()
        assert self.process.wait(timeout=10) == 0, "workbench preview did not end cleanly on SIGTERM"


def engine_query(preview, rect):
    return preview.js("r => workbench.request('query', {view: workbench.view(), rect: r})", rect)["elements"]


def check_drawn_equals_engine(preview, where):
    """The drawn elements are exactly the engine's answer for the rect the page queried, and each
    DOM node sits at #view's origin + zoom × (frame − scroll offset)."""
    drawn = preview.js("() => workbench.drawn()")
    engine = engine_query(preview, preview.js("() => workbench.queried()"))
    drawn_set = {KEY(e): (FRAME(e), e["zIndex"], e["alpha"], e["hidden"]) for e in drawn}
    engine_set = {KEY(e): (FRAME(e), e["zIndex"], e["alpha"], e["hidden"]) for e in engine}
    assert drawn_set == engine_set, f"{where}: drawn differs from the engine: " \
        f"missing {sorted(set(engine_set) - set(drawn_set))[:5]}, extra {sorted(set(drawn_set) - set(engine_set))[:5]}, " \
        f"moved {[k for k in drawn_set if k in engine_set and drawn_set[k] != engine_set[k]][:5]}"
    misplaced = preview.js(MISPLACED)
    assert not misplaced, f"{where}: DOM rectangles are not the frames: {misplaced}"
    return drawn


# The drawn nodes not at #view's origin + zoom × (frame − scroll offset): [{key, want, got}], the first 3.
# Layout rounds positions to 1/64 point, which the zoom scales; a transformed rectangle is in single
# precision (2^-23 of its size, twice).
MISPLACED = """async () => {
    const origin = document.querySelector('#view').getBoundingClientRect(), b = workbench.bounds(), bad = [];
    const z = await workbench.zoom();
    for (const node of document.querySelectorAll('#content > div:not(.ghost)')) {
        const r = node.getBoundingClientRect(), f = node.element.frame;
        const want = [origin.x + z * (f.x - b.x), origin.y + z * (f.y - b.y), z * f.width, z * f.height];
        const got = [r.x, r.y, r.width, r.height];
        if (want.some((w, i) => Math.abs(w - got[i]) > 0.02 * Math.max(1, z) + Math.abs(w) * 2.4e-7)) bad.push({key: {...node.dataset}, want, got});
    }
    return bad.slice(0, 3);
}"""


def test_every_bundled_view_opens_and_is_screenshot(preview, artifacts):
    views = [v for v in preview.js("() => workbench.views()") if v["workspace"] not in ("live", "million")]
    assert len(views) >= 10, views
    for view in views:
        preview.open(view["id"])
        drawn = check_drawn_equals_engine(preview, view["id"])
        assert drawn, f"{view['id']} drew nothing"
        assert all(e.get("text") is not None for e in drawn)
        preview.page.screenshot(path=os.path.join(artifacts, view["id"].replace("/", "_") + ".png"))


def test_scrolling_draws_what_the_engine_answers_pinned_headers_included(preview, artifacts):
    for view in ["tv-guide/listings", "mark-sheet/marks", "class-hierarchy/exceptions", "circles/many-alarms", "tv-guide/demo"]:
        preview.open(view)
        for x, y in [(0, 0), (130, 95), (1e6, 1e6), (37.5, 12), (0, 0)]:
            preview.js("([x, y]) => workbench.scrollTo(x, y)", [x, y])
            bounds, content = preview.js("() => workbench.bounds()"), preview.js("() => workbench.contentSize()")
            # Clamped as a scroll view clamps.
            assert 0 <= bounds["x"] <= max(0, content["width"] - bounds["width"]) + 1, (view, x, y, bounds, content)
            assert 0 <= bounds["y"] <= max(0, content["height"] - bounds["height"]) + 1, (view, x, y, bounds, content)
            drawn = check_drawn_equals_engine(preview, f"{view} at {x},{y}")
            if view.startswith("tv-guide"):
                corner = [e for e in drawn if e["category"] == "cell" and e["section"] == 0 and e["item"] == 0]
                assert corner and abs(corner[0]["frame"]["x"] - bounds["x"]) < 1e-9 and abs(corner[0]["frame"]["y"] - bounds["y"]) < 1e-9, \
                    f"{view}: the pinned corner is not at the bounds origin {bounds}: {corner}"
    preview.js("() => workbench.open('tv-guide/listings').then(() => workbench.scrollTo(130, 95))")
    preview.page.screenshot(path=os.path.join(artifacts, "tv-guide_listings_scrolled.png"))


def test_resizing_is_a_bounds_size_change(preview, artifacts):
    preview.open("circles/many-alarms")
    before = preview.js("() => workbench.contentSize()")
    preview.js("() => workbench.resize(420, 500)")
    bounds = preview.js("() => workbench.bounds()")
    assert (bounds["width"], bounds["height"]) == (420, 500), bounds
    after = preview.js("() => workbench.contentSize()")
    engine = preview.js("() => workbench.request('prepare', {view: workbench.view()})")["contentSize"]
    assert after == engine and after["height"] > before["height"], (before, after, engine)
    check_drawn_equals_engine(preview, "circles/many-alarms at 420×500")
    preview.js("() => workbench.resize(1000, 700)")
    check_drawn_equals_engine(preview, "circles/many-alarms at 1000×700")


def test_a_click_shows_every_attribute_and_a_users_scroll_settles(preview, artifacts):
    preview.open("class-hierarchy/exceptions")
    preview.page.click("#content > div[data-category=cell][data-section='0'][data-item='0']")
    shown = preview.js("() => workbench.inspected()")
    engine = preview.js("() => workbench.request('query', {view: workbench.view(), element: {category: 'cell', section: 0, item: 0}})")
    assert shown.pop("label") == "BaseException" and shown == engine["element"] and shown["children"], (shown, engine)
    # Shown one attribute a row; a long list one entry a line.
    rows = preview.js("""() => Object.fromEntries([...document.querySelectorAll('#inspector dt')].map(dt =>
        [dt.textContent, [...dt.nextElementSibling.children].map(span => span.textContent)]))""")
    assert rows["label"] == ["BaseException"] and rows["section"] == ["0"], rows
    assert rows["children"] == [json.dumps(c, separators=(",", ":")) for c in shown["children"]], rows["children"]
    frame = shown["frame"]
    assert rows["frame"] == [f"x {frame['x']:g}, y {frame['y']:g}, {frame['width']:g} × {frame['height']:g}"], rows["frame"]
    preview.open("tv-guide/listings")
    box = preview.page.locator("#view").bounding_box()
    preview.page.mouse.move(box["x"] + 300, box["y"] + 300)
    preview.page.mouse.wheel(170, 0)
    # The guide snaps to its half hours (the cell width, 120): the page settles where the engine says.
    wait_for(preview, "() => { const b = workbench.bounds(); return b.x > 0 && b.x % 120 === 0; }")
    bounds = preview.js("() => workbench.bounds()")
    target = preview.js("p => workbench.request('targetContentOffset', {view: workbench.view(), proposed: p, velocity: {x: 0, y: 0}})",
                        {"x": bounds["x"], "y": bounds["y"]})
    assert (target["x"], target["y"]) == (bounds["x"], bounds["y"]), (target, bounds)
    check_drawn_equals_engine(preview, "after a user's scroll settled")


def test_inserts_and_deletes_animate(preview, artifacts):
    preview.open("circles/alarms")
    answer = preview.js("() => workbench.update([{insert: [0, 0], value: 150}])")
    assert answer["appearing"], answer
    checked = preview.js("""answer => {
        return answer.appearing.map(({after, initial}) => {
            const node = [...document.querySelectorAll('#content > div')].find(n => n.dataset.category === after.category
                && +n.dataset.section === after.section && +n.dataset.item === after.item);
            const frames = node?.getAnimations()[0]?.effect.getKeyframes();
            return frames && parseFloat(frames[0].left) === initial.frame.x && parseFloat(frames[0].top) === initial.frame.y
                && parseFloat(frames.at(-1).left) === after.frame.x;
        });
    }""", answer)
    assert checked and all(checked), f"appearing elements do not animate from initial to after: {checked}"
    preview.js("() => Promise.allSettled(document.getAnimations().map(a => a.finished))")
    check_drawn_equals_engine(preview, "after an insert")
    answer = preview.js("() => workbench.update([{delete: [0, 0]}])")
    assert answer["disappearing"], answer
    ghosts = preview.js("""answer => {
        return [...document.querySelectorAll('#content > .ghost')].map(g => {
            const frames = g.getAnimations()[0].effect.getKeyframes();
            return answer.disappearing.some(({final}) => parseFloat(frames.at(-1).left) === final.frame.x
                && parseFloat(frames.at(-1).top) === final.frame.y && parseFloat(frames.at(-1).opacity) === final.alpha);
        });
    }""", answer)
    assert ghosts and all(ghosts), f"disappearing elements do not animate to final: {ghosts}"
    preview.js("() => Promise.allSettled(document.getAnimations().map(a => a.finished))")
    assert preview.js("() => document.querySelectorAll('#content > .ghost').length") == 0
    check_drawn_equals_engine(preview, "after a delete")


# Whether the drawn elements are exactly `frames` ({key: [x, y, width, height]}, as `keyed` makes).
SAME_FRAMES = """frames => { const drawn = workbench.drawn(); return drawn.length === Object.keys(frames).length && drawn.every(e => {
    const f = frames[[e.category, e.kind ?? '', e.section, e.item].join('|')];
    return f && f[0] === e.frame.x && f[1] === e.frame.y && f[2] === e.frame.width && f[3] === e.frame.height; }); }"""


def keyed(frames):
    return {"|".join(map(str, key)): frame for key, frame in frames.items()}


def wait_for(preview, expression, argument=None, timeout=10000):
    preview.page.wait_for_function(expression, arg=argument, timeout=timeout)


def test_edits_redraw_and_broken_edits_show_the_located_error(preview, artifacts, live_file):
    preview.open("live/many-alarms")
    preview.js("() => workbench.scrollTo(0, 200)")
    before = {KEY(e): FRAME(e) for e in preview.js("() => workbench.drawn()")}
    text = open(live_file).read()
    with open(live_file, "w") as f:
        f.write(text.replace("options: {spacing: 6}", "options: {spacing: 9}"))
    wait_for(preview, f"before => !({SAME_FRAMES})(before)", keyed(before))
    assert preview.js("() => workbench.bounds()")["y"] == 200, "the scroll position was not kept"
    check_drawn_equals_engine(preview, "after an edit")
    good = {KEY(e): FRAME(e) for e in preview.js("() => workbench.drawn()")}
    with open(live_file, "w") as f:
        f.write(text.replace("viewport: {width: 375, height: 667}", "viewport: {width: -375, height: 667}", 1))
    wait_for(preview, "() => workbench.error() !== null")
    error = preview.js("() => workbench.error()")
    assert "live.yaml:12:" in error and "^" in error, f"the error is not located: {error!r}"
    preview.page.screenshot(path=os.path.join(artifacts, "live_error.png"))
    assert {KEY(e): FRAME(e) for e in preview.js("() => workbench.drawn()")} == good, "the last good drawing was not kept"
    with open(live_file, "w") as f:
        f.write(text)
    wait_for(preview, "() => workbench.error() === null")
    wait_for(preview, SAME_FRAMES, keyed(before))
    check_drawn_equals_engine(preview, "after fixing the edit")


def test_a_rebuilt_plugin_is_reloaded_and_its_views_redrawn(preview, artifacts, plugins):
    preview.open("circles/many-alarms")
    preview.js("() => workbench.scrollTo(0, 150)")
    time.sleep(0.5)
    draws = preview.js("() => workbench.draws()")
    time.sleep(0.5)
    assert preview.js("() => workbench.draws()") == draws, "the page redraws on its own: this test could not tell"
    # A "rebuild": a new copy of the library renamed into place, as a linker or an editor would.
    library = os.path.join(plugins, "libCircles.so")
    shutil.copy(library, library + ".new")
    os.rename(library + ".new", library)
    wait_for(preview, "n => workbench.draws() > n", draws)
    assert preview.js("() => workbench.bounds()")["y"] == 150
    check_drawn_equals_engine(preview, "after the circles plugin was reloaded")


def test_a_watched_folder_adds_and_removes_its_workspaces(preview, artifacts):
    """A preview of a folder lists a workspace file added to it (renamed into place, as editors
    save) and drops one removed, without a reload; the new views draw what the engine answers."""
    folder = tempfile.mkdtemp(prefix="workbench-folder-")
    shutil.copy(os.path.join(ROOT, "Workspaces/photo-wall.yaml"), os.path.join(folder, "photo-wall.yaml"))
    process = subprocess.Popen([ARGUMENTS.workbench, "preview", folder], cwd=ROOT, stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, text=True)
    page = None
    try:
        url = process.stdout.readline().strip()
        page = preview.browser.new_page(viewport={"width": 1400, "height": 900})
        page.goto(url)
        page.wait_for_function("document.body.dataset.ready === 'true'", timeout=60000)
        ids = lambda: sorted(view["id"] for view in page.evaluate("() => workbench.views()"))
        before = ids()
        assert before == ["photo-wall/phone", "photo-wall/tablet", "photo-wall/trips", "photo-wall/trips-in-order"], before
        staged = os.path.join(folder, ".circles.yaml.tmp")
        shutil.copy(os.path.join(ROOT, "Workspaces/circles.yaml"), staged)
        os.rename(staged, os.path.join(folder, "circles.yaml"))
        page.wait_for_function("() => workbench.views().some(view => view.id === 'circles/alarms')", timeout=10000)
        assert ids() == sorted(before + ["circles/alarms", "circles/alarms-as-wall", "circles/alarms-wide",
                                         "circles/many-alarms"]), ids()
        assert page.locator("#views button[data-view='circles/alarms']").count() == 1
        page.evaluate("() => workbench.open('circles/alarms')")
        drawn = page.evaluate("() => workbench.drawn()")
        assert len([e for e in drawn if e["category"] == "cell"]) == 8, f"{len(drawn)} elements drawn"
        page.screenshot(path=os.path.join(artifacts, "folder_added.png"))
        os.remove(os.path.join(folder, "circles.yaml"))
        page.wait_for_function("() => !workbench.views().some(view => view.workspace === 'circles')", timeout=10000)
        assert ids() == before, ids()
        assert page.locator("#views [data-workspace='circles']").count() == 0
        assert "removed" in (page.evaluate("() => workbench.error()") or ""), "the shown view's removal was not said"
    finally:
        if page:
            page.close()
        process.terminate()
        process.wait(timeout=10)
        shutil.rmtree(folder, ignore_errors=True)


def test_a_long_prepare_shows_its_progress(preview, artifacts):
    # Laid out again at another width: 200,000 circles take a while.
    preview.open("million/circles")
    preview.js("""() => {
        const bar = document.querySelector('#progress');
        window.progressSeen = {shown: false, highest: 0};
        new MutationObserver(() => {
            if (!bar.hidden) window.progressSeen.shown = true;
            window.progressSeen.highest = Math.max(window.progressSeen.highest, bar.value);
        }).observe(bar, {attributes: true});
    }""")
    preview.js("() => workbench.resize(940, 1024)")
    seen = preview.js("() => window.progressSeen")
    assert seen["shown"] and seen["highest"] > 0, f"no progress shown while preparing: {seen}"
    assert preview.js("() => document.querySelector('#progress').hidden"), "the bar stayed after the prepare"


def test_the_dom_holds_only_what_is_visible_on_a_million_elements(preview, artifacts):
    preview.open("million/guide")
    count = preview.js("() => workbench.request('prepare', {view: workbench.view()})")["elements"]
    assert count >= 1_000_000, count
    for x, y in [(50_000, 15_000), (2e6, 2e6), (123, 456)]:
        preview.js("([x, y]) => workbench.scrollTo(x, y)", [x, y])
        drawn = check_drawn_equals_engine(preview, f"million at {x},{y}")
        nodes = preview.js("() => document.querySelectorAll('#content > div').length")
        bounds = preview.js("() => workbench.bounds()")
        visible = (bounds["width"] / 100 + 2) * (bounds["height"] / 30 + 2)
        assert nodes == len(drawn) and nodes <= 2.5 * visible, f"{nodes} DOM nodes for about {visible:.0f} visible cells"


def test_right_to_left_pins_the_guides_headers_to_the_right(preview, artifacts):
    preview.open("tv-guide/listings")
    preview.js("() => workbench.scrollTo(240, 60)")
    preview.js("() => workbench.direction('rightToLeft')")
    assert preview.page.input_value("#direction") == "rightToLeft"
    for x, y in [(None, None), (0, 0), (1e6, 1e6), (130, 95)]:
        if x is not None:
            preview.js("([x, y]) => workbench.scrollTo(x, y)", [x, y])
        bounds = preview.js("() => workbench.bounds()")
        drawn = check_drawn_equals_engine(preview, f"right to left at {x},{y}")
        right = bounds["x"] + bounds["width"]
        # The channel column (item 0 of each row) and the corner hug the bounds' right edge.
        column = [e for e in drawn if e["category"] == "cell" and e["item"] == 0]
        assert column and all(abs(e["frame"]["x"] + e["frame"]["width"] - right) < 1e-9 for e in column), \
            f"right to left at {x},{y}: the channel column is not at the right edge {right}: {column[:3]}"
        corner = [e for e in column if e["section"] == 0]
        assert corner and abs(corner[0]["frame"]["y"] - bounds["y"]) < 1e-9, (bounds, corner)
        screen = preview.js("""async () => {
            const view = document.querySelector('#view').getBoundingClientRect(), zoom = await workbench.zoom();
            const node = document.querySelector("#content > div[data-category=cell][data-section='0'][data-item='0']");
            return [node.getBoundingClientRect().right, view.x + zoom * workbench.bounds().width];
        }""")
        assert abs(screen[0] - screen[1]) < 0.02, f"the corner is not drawn at the view's right edge: {screen}"
    preview.page.screenshot(path=os.path.join(artifacts, "tv-guide_listings_right_to_left.png"))
    preview.js("() => workbench.direction('leftToRight')")
    corner = [e for e in check_drawn_equals_engine(preview, "back to left to right")
              if e["category"] == "cell" and e["section"] == 0 and e["item"] == 0]
    assert corner and corner[0]["frame"]["x"] == preview.js("() => workbench.bounds()")["x"], corner


def drag(preview, cell, to, cancel=False):
    """Drags `cell` ([section, item]) with the mouse to `to` (a point in the view's space);
    Escape first when `cancel`. Returns whether cells were moving (animated) during the drag."""
    box = preview.page.locator(f"#content > div[data-category=cell][data-section='{cell[0]}'][data-item='{cell[1]}']").bounding_box()
    origin, bounds = preview.page.locator("#view").bounding_box(), preview.js("() => workbench.bounds()")
    zoom = preview.js("() => workbench.zoom()")
    preview.page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    preview.page.mouse.down()
    preview.page.mouse.move(origin["x"] + zoom * (to[0] - bounds["x"]), origin["y"] + zoom * (to[1] - bounds["y"]), steps=12)
    preview.js("() => workbench.moveDone()")
    made_room = preview.js("() => document.querySelector('#content > .dragging') !== null "
                           "&& document.getAnimations().length > 0")
    if cancel:
        preview.page.keyboard.press("Escape")
    preview.page.mouse.up()
    preview.js("() => workbench.moveDone()")
    preview.js("() => Promise.allSettled(document.getAnimations().map(a => a.finished))")
    assert preview.js("() => document.querySelector('#content > .dragging, #content > .ghost')") is None
    return made_room


def fresh_view(workspace, view, bounds, calls):
    """Opens `workspace` anew in a `workbench serve` of its own, gives `view` these bounds, and
    answers `calls` ([method, params] with the view filled in) there."""
    process = subprocess.Popen([ARGUMENTS.workbench, "serve"], cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, text=True)
    answers = []
    try:
        for index, (method, params) in enumerate([["open", {"path": os.path.join(ROOT, workspace)}],
                                                  ["invalidate", {"view": view, "bounds": bounds}], *calls]):
            params = params if method == "open" else {"view": view, **params}
            process.stdin.write(json.dumps({"jsonrpc": "2.0", "id": index, "method": method, "params": params}) + "\n")
            process.stdin.flush()
            answer = json.loads(process.stdout.readline())
            assert "result" in answer, (method, answer)
            answers.append(answer["result"])
    finally:
        process.stdin.close()
        process.wait(timeout=10)
    return answers[2:]


def test_a_drag_reorders_as_update_would(preview, artifacts):
    preview.open("photo-wall/tablet")
    preview.js("() => workbench.scrollTo(0, 0)")
    target = next(e for e in preview.js("() => workbench.drawn()") if e["category"] == "cell" and e["item"] == 4)["frame"]
    assert drag(preview, [0, 0], [target["x"] + target["width"] / 2, target["y"] + target["height"] / 2]), \
        "the cells did not make room while dragging"
    last = preview.js("() => workbench.lastMove()")
    assert last["commit"] and last["from"] == [0, 0] and last["target"] != [0, 0], last
    drawn = check_drawn_equals_engine(preview, "after a drag")
    # A second, fresh view of the same workspace, told the same move as an update, answers the
    # same and lays out what the page drew.
    bounds, rect = preview.js("() => workbench.bounds()"), preview.js("() => workbench.queried()")
    update, query = fresh_view("Workspaces/photo-wall.yaml", "photo-wall/tablet", bounds,
                               [["update", {"changes": [{"move": last["from"], "to": last["target"]}]}],
                                ["query", {"rect": rect}]])
    assert update == last["answer"], f"endMove answered {last['answer']}, update on a fresh view {update}"
    assert {KEY(e): FRAME(e) for e in drawn} == {KEY(e): FRAME(e) for e in query["elements"]}, \
        "the page after the drag differs from a fresh view after the same update"


def test_a_cancelled_drag_leaves_the_layout_untouched(preview, artifacts):
    preview.open("photo-wall/tablet")
    preview.js("() => workbench.scrollTo(0, 0)")
    before = {KEY(e): FRAME(e) for e in preview.js("() => workbench.drawn()")}
    target = next(e for e in preview.js("() => workbench.drawn()") if e["category"] == "cell" and e["item"] == 6)["frame"]
    assert drag(preview, [0, 1], [target["x"] + 5, target["y"] + 5], cancel=True), "the cells did not make room"
    last = preview.js("() => workbench.lastMove()")
    assert not last["commit"] and last["target"] != [0, 1], last
    assert {KEY(e): FRAME(e) for e in check_drawn_equals_engine(preview, "after a cancelled drag")} == before


def test_a_transition_animates_to_the_new_layout(preview, artifacts):
    preview.open("circles/many-alarms")
    preview.js("() => workbench.scrollTo(0, 3000)")
    started = preview.js("""() => workbench.transition('waterfall', {columns: 4}).then(answer =>
        ({answer, animations: document.getAnimations().length}))""")
    answer = started["answer"]
    assert started["animations"] > 0 and answer["moving"], f"the transition did not animate: {started['animations']}"
    preview.js("() => Promise.allSettled(document.getAnimations().map(a => a.finished))")
    bounds = preview.js("() => workbench.bounds()")
    assert (bounds["x"], bounds["y"]) == (answer["contentOffset"]["x"], answer["contentOffset"]["y"]), (bounds, answer)
    assert preview.js("() => workbench.contentSize()") == answer["contentSize"]
    check_drawn_equals_engine(preview, "after a transition to waterfall")
    assert "(waterfall)" in preview.page.inner_text("#title")
    # Back through the switcher, with the view's own options.
    preview.page.select_option("#layout", "circles")
    preview.page.fill("#transition input[name=options]", '{"spacing": 6}')
    preview.page.click("#transition button")
    wait_for(preview, "() => document.querySelector('#title').textContent.includes('(circles)')")
    wait_for(preview, "() => document.querySelector('#view-result').textContent.includes('moving')")
    preview.js("() => Promise.allSettled(document.getAnimations().map(a => a.finished))")
    check_drawn_equals_engine(preview, "after a transition back to circles")
    # Another view: the panels no longer speak of this one.
    preview.open("circles/alarms")
    leftover = preview.js("""() => [document.querySelector('#view-result').textContent,
        document.querySelector('#transition input[name=options]').value]""")
    assert leftover == ["", ""], leftover


def test_self_sizing_sends_the_measured_labels(preview, artifacts):
    preview.open("photo-wall/phone")
    preview.js("() => workbench.scrollTo(0, 0)")
    data = {KEY(e): FRAME(e) for e in preview.js("() => workbench.drawn()")}
    preview.page.check("#self-sizing")
    preview.js("() => workbench.selfSizing(true)")
    drawn = check_drawn_equals_engine(preview, "after self-sizing")
    cells = [e for e in drawn if e["category"] == "cell"]
    measured = preview.js("cells => cells.map(e => workbench.measure(e.frame.width, e.text))", cells)
    assert all(e["frame"]["height"] == m for e, m in zip(cells, measured)), \
        [(KEY(e), e["frame"]["height"], m) for e, m in zip(cells, measured)][:5]
    changed = [KEY(e) for e in cells if KEY(e) in data and data[KEY(e)][3] != e["frame"]["height"]]
    assert changed, "no cell took its measured height"
    preview.page.screenshot(path=os.path.join(artifacts, "photo-wall_phone_self_sized.png"))
    # Layouts that ignore the sizes draw as the engine says; turned off, the data's heights return.
    preview.open("circles/alarms")
    check_drawn_equals_engine(preview, "circles with self-sizing on")
    preview.open("photo-wall/phone")
    preview.js("() => workbench.selfSizing(false)")
    assert {KEY(e): FRAME(e) for e in check_drawn_equals_engine(preview, "self-sizing off")} == data
    # Scrolled down a long waterfall, the cells measured around the bounds shrink: the page
    # scrolls by each answer's contentOffsetAdjustment, to the bounds the engine answered.
    preview.open("circles/many-alarms")
    preview.js("() => workbench.transition('waterfall', {columns: 4})")
    preview.js("() => workbench.scrollTo(0, 6000)")
    calls = len(preview.js("() => workbench.sizeAnswers()"))
    preview.js("() => workbench.selfSizing(true)")
    # Each draw measures the cells it drew: scrolled up by an adjustment, it draws cells not yet
    # measured, so drawing again at the same place ends when nothing more is sent.
    for _ in range(30):
        count = preview.js("() => workbench.sizeAnswers().length")
        preview.js("() => { const b = workbench.bounds(); return workbench.scrollTo(b.x, b.y).then(() => 0); }")
        if preview.js("() => workbench.sizeAnswers().length") == count:
            break
    answers = preview.js("() => workbench.sizeAnswers()")[calls:]
    assert answers and any(a["contentOffsetAdjustment"]["y"] != 0 for a in answers), answers
    after = preview.js("() => workbench.bounds()")
    assert (after["x"], after["y"]) == (answers[-1]["bounds"]["x"], answers[-1]["bounds"]["y"]), (after, answers)
    check_drawn_equals_engine(preview, "self-sized, scrolled")
    preview.js("() => workbench.selfSizing(false).then(() => workbench.transition('circles', {spacing: 6}))")


def screen_rect(preview, selector):
    return preview.js("s => { const r = document.querySelector(s).getBoundingClientRect(); return {x: r.x, y: r.y, width: r.width, height: r.height}; }", selector)


def test_a_view_is_drawn_in_its_device_frame(preview, artifacts):
    for view, size in [("circles/alarms", (375, 667)), ("circles/alarms-wide", (600, 800)), ("tv-guide/listings", (1024, 768))]:
        preview.open(view)
        bounds = preview.js("() => workbench.bounds()")
        assert (bounds["width"], bounds["height"]) == size, f"{view} is not drawn at its viewport {size}: {bounds}"
        assert (preview.page.get_by_label("Width", exact=True).input_value(), preview.page.get_by_label("Height", exact=True).input_value()) \
            == tuple(map(str, size))
        # Centred in the view area when it fits.
        stage, device = screen_rect(preview, "#stage"), screen_rect(preview, "#device")
        if device["width"] < stage["width"] - 40:
            left, right = device["x"] - stage["x"], stage["x"] + stage["width"] - device["x"] - device["width"]
            assert abs(left - right) < 2, f"{view}: the frame is not centred: {left} vs {right}"
        check_drawn_equals_engine(preview, f"{view} in its frame")
    # Presets, the workspace's own, the resize handle and workbench.resize.
    preview.open("circles/alarms")
    frame = preview.page.get_by_label("Frame", exact=True)
    for preset, size in [("tablet", (768, 1024)), ("phone", (390, 844)), ("desktop", (1280, 800)), ("workspace", (375, 667))]:
        frame.select_option(preset)
        wait_for(preview, "s => { const b = workbench.bounds(); return b.width === s[0] && b.height === s[1]; }", list(size))
        check_drawn_equals_engine(preview, f"circles/alarms at the {preset} preset")
    zoom = preview.js("() => workbench.zoom()")
    handle = screen_rect(preview, "#resize-handle")
    preview.page.mouse.move(handle["x"] + 9, handle["y"] + 9)
    preview.page.mouse.down()
    preview.page.mouse.move(handle["x"] + 9 + 60, handle["y"] + 9 - 40, steps=5)
    preview.page.mouse.up()
    want = [375 + round(60 / zoom), 667 - round(40 / zoom)]
    wait_for(preview, "s => { const b = workbench.bounds(); return b.width === s[0] && b.height === s[1]; }", want)
    assert frame.input_value() == "custom"
    check_drawn_equals_engine(preview, "circles/alarms resized by its handle")
    preview.js("() => workbench.resize(500, 420)")
    assert preview.page.get_by_label("Width", exact=True).input_value() == "500"
    bounds = preview.js("() => workbench.bounds()")
    assert (bounds["width"], bounds["height"]) == (500, 420), bounds
    preview.page.screenshot(path=os.path.join(artifacts, "frame_custom.png"))


def test_zoom_scales_the_drawing_and_keeps_the_bounds(preview, artifacts):
    preview.open("tv-guide/listings")
    preview.js("() => workbench.scrollTo(250, 130)")
    bounds = preview.js("() => workbench.bounds()")
    for scale in [0.5, 2, 1.37]:
        assert preview.js("z => workbench.zoom(z)", scale) == scale
        assert preview.js("() => workbench.bounds()") == bounds, "the zoom changed the bounds"
        check_drawn_equals_engine(preview, f"zoom {scale}")
        device = screen_rect(preview, "#device")
        assert abs(device["width"] - 1024 * scale) < 0.5, (scale, device)
    # Ctrl + wheel zooms (a trackpad's pinch arrives as one), around the pointer.
    preview.js("() => workbench.zoom(1)")
    view = screen_rect(preview, "#view")
    preview.page.mouse.move(view["x"] + 200, view["y"] + 150)
    preview.page.keyboard.down("Control")
    preview.page.mouse.wheel(0, -120)
    preview.page.keyboard.up("Control")
    wait_for(preview, "() => workbench.zoom().then(z => z > 1.2)")
    assert preview.js("() => workbench.bounds()") == bounds
    check_drawn_equals_engine(preview, "after Ctrl + wheel")
    preview.page.get_by_role("button", name="Zoom out").click()
    # Fit shows the whole frame.
    preview.page.get_by_role("button", name="Fit").click()
    stage, device = screen_rect(preview, "#stage"), screen_rect(preview, "#device")
    assert device["x"] >= stage["x"] and device["x"] + device["width"] <= stage["x"] + stage["width"] + 0.5 \
        and device["y"] >= stage["y"] and device["y"] + device["height"] <= stage["y"] + stage["height"] + 0.5, (stage, device)
    check_drawn_equals_engine(preview, "fit")
    # The overview: the whole content, the bounds marked; a click scrolls there.
    assert preview.page.locator("#overview").is_visible(), "no overview for a content larger than the frame"
    caption = preview.page.inner_text("#overview-caption")
    assert "286 elements" in caption, caption
    # The map's scale and the content point at its top left corner are its data-scale, -origin-x and -origin-y.
    map_box = preview.page.locator("#overview-map").bounding_box()
    geometry = preview.js("() => ({...document.querySelector('#overview-map').dataset})")
    click = (map_box["width"] * 0.75, map_box["height"] * 0.5)
    preview.page.mouse.click(map_box["x"] + click[0], map_box["y"] + click[1])
    content = preview.js("() => workbench.contentSize()")
    scale = float(geometry["scale"])
    centre = ((click[0] + float(geometry["originX"])) / scale, (click[1] + float(geometry["originY"])) / scale)
    want = [min(max(0, centre[0] - bounds["width"] / 2), content["width"] - bounds["width"]),
            min(max(0, centre[1] - bounds["height"] / 2), content["height"] - bounds["height"])]
    # A user's scroll: it comes to rest at the guide's targetContentOffset (half hours, 120 points).
    wait_for(preview, "w => { const b = workbench.bounds(); return Math.abs(b.x - w[0]) <= 60 && Math.abs(b.y - w[1]) <= 1 "
                      "&& b.x % 120 === 0; }", want)
    time.sleep(0.3)
    settled = preview.js("() => workbench.bounds()")
    target = preview.js("p => workbench.request('targetContentOffset', {view: workbench.view(), proposed: p, velocity: {x: 0, y: 0}})", settled)
    assert (target["x"], target["y"]) == (settled["x"], settled["y"]), (target, settled)
    check_drawn_equals_engine(preview, "after a click on the overview")
    preview.page.screenshot(path=os.path.join(artifacts, "tv-guide_listings_overview.png"))
    preview.open("circles/alarms")
    assert not preview.page.locator("#overview").is_visible(), "an overview for a content that fits the frame"
    # Two fingers on a touch screen, 40 then 100 points apart: zoom × 2.5, nothing dragged.
    preview.js("() => workbench.zoom(1)")
    bounds = preview.js("() => workbench.bounds()")
    moves = preview.js("() => [workbench.lastMove(), workbench.moveSteps()]")
    view = screen_rect(preview, "#view")
    x, y = view["x"] + view["width"] / 2, view["y"] + view["height"] / 2
    touch = preview.page.context.new_cdp_session(preview.page)
    touch.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x - 20, "y": y, "id": 1}, {"x": x + 20, "y": y, "id": 2}]})
    for d in range(25, 51, 5):
        touch.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x - d, "y": y, "id": 1}, {"x": x + d, "y": y, "id": 2}]})
    touch.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    touch.detach()
    assert abs(preview.js("() => workbench.zoom()") - 2.5) < 1e-9, preview.js("() => workbench.zoom()")
    assert preview.js("() => workbench.bounds()") == bounds, "a pinch scrolled or resized"
    assert preview.js("() => [workbench.lastMove(), workbench.moveSteps()]") == moves, "a pinch began a drag"
    check_drawn_equals_engine(preview, "after a pinch")


LABELS = """() => [...document.querySelectorAll('#content > div:not(.ghost)')].map(node => {
    const span = node.firstElementChild, r = node.getBoundingClientRect(), s = span.getBoundingClientRect();
    const range = document.createRange();
    if (span.firstChild) range.setStart(span.firstChild, 0), range.setEnd(span.firstChild, Math.min(1, span.firstChild.length));
    const first = span.firstChild ? range.getBoundingClientRect() : null, style = getComputedStyle(span);
    return {key: [node.dataset.category, node.dataset.section, node.dataset.item], text: span.textContent, node: [r.left, r.right],
            span: [s.left, s.right], first: first && [first.left, first.right], cut: span.scrollWidth > span.clientWidth + 0.5,
            overflow: style.textOverflow, unnamed: span.classList.contains('unnamed'), colour: style.color, italic: style.fontStyle};
})"""


def test_labels_start_at_the_leading_edge_and_end_with_an_ellipsis(preview, artifacts):
    preview.open("tv-guide/listings")
    preview.js("() => workbench.zoom(1)")
    for direction in ["leftToRight", "rightToLeft"]:
        preview.js("d => workbench.direction(d)", direction)
        labels = [l for l in preview.js(LABELS) if l["text"]]
        cut = [l for l in labels if l["cut"]]
        assert cut, "no label is cut in the TV guide: this test could not tell"
        for label in labels:
            assert label["overflow"] == "ellipsis", label
            # Inset 4 points from the leading edge (left, or right in a right-to-left view).
            if direction == "leftToRight":
                assert abs(label["span"][0] - label["node"][0] - 4) < 0.6, label
            else:
                assert abs(label["node"][1] - label["span"][1] - 4) < 0.6, label
            # The first letter shows whole: a label is cut at its end only (an English title in a
            # right-to-left view reads from its beginning too).
            assert label["first"][0] >= label["span"][0] - 0.5 and label["first"][1] <= label["span"][1] + 0.5, \
                f"a label cut at its start: {label}"
        preview.page.screenshot(path=os.path.join(artifacts, f"labels_{direction}.png"))
    preview.js("() => workbench.direction('leftToRight')")
    # Unnamed cells show their index path, muted (italic, grey); named ones their data.
    preview.open("photo-wall/trips")
    labels = {tuple(l["key"]): l for l in preview.js(LABELS)}
    unnamed, named = labels[("cell", "0", "2")], labels[("cell", "0", "0")]
    assert unnamed["unnamed"] and unnamed["text"] == "[0, 2]" and unnamed["italic"] == "italic", unnamed
    assert not named["unnamed"] and named["text"] == "180" and named["italic"] == "normal" and named["colour"] != unnamed["colour"], named
    drawn = {KEY(e): e for e in preview.js("() => workbench.drawn()")}
    assert drawn[("cell", "", 0, 2)]["named"] is False and drawn[("cell", "", 0, 0)]["named"] is True


def intersects(f, r):
    return f["x"] < r["x"] + r["width"] and r["x"] < f["x"] + f["width"] and f["y"] < r["y"] + r["height"] and r["y"] < f["y"] + f["height"]


def test_the_legend_and_pinned_elements(preview, artifacts):
    colours = preview.js("""() => Object.fromEntries([...document.querySelectorAll('#legend .swatch:not(.pinned)')].map(s =>
        [s.dataset.category, getComputedStyle(s).backgroundColor]))""")
    assert set(colours) == {"cell", "supplementary", "decoration"}, colours
    preview.open("mark-sheet/marks")
    drawn_colours = preview.js("""() => Object.fromEntries([...document.querySelectorAll('#content > div:not(.pinned)')].map(n =>
        [n.dataset.category, getComputedStyle(n).backgroundColor]))""")
    assert all(drawn_colours[c] == colours[c] for c in drawn_colours) and len(drawn_colours) == 3, (drawn_colours, colours)
    # The guide's headers follow the bounds: exactly they are drawn pinned, at any offset, either direction.
    preview.open("tv-guide/listings")
    for direction, x, y in [("leftToRight", 0, 0), ("leftToRight", 300, 200), ("rightToLeft", 130, 95)]:
        preview.js("d => workbench.direction(d)", direction)
        preview.js("([x, y]) => workbench.scrollTo(x, y)", [x, y])
        # Among the elements in the bounds (those in the margin around them are classed once shown).
        bounds = preview.js("() => workbench.bounds()")
        drawn = [e for e in preview.js("() => workbench.drawn()") if intersects(e["frame"], bounds)]
        pinned = {KEY(e) for e in drawn if e["pinned"]}
        headers = {KEY(e) for e in drawn if e["section"] == 0 or e["item"] == 0}
        assert len(headers) > 10, headers
        assert pinned == headers, f"{direction} at {x},{y}: pinned {sorted(pinned - headers)[:3]} / not {sorted(headers - pinned)[:3]}"
        looks = preview.js("""() => [...document.querySelectorAll('#content > div')].map(n =>
            [n.classList.contains('pinned'), getComputedStyle(n).backgroundImage !== 'none'])""")
        assert any(p for p, _ in looks)
        assert all(p == hatched for p, hatched in looks), "pinned elements are not drawn distinguishably"
    preview.js("() => workbench.direction('leftToRight')")
    for view in ["circles/alarms", "class-hierarchy/exceptions", "photo-wall/trips"]:
        preview.open(view)
        preview.js("() => workbench.scrollTo(0, 40)")
        assert not [e for e in preview.js("() => workbench.drawn()") if e["pinned"]], f"{view}: nothing there follows the bounds"


def test_the_page_fits_a_narrow_window(preview, artifacts):
    page = preview.page
    try:
        page.set_viewport_size({"width": 400, "height": 800})
        assert not page.locator("#views").is_visible() and not page.locator("#panels").is_visible()
        main = screen_rect(preview, "main")
        assert main["width"] >= 300 and main["x"] == 0, main
        assert preview.js("() => document.documentElement.scrollWidth") <= 400
        page.get_by_role("button", name="Views").click()
        assert page.locator("#views").is_visible()
        page.locator("#views button[data-view='circles/alarms']").click()
        wait_for(preview, "() => workbench.view() === 'circles/alarms'")
        assert not page.locator("#views").is_visible(), "choosing a view leaves the list over it"
        preview.js("() => workbench.open('circles/alarms')")
        assert preview.js("() => workbench.error()") is None
        check_drawn_equals_engine(preview, "circles/alarms in a 400 px window")
        page.screenshot(path=os.path.join(artifacts, "narrow_400.png"))
        page.get_by_role("button", name="Inspector").click()
        assert page.locator("#panels").is_visible() and page.get_by_role("button", name="Apply").is_visible()
        page.screenshot(path=os.path.join(artifacts, "narrow_400_panels.png"))
        page.get_by_role("button", name="Inspector").click()
        # A size the layout cannot take shows its error; a size it can clears it, and so does another view.
        preview.js("() => workbench.resize(100, 300).catch(() => null)")
        error = preview.js("() => workbench.error()")
        assert error and "does not fit" in error, error
        preview.js("() => workbench.resize(375, 667)")
        assert preview.js("() => workbench.error()") is None, "the error stayed after a resize"
        check_drawn_equals_engine(preview, "circles/alarms resized back")
        preview.js("() => workbench.resize(100, 300).catch(() => null)")
        assert preview.js("() => workbench.error()")
        preview.open("circles/alarms-wide")
        assert preview.js("() => workbench.error()") is None, "the error stayed after a view change"
        page.set_viewport_size({"width": 250, "height": 600})
        assert screen_rect(preview, "main")["width"] >= 300, "the view area is narrower than 300 px"
    finally:
        page.set_viewport_size({"width": 1400, "height": 900})
    assert page.locator("#views").is_visible() and page.locator("#panels").is_visible()


def apply_change(preview, kind, **fields):
    """Fills the Updates panel through its labels and applies; returns the result line and whether it is an error."""
    page = preview.page
    page.get_by_label("Change", exact=True).select_option(kind)
    for label, value in fields.items():
        page.get_by_label(label, exact=True).fill(str(value))
    before = preview.js("() => workbench.draws()")
    page.get_by_role("button", name="Apply").click()
    wait_for(preview, "() => document.querySelector('#update-result').textContent !== ''")
    result = page.locator("#update-result")
    is_error = "error" in (result.get_attribute("class") or "")
    if not is_error:
        wait_for(preview, "n => workbench.draws() > n", before)
    preview.js("() => Promise.allSettled(document.getAnimations().map(a => a.finished))")
    text = result.inner_text()
    preview.js("() => { document.querySelector('#update-result').textContent = ''; }")
    return text, is_error


def test_the_updates_panel_applies_every_change_through_its_labels(preview, artifacts):
    preview.open("circles/alarms")
    count = lambda: len([e for e in preview.js("() => workbench.drawn()") if e["category"] == "cell"])
    n = count()
    for kind, fields, cells in [("insert", {"Section": 0, "Item": 0, "Value": 150}, n + 1),
                                ("reload", {"Section": 0, "Item": 1, "Value": 60}, n + 1),
                                ("move", {"Section": 0, "Item": 0, "To section": 0, "To item": 2}, n + 1),
                                ("delete", {"Section": 0, "Item": 0}, n)]:
        text, is_error = apply_change(preview, kind, **fields)
        assert not is_error and "appearing" in text, f"{kind}: {text}"
        assert count() == cells, (kind, count(), cells)
        check_drawn_equals_engine(preview, f"after {kind} from the panel")
    preview.open("photo-wall/trips")
    for kind, fields in [("insertSection", {"Section": 1, "Value": 120}), ("moveSection", {"Section": 0, "To section": 2}),
                         ("deleteSection", {"Section": 1})]:
        text, is_error = apply_change(preview, kind, **fields)
        assert not is_error and "appearing" in text, f"{kind}: {text}"
        check_drawn_equals_engine(preview, f"after {kind} from the panel")
    # A wrong field says which, styled as an error.
    text, is_error = apply_change(preview, "insert", Item="1.5")
    assert is_error and text.startswith("Item:"), text
    assert preview.js("() => getComputedStyle(document.querySelector('#error')).borderTopColor") == "rgb(217, 83, 79)"
    # Every control has an accessible name.
    page = preview.page
    for label in ["Change", "Section", "Item", "To section", "To item", "Value", "Direction", "Self-sizing cells", "Layout",
                  "Options", "Frame", "Width", "Height", "Zoom"]:
        assert page.get_by_label(label, exact=True).count() == 1, label
    for name in ["Apply", "Switch layout", "Zoom in", "Zoom out", "Fit", "Rotate", "Overview"]:
        assert page.get_by_role("button", name=name, exact=True).count() == 1, name
    page.get_by_label("Direction", exact=True).select_option("rightToLeft")
    wait_for(preview, "() => document.querySelector('#content').dir === 'rtl'")
    check_drawn_equals_engine(preview, "turned right to left from the panel")
    preview.js("() => workbench.direction('leftToRight')")


def press_and_move(preview, cell, dx, dy):
    box = preview.page.locator(f"#content > div[data-category=cell][data-section='{cell[0]}'][data-item='{cell[1]}']").bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    preview.page.mouse.move(x, y)
    preview.page.mouse.down()
    preview.page.mouse.move(x + dx, y + dy, steps=6)
    preview.js("() => workbench.moveDone()")
    return x + dx, y + dy


def test_a_drag_draws_the_engines_steps_and_refuses_what_cannot_move(preview, artifacts):
    preview.open("photo-wall/tablet")
    preview.js("() => workbench.scrollTo(0, 0)")
    target = next(e for e in preview.js("() => workbench.drawn()") if e["category"] == "cell" and e["item"] == 5)["frame"]
    zoom = preview.js("() => workbench.zoom()")
    start = preview.page.locator("#content > div[data-category=cell][data-section='0'][data-item='1']").bounding_box()
    view = screen_rect(preview, "#view")
    press_and_move(preview, [0, 1], view["x"] + zoom * (target["x"] + target["width"] / 2) - start["x"] - start["width"] / 2,
                   view["y"] + zoom * (target["y"] + target["height"] / 2) - start["y"] - start["height"] / 2)
    preview.js("() => Promise.allSettled(document.getAnimations().map(a => a.finished))")
    steps = preview.js("() => workbench.moveSteps()")
    assert steps and any(step["moving"] for step in steps), steps
    # Where the steps so far put each cell: the latest `after` of each, the dragged item at the last step's `item`.
    # A step's moving cells leave their `before` index paths (which the dragged item or another cell
    # may take) before any takes its `after` one.
    placed = {}
    for step in steps:
        for entry in step["disappearing"] + step["moving"]:
            placed.pop(KEY(entry["before"]), None)
        for entry in step["moving"] + step["appearing"]:
            placed[KEY(entry["after"])] = entry["after"]["frame"]
    misplaced = preview.js("""async ([placed, item]) => {
        const z = await workbench.zoom(), b = workbench.bounds(), origin = document.querySelector('#view').getBoundingClientRect(), bad = [];
        const at = (f) => [origin.x + z * (f.x - b.x), origin.y + z * (f.y - b.y), z * f.width, z * f.height];
        const check = (node, f) => { const r = node?.getBoundingClientRect();
            if (!r || at(f).some((w, i) => Math.abs(w - [r.x, r.y, r.width, r.height][i]) > 0.05)) bad.push({f, r: r && [r.x, r.y, r.width, r.height]}); };
        for (const [[category, kind, section, item], frame] of placed)
            check(document.querySelector(`#content > div[data-category=cell][data-section='${section}'][data-item='${item}']:not(.dragging)`), frame);
        check(document.querySelector('#content > .dragging'), item.frame);
        return bad;
    }""", [[[list(k), f] for k, f in placed.items()], steps[-1]["item"]])
    assert not misplaced, f"mid-drag, cells are not where updateMove answers: {misplaced[:3]}"
    preview.page.screenshot(path=os.path.join(artifacts, "photo-wall_tablet_mid_drag.png"))
    preview.page.keyboard.press("Escape")
    preview.page.mouse.up()
    preview.js("() => workbench.moveDone()")
    preview.js("() => Promise.allSettled(document.getAnimations().map(a => a.finished))")
    # A guide's header is pinned: nothing is lifted, the page says why at the pointer.
    for view, cell, reason in [("tv-guide/listings", [2, 0], "pinned"), ("class-hierarchy/exceptions", [1, 1], "a tree takes only reloads")]:
        preview.open(view)
        before = {KEY(e): FRAME(e) for e in preview.js("() => workbench.drawn()")}
        x, y = press_and_move(preview, cell, 40, 25)
        note = preview.page.locator("#pointer-note")
        wait_for(preview, "() => !document.querySelector('#pointer-note').hidden")
        assert reason in note.inner_text(), note.inner_text()
        box = note.bounding_box()
        assert abs(box["x"] - x) < 40 and abs(box["y"] - y) < 40, f"the note is not at the pointer: {box} vs {x},{y}"
        assert preview.js("() => document.querySelector('#content > .dragging')") is None, "a cell was lifted"
        preview.page.mouse.up()
        preview.js("() => workbench.moveDone()")
        ended = preview.js("() => workbench.request('endMove', {view: workbench.view(), commit: false}).then(() => 'a move', e => e.message)")
        assert "no move is in progress" in ended, ended
        assert {KEY(e): FRAME(e) for e in check_drawn_equals_engine(preview, f"{view} after a refused drag")} == before
        preview.page.screenshot(path=os.path.join(artifacts, f"{view.replace('/', '_')}_refused_drag.png"))


def test_the_inspector_follows_the_view(preview, artifacts):
    preview.open("tv-guide/listings")
    preview.js("() => workbench.zoom(1)")
    preview.page.click("#content > div[data-category=cell][data-section='3'][data-item='3']")
    before = preview.js("() => workbench.inspected()")
    preview.js("() => workbench.direction('rightToLeft')")
    wait_for(preview, "x => workbench.inspected().frame.x !== x", before["frame"]["x"])
    shown = preview.js("() => workbench.inspected()")
    engine = preview.js("() => workbench.request('query', {view: workbench.view(), element: {category: 'cell', section: 3, item: 3}})")["element"]
    assert shown.pop("label") == before["label"] and shown == engine, (shown, engine)
    assert preview.js("() => document.querySelector('#content > .selected')?.dataset.item") == "3"
    preview.js("() => workbench.zoom(2)")
    rows = preview.page.inner_text("#inspector")
    assert f"{engine['frame']['width'] * 2:g} × {engine['frame']['height'] * 2:g} px at 200 %" in rows, rows
    preview.page.screenshot(path=os.path.join(artifacts, "inspector_right_to_left_zoom_2.png"))
    preview.js("() => workbench.direction('leftToRight').then(() => workbench.zoom(1))")


# The flow and compositional layouts (UIKit's, docs/layouts.md): their views as the engine answers
# them, pinned boundary items, orthogonal sections, transitions between the two, and backgrounds.
UIKIT = ("flow", "compositional")
# flow/photo-grid's options and flow/photo-grid-compositional's (Workspaces/flow.yaml):
# the same photo grid in either layout, to switch each view to the other's layout and back.
PHOTO_GRID_FLOW = {"itemSize": {"width": 114, "height": 114}, "minimumInteritemSpacing": 4, "minimumLineSpacing": 4,
                   "sectionInset": {"top": 8, "left": 8, "bottom": 8, "right": 8}, "headerReferenceSize": {"width": 0, "height": 40},
                   "footerReferenceSize": {"width": 0, "height": 28}, "sectionHeadersPinToVisibleBounds": True,
                   "sectionFootersPinToVisibleBounds": True}
PHOTO_GRID_COMPOSITIONAL = {"sections": [{
    "contentInsets": {"top": 8, "leading": 8, "bottom": 8, "trailing": 8}, "interGroupSpacing": 4,
    "group": {"horizontal": {"size": {"width": {"fractionalWidth": 1.0}, "height": {"absolute": 114}},
                             "subitem": {"item": {"size": {"width": {"fractionalWidth": 1.0}, "height": {"fractionalHeight": 1.0}}}},
                             "count": 3, "interItemSpacing": {"fixed": 8.5}}},
    "boundarySupplementaryItems": [{"kind": "header", "size": {"width": {"fractionalWidth": 1.0}, "height": {"absolute": 40}},
                                    "alignment": "top", "pinToVisibleBounds": True}]}]}
TAGS_FLOW = {"itemSize": {"width": 80, "height": 32}, "minimumInteritemSpacing": 8, "minimumLineSpacing": 8, "sectionInset": 16,
             "headerReferenceSize": {"width": 0, "height": 36}}
# The #content node drawn at a point of the view's space, as its dataset, or null (clipped, or nothing there).
HIT = """async ([x, y]) => {
    const origin = document.querySelector('#view').getBoundingClientRect(), b = workbench.bounds(), z = await workbench.zoom();
    const hit = document.elementFromPoint(origin.x + z * (x - b.x), origin.y + z * (y - b.y))?.closest('#content > div');
    return hit ? {...hit.dataset} : null;
}"""


def dataset(key):
    category, kind, section, item = key
    return {"category": category, **({"kind": kind} if kind else {}), "section": str(section), "item": str(item)}


def settle(preview):
    preview.js("() => Promise.allSettled(document.getAnimations().map(a => a.finished))")


def test_flow_and_compositional_views_draw_what_the_engine_answers_pinned_boundary_items_included(preview, artifacts):
    views = [v["id"] for v in preview.js("() => workbench.views()") if v["workspace"] in UIKIT]
    assert len(views) >= 12 and {"flow/photo-grid", "flow/carousel", "compositional/store"} <= set(views), views
    for view in views:
        preview.open(view)
        assert preview.js("() => workbench.error()") is None, view
        for x, y in [(0, 0), (0, 300), (150, 0), (1e6, 1e6), (37.5, 12.25), (0, 0)]:
            preview.js("([x, y]) => workbench.scrollTo(x, y)", [x, y])
            bounds, content = preview.js("() => workbench.bounds()"), preview.js("() => workbench.contentSize()")
            assert 0 <= bounds["x"] <= max(0, content["width"] - bounds["width"]) + 1, (view, x, y, bounds, content)
            assert 0 <= bounds["y"] <= max(0, content["height"] - bounds["height"]) + 1, (view, x, y, bounds, content)
            drawn = check_drawn_equals_engine(preview, f"{view} at {x},{y}")
            assert any(e["category"] == "cell" for e in drawn), f"{view} at {x},{y} drew no cell"
    # The carousel scrolls sideways (a horizontal flow): its content is wider than the frame.
    preview.open("flow/carousel")
    preview.js("() => workbench.scrollTo(1e6, 0)")
    bounds = preview.js("() => workbench.bounds()")
    assert bounds["x"] == preview.js("() => workbench.contentSize()")["width"] - bounds["width"] > 0, bounds
    # Pinned headers follow the top of the bounds within their section and footers its bottom:
    # exactly those are drawn pinned (among the elements in the bounds), at the engine's frames.
    header, footer = lambda s: ("supplementary", "header", s, 0), lambda s: ("supplementary", "footer", s, 0)
    for view, y, want in [("flow/photo-grid", 120, {header(0), footer(1)}), ("flow/photo-grid", 560, {header(1), footer(3)}),
                          ("flow/photo-grid", 700, {header(1), footer(3)}), ("compositional/store", 100, {header(0)}),
                          ("compositional/store", 400, {header(1)}), ("compositional/orthogonal-sections", 1000, {header(3)})]:
        preview.open(view)
        preview.js("y => workbench.scrollTo(0, y)", y)
        bounds = preview.js("() => workbench.bounds()")
        drawn = [e for e in check_drawn_equals_engine(preview, f"{view} at 0,{y}") if intersects(e["frame"], bounds)]
        pinned = {KEY(e): e["frame"] for e in drawn if e["pinned"]}
        assert set(pinned) == want, f"{view} at {y}: pinned {sorted(pinned)}, want {sorted(want)}"
        for key, frame in pinned.items():
            edge = frame["y"] if key[1] == "header" else frame["y"] + frame["height"] - bounds["height"]
            assert abs(edge - bounds["y"]) < 1e-9, f"{view} at {y}: {key} at {frame} does not follow the bounds {bounds}"
        assert preview.js("() => [...document.querySelectorAll('#content > .pinned')].every(n => n.dataset.category === 'supplementary')")
        if view == "compositional/store" and y == 400:
            preview.page.screenshot(path=os.path.join(artifacts, "compositional_store_scrolled.png"))
        if view == "flow/photo-grid" and y == 560:
            preview.page.screenshot(path=os.path.join(artifacts, "flow_photo-grid_scrolled.png"))
    preview.open("flow/tags")
    assert not [e for e in check_drawn_equals_engine(preview, "flow/tags") if e["pinned"]], "flow/tags pins nothing"
    preview.page.screenshot(path=os.path.join(artifacts, "flow_tags.png"))
    preview.open("compositional/store")
    preview.page.screenshot(path=os.path.join(artifacts, "compositional_store.png"))


def test_orthogonal_sections_show_what_lies_in_the_frame_and_lie_at_rest_beyond_it(preview, artifacts):
    """An orthogonal section's groups lie side by side past the view's width, at rest, as UIKit's
    do before the user swipes them: the content is as wide as the view (the page cannot scroll
    sideways), the cells crossing the frame's edge are drawn and cut at it, and those beyond the
    queried rect are the engine's (a query there finds them) but not drawn."""
    for view, orthogonal in [("compositional/orthogonal-sections", {0, 1, 2, 3, 4}), ("compositional/store", {0, 2})]:
        preview.open(view)
        for x, y in [(0, 0), (0, 640), (1e6, 300)]:
            preview.js("([x, y]) => workbench.scrollTo(x, y)", [x, y])
            bounds, content = preview.js("() => workbench.bounds()"), preview.js("() => workbench.contentSize()")
            width = bounds["width"]
            assert content["width"] == width and bounds["x"] == 0, f"{view}: the page scrolls sideways: {bounds}, {content}"
            assert preview.js("() => { const v = document.querySelector('#view'); return v.scrollWidth === v.clientWidth; }")
            drawn = check_drawn_equals_engine(preview, f"{view} at {x},{y}")
            beyond = engine_query(preview, {"x": width, "y": bounds["y"], "width": 20 * width, "height": bounds["height"]})
            assert beyond and {e["section"] for e in beyond} <= orthogonal, \
                f"{view} at {x},{y}: beyond the width: {sorted({e['section'] for e in beyond})}"
            rest = [e for e in beyond if e["frame"]["x"] >= width]
            assert rest, f"{view} at {x},{y}: nothing at rest beyond the frame"
            queried = preview.js("() => workbench.queried()")
            drawn_keys = {KEY(e) for e in drawn}
            assert not [KEY(e) for e in rest if not intersects(e["frame"], queried) and KEY(e) in drawn_keys]
            # Cells crossing the right edge (in the bounds vertically, not under a header): drawn, and cut there.
            crossing = [e for e in beyond if e["category"] == "cell" and e["frame"]["x"] < width
                        and bounds["y"] + 50 < e["frame"]["y"] + e["frame"]["height"] / 2 < bounds["y"] + bounds["height"] - 10]
            assert crossing, f"{view} at {x},{y}: no cell crosses the frame's edge: this test could not tell"
            for e in crossing:
                assert KEY(e) in drawn_keys, f"{view} at {x},{y}: {KEY(e)} crosses the frame but is not drawn"
                middle = e["frame"]["y"] + e["frame"]["height"] / 2
                assert preview.js(HIT, [width - 2, middle]) == dataset(KEY(e)), (view, KEY(e), preview.js(HIT, [width - 2, middle]))
                assert preview.js(HIT, [width + 6, middle]) is None, f"{view}: {KEY(e)} shows beyond the frame"
        preview.js("() => workbench.scrollTo(0, 0)")
        if view == "compositional/orthogonal-sections":
            preview.page.screenshot(path=os.path.join(artifacts, "compositional_orthogonal-sections.png"))
        # Right to left the host mirrors them: they lie past the left edge, cut there.
        preview.js("() => workbench.direction('rightToLeft')")
        drawn = check_drawn_equals_engine(preview, f"{view} right to left")
        crossing = [e for e in drawn if e["category"] == "cell" and e["frame"]["x"] < 0 < e["frame"]["x"] + e["frame"]["width"]
                    and 50 < e["frame"]["y"] + e["frame"]["height"] / 2 < preview.js("() => workbench.bounds().height") - 10]
        assert crossing, f"{view} right to left: no cell crosses the left edge"
        for e in crossing:
            middle = e["frame"]["y"] + e["frame"]["height"] / 2
            assert preview.js(HIT, [2, middle]) == dataset(KEY(e)) and preview.js(HIT, [-6, middle]) is None, (view, KEY(e))
        preview.js("() => workbench.direction('leftToRight')")


def test_flow_and_compositional_switch_both_ways_and_a_description_is_required(preview, artifacts):
    # The same photos in either layout: switched, a view draws what the engine answers, which is
    # what the other view draws natively at the same bounds (the cells at least: kinds differ).
    def frames(view, y):
        preview.open(view)
        preview.js("y => workbench.scrollTo(0, y)", y)
        return {KEY(e): FRAME(e) for e in check_drawn_equals_engine(preview, f"{view} at {y}")}
    native = {view: {y: frames(view, y) for y in (0, 300)} for view in ("flow/photo-grid", "flow/photo-grid-compositional")}
    flow, compositional = ("flow", PHOTO_GRID_FLOW, "flow/photo-grid"), ("compositional", PHOTO_GRID_COMPOSITIONAL, "flow/photo-grid-compositional")
    for (layout, options, other), (own, own_options, view) in [(flow, compositional), (compositional, flow)]:
        preview.open(view)
        preview.js("() => workbench.scrollTo(0, 300)")
        started = preview.js("""([layout, options]) => workbench.transition(layout, options).then(answer =>
            ({answer, animations: document.getAnimations().length}))""", [layout, options])
        answer = started["answer"]
        assert started["animations"] > 0 and (answer["moving"] or answer["appearing"]), f"{view} → {layout} did not animate: {answer}"
        settle(preview)
        bounds = preview.js("() => workbench.bounds()")
        assert (bounds["x"], bounds["y"]) == (answer["contentOffset"]["x"], answer["contentOffset"]["y"]) == (0, 300), (bounds, answer)
        assert preview.js("() => workbench.contentSize()") == answer["contentSize"]
        assert f"({layout})" in preview.page.inner_text("#title")
        drawn = {KEY(e): FRAME(e) for e in check_drawn_equals_engine(preview, f"{view} switched to {layout}")}
        cells = lambda f: {k: v for k, v in f.items() if k[0] == "cell"}
        assert cells(drawn) and cells(drawn) == cells(native[other][300]), \
            f"{view} as {layout} differs from {other}: {sorted(set(cells(drawn).items()) ^ set(cells(native[other][300]).items()))[:4]}"
        # And back, with the view's own description: as it was.
        preview.js("([layout, options]) => workbench.transition(layout, options)", [own, own_options])
        settle(preview)
        assert {KEY(e): FRAME(e) for e in check_drawn_equals_engine(preview, f"{view} back")} == native[view][300]
    # A tag cloud as a compositional list of two columns, then back to its flow.
    preview.open("flow/tags")
    before = {KEY(e): FRAME(e) for e in check_drawn_equals_engine(preview, "flow/tags")}
    two_columns = {"sections": [{"contentInsets": {"top": 0, "leading": 10, "bottom": 0, "trailing": 10}, "interGroupSpacing": 10,
                                 "group": {"horizontal": {"size": {"width": {"fractionalWidth": 1.0}, "height": {"absolute": 44}},
                                                          "subitem": {"item": {"size": {"width": {"fractionalWidth": 1.0},
                                                                                        "height": {"fractionalHeight": 1.0}}}},
                                                          "count": 2, "interItemSpacing": {"fixed": 10}}}}]}
    answer = preview.js("o => workbench.transition('compositional', o)", two_columns)
    assert len(answer["moving"]) == 17 and [KEY(e["before"]) for e in answer["disappearing"]] == \
        [("supplementary", "header", 0, 0), ("supplementary", "header", 1, 0)], answer
    settle(preview)
    drawn = check_drawn_equals_engine(preview, "flow/tags as two columns")
    assert {FRAME(e)[0] for e in drawn} == {10, 192.5} and all(FRAME(e)[2:] == (172.5, 44) for e in drawn), sorted(map(FRAME, drawn))
    preview.js("o => workbench.transition('flow', o)", TAGS_FLOW)
    settle(preview)
    assert {KEY(e): FRAME(e) for e in check_drawn_equals_engine(preview, "flow/tags back")} == before
    # Without options a compositional layout is refused (UIKit has no default description): the
    # engine's error names `sections`, the switcher shows it as an error, and the view is as it was.
    refused = preview.js("() => workbench.transition('compositional').then(() => null, e => ({message: e.message, code: e.code}))")
    assert refused and refused["code"] == -32602 and "params.options.sections" in refused["message"], refused
    page = preview.page
    page.select_option("#layout", "compositional")
    page.fill("#transition input[name=options]", "")
    page.click("#transition button")
    wait_for(preview, "() => document.querySelector('#view-result').textContent !== ''")
    result = page.locator("#view-result")
    assert "sections" in result.inner_text() and "error" in result.get_attribute("class"), (result.inner_text(), result.get_attribute("class"))
    assert page.input_value("#layout") == "flow" and "(flow)" in page.inner_text("#title")
    assert preview.js("() => workbench.error()") is None, "a refused switch is not an error of the drawing"
    page.screenshot(path=os.path.join(artifacts, "flow_tags_refused_transition.png"))
    preview.js("() => workbench.scrollTo(0, 0)")
    assert {KEY(e): FRAME(e) for e in check_drawn_equals_engine(preview, "flow/tags after a refused switch")} == before
    preview.js("() => { document.querySelector('#view-result').textContent = ''; }")


def test_a_background_is_painted_below_its_sections_cells(preview, artifacts):
    """A compositional `background` (a decoration view) lies under its section's cells, as UIKit's
    does: canvas.js stacks by 2 × zIndex, decorations one below the others of their zIndex; the
    overview paints them in the same order."""
    preview.open("compositional/store")
    preview.js("() => workbench.scrollTo(0, 1e6)")
    drawn = {KEY(e): e for e in check_drawn_equals_engine(preview, "compositional/store at the end")}
    z = preview.js("""() => Object.fromEntries([...document.querySelectorAll('#content > div')].map(n =>
        [[n.dataset.category, n.dataset.kind ?? '', n.dataset.section, n.dataset.item].join('|'), getComputedStyle(n).zIndex]))""")
    for section, background_z in [(2, 0), (3, -1)]:
        background = ("decoration", "background", section, 0)
        cell = next(k for k in drawn if k[0] == "cell" and k[2] == section and intersects(drawn[k]["frame"], drawn[background]["frame"]))
        assert drawn[background]["zIndex"] == background_z and drawn[cell]["zIndex"] == 0, (drawn[background], drawn[cell])
        zb, zc = z["|".join(map(str, background))], z["|".join(map(str, cell))]
        assert int(zb) < int(zc), f"section {section}: the background's z-index {zb} is not below its cell's {zc}"
        frame = drawn[cell]["frame"]
        assert preview.js(HIT, [frame["x"] + frame["width"] / 2, frame["y"] + frame["height"] / 2]) == dataset(cell), \
            f"section {section}: the background is painted over {cell}"
        outside = drawn[background]["frame"]
        assert preview.js(HIT, [outside["x"] + 2, outside["y"] + outside["height"] - 2]) == dataset(background)
    # The overview: a tip cell's pixel has the cells' colour, not its background's.
    preview.open("compositional/store")
    wait_for(preview, "() => /· \\d+ elements/.test(document.querySelector('#overview-caption').textContent)")
    tip = next(e for e in engine_query(preview, {"x": 0, "y": 0, "width": 390, "height": 1192}) if KEY(e) == ("cell", "", 3, 0))["frame"]
    colour = preview.js("""([x, y]) => { const map = document.querySelector('#overview-map'), d = map.dataset, r = devicePixelRatio || 1;
        const p = map.getContext('2d').getImageData(Math.round((x * d.scale - d.originX) * r), Math.round((y * d.scale - d.originY) * r), 1, 1).data;
        return [p[0], p[1], p[2]]; }""", [tip["x"] + tip["width"] / 2, tip["y"] + tip["height"] / 2])
    assert colour == [0x8d, 0xb4, 0xea], f"the overview paints the background over the tip cell: {colour}"


def test_the_page_owns_its_scrolling(preview, artifacts):
    """Issue 39, 1: whatever scrolls an element of the drawing into view — a click (Playwright
    scrolls its target into view first), `scrollIntoView`, find in page, focus — scrolls the
    view's bounds, never the layer that holds the drawing: the contract holds after it, the
    pinned channel column and time row stay where the engine puts them, and right to left
    afterwards draws the channel column at the right edge."""
    page = preview.page
    preview.open("tv-guide/listings")  # zoomed to fit: the whole frame shows in the stage
    # An off-screen programme, drawn in the margin to the right of the bounds.
    target = preview.js("""() => { const b = workbench.bounds();
        const node = [...document.querySelectorAll('#content > div[data-category=cell]')].find(n => { const f = n.element.frame;
            return n.element.section > 0 && n.element.item > 0 && f.x >= b.x + b.width + 5 && f.y > b.y + 60 && f.y + f.height < b.y + b.height - 60; });
        return node && [node.dataset.section, node.dataset.item]; }""")
    assert target, "no programme drawn beyond the bounds' right edge"
    selector = f"#content > div[data-category=cell][data-section='{target[0]}'][data-item='{target[1]}']"

    def check(where):
        # Settled: drawn at the scroll position, which stays (a user's scroll — the click's
        # pointer — comes to rest at the guide's targetContentOffset first).
        last = None
        for _ in range(40):
            wait_for(preview, "() => { const v = document.querySelector('#view'), b = workbench.bounds(); "
                              "return b.x === v.scrollLeft && b.y === v.scrollTop; }")
            now = preview.js("() => workbench.bounds()")
            if now == last:
                break
            last = now
            time.sleep(0.25)
        layer = preview.js("() => { const l = document.querySelector('#layer'); return [l.scrollLeft, l.scrollTop]; }")
        assert layer == [0, 0], f"{where}: the layer holding the drawing scrolled: {layer}"
        drawn = check_drawn_equals_engine(preview, where)
        bounds = preview.js("() => workbench.bounds()")
        # Those the page can class: in the bounds and in the bounds 16 points further (its probe).
        probe = {**bounds, "x": bounds["x"] + 16, "y": bounds["y"] + 16}
        shown = [e for e in drawn if intersects(e["frame"], bounds) and intersects(e["frame"], probe)]
        column = [e for e in shown if e["category"] == "cell" and e["item"] == 0 and e["section"] > 0]
        row = [e for e in shown if e["category"] == "cell" and e["section"] == 0]
        assert column and all(e["pinned"] and e["frame"]["x"] == bounds["x"] for e in column), f"{where}: the channel column slid away"
        assert row and all(e["pinned"] and e["frame"]["y"] == bounds["y"] for e in row), \
            f"{where}: the time row is not pinned at {bounds}: {[(e['item'], e['pinned'], e['frame']) for e in row if not e['pinned'] or e['frame']['y'] != bounds['y']][:4]}"
        return bounds

    page.click(selector)
    wait_for(preview, "() => workbench.inspected() !== null")
    bounds = check("after a click on an off-screen programme")
    assert bounds["x"] > 0, "the click scrolled nothing: the programme was not off screen"
    # A script's scrollIntoView (what find in page and focus do) on a programme further right.
    preview.js("""() => { const b = workbench.bounds();
        const node = [...document.querySelectorAll('#content > div[data-category=cell]')].find(n => { const f = n.element.frame;
            return n.element.section > 0 && n.element.item > 0 && f.x >= b.x + b.width + 5; });
        node.scrollIntoView(); }""")
    wait_for(preview, "b => document.querySelector('#view').scrollLeft > b.x", bounds)
    bounds = check("after scrollIntoView")
    # Even a script that sets the layer's scroll position directly moves nothing but the bounds.
    preview.js("() => { const l = document.querySelector('#layer'); l.scrollLeft = 50; l.scrollTop = 20; }")
    time.sleep(0.2)
    check("after setting the layer's scroll position")
    # Focus: a programme made focusable and focused is scrolled to as the bounds.
    preview.js("""() => { const b = workbench.bounds();
        const node = [...document.querySelectorAll('#content > div[data-category=cell]')].find(n => { const f = n.element.frame;
            return n.element.section > 0 && n.element.item > 0 && f.x + f.width <= b.x - 5; });
        if (node) { node.tabIndex = -1; node.focus(); } return Boolean(node); }""")
    check("after focusing a programme")
    page.screenshot(path=os.path.join(artifacts, "owns_its_scrolling.png"))
    preview.js("() => workbench.direction('rightToLeft')")
    try:
        drawn = check_drawn_equals_engine(preview, "right to left after the page's own scrolls")
        bounds = preview.js("() => workbench.bounds()")
        right = bounds["x"] + bounds["width"]
        column = [e for e in drawn if e["category"] == "cell" and e["item"] == 0]
        assert column and all(abs(e["frame"]["x"] + e["frame"]["width"] - right) < 1e-9 for e in column), \
            f"the channel column is not at the right edge {right}: {column[:3]}"
        on_screen = preview.js("""() => { const view = document.querySelector('#view').getBoundingClientRect();
            return [...document.querySelectorAll('#content > div[data-category=cell][data-item="0"]')]
                .map(n => Math.abs(n.getBoundingClientRect().right - view.right)); }""")
        assert on_screen and max(on_screen) < 0.5, f"the channel column is not drawn at the view's right edge: {on_screen[:3]}"
    finally:
        preview.js("() => workbench.direction('leftToRight')")


# Every node whose label is cut shows its whole text on hover (title) and to assistive technology (aria-label).
CUT_LABELS = """() => [...document.querySelectorAll('#content > div:not(.ghost)')].map(node => {
    const span = node.firstElementChild;
    return {text: span.textContent, cut: span.scrollWidth > span.clientWidth + 0.5, title: node.title,
            name: node.getAttribute('aria-label'), role: node.getAttribute('role')};
})"""


def test_a_laptops_width_is_readable_and_cut_labels_are_whole_on_hover(preview, artifacts):
    """Issue 39, 2: at 1024 px the side panels give the view the room (overlays opened from the
    header), so the guide opens far larger than the 46 % it did; at 400 px too; a cut label
    ("Good Morning Brit…") shows its whole text as a tooltip and as its accessible name."""
    page = preview.page
    try:
        for width, height, least in [(1024, 768, 0.7), (400, 800, 0.25)]:
            page.set_viewport_size({"width": width, "height": height})
            preview.open("tv-guide/listings")
            assert not page.locator("#views").is_visible() and not page.locator("#panels").is_visible(), \
                f"{width} px: the side panels take the view's room"
            assert page.get_by_role("button", name="Views").is_visible() and page.get_by_role("button", name="Inspector").is_visible()
            zoom = preview.js("() => workbench.zoom()")
            assert zoom >= least, f"{width} px: the guide opens at {zoom:.0%}"
            labels = preview.js(CUT_LABELS)
            cut = [label for label in labels if label["cut"]]
            assert cut, f"{width} px: no label is cut: nothing to check"
            wrong = [label for label in labels if label["text"] and (label["title"] != label["text"] or label["name"] != label["text"])]
            assert not wrong, f"{width} px: labels whose whole text is not the tooltip and the accessible name: {wrong[:3]}"
            check_drawn_equals_engine(preview, f"the guide at {width} px")
            page.screenshot(path=os.path.join(artifacts, f"readable_{width}.png"))
            # The header's title, cut at 400 px, reads whole on hover too.
            assert page.get_attribute("#title", "title") == page.inner_text("#title") == "tv-guide / listings (guide)"
        # Assistive technology finds a cut programme by its whole title.
        assert page.get_by_role("listitem", name="Good Morning Britain").count() >= 1
    finally:
        page.set_viewport_size({"width": 1400, "height": 900})


def test_the_overview_never_covers_the_layout(preview, artifacts):
    """Issue 39, 3: class-hierarchy/exceptions at 1440 px: the overview sits beside the drawing,
    and "ConnectionAbortedError" and the cells below it show."""
    page = preview.page
    try:
        page.set_viewport_size({"width": 1440, "height": 900})
        for view in ["class-hierarchy/exceptions", "tv-guide/listings"]:
            preview.open(view)
            assert page.locator("#overview").is_visible(), f"{view}: no overview"
            overview, stage = screen_rect(preview, "#overview"), screen_rect(preview, "#stage")
            device = screen_rect(preview, "#device")
            shown = {"x": max(device["x"], stage["x"]), "y": max(device["y"], stage["y"])}
            shown["right"] = min(device["x"] + device["width"], stage["x"] + stage["width"])
            shown["bottom"] = min(device["y"] + device["height"], stage["y"] + stage["height"])
            apart = overview["x"] >= shown["right"] or overview["x"] + overview["width"] <= shown["x"] \
                or overview["y"] >= shown["bottom"] or overview["y"] + overview["height"] <= shown["y"]
            assert apart, f"{view}: the overview {overview} covers the drawing {shown}"
        preview.open("class-hierarchy/exceptions")
        covered = preview.js("""() => [...document.querySelectorAll('#content > div:not(.ghost)')].filter(node => {
                const r = node.getBoundingClientRect(), view = document.querySelector('#view').getBoundingClientRect();
                const x = r.x + r.width / 2, y = r.y + r.height / 2;
                if (x < view.left || x > view.right || y < view.top || y > view.bottom) return false;
                const hit = document.elementFromPoint(x, y);
                return !(hit && (hit === node || node.contains(hit)));
            }).map(node => node.textContent)""")
        assert not covered, f"elements covered by something: {covered[:5]}"
        error = page.get_by_role("listitem", name="ConnectionAbortedError")
        assert error.count() == 1 and error.is_visible()
        page.screenshot(path=os.path.join(artifacts, "overview_beside_1440.png"))
    finally:
        page.set_viewport_size({"width": 1400, "height": 900})


def test_every_toolbar_control_is_reachable_at_400_px(preview, artifacts):
    """Issue 39, 4: at 400 px the toolbar wraps: every control lies inside the window, whole, and
    works (Rotate swaps the frame's sides)."""
    page = preview.page
    try:
        page.set_viewport_size({"width": 400, "height": 800})
        preview.open("circles/alarms")
        controls = preview.js("""() => [...document.querySelectorAll('#toolbar button, #toolbar select, #toolbar input')].map(c => {
            const r = c.getBoundingClientRect(); return {id: c.id, left: r.left, right: r.right, width: r.width}; })""")
        assert len(controls) == 9, controls
        cut = [c for c in controls if c["width"] <= 0 or c["left"] < 0 or c["right"] > 400]
        assert not cut, f"toolbar controls cut at 400 px: {cut}"
        page.get_by_role("button", name="Rotate").click()
        wait_for(preview, "() => { const b = workbench.bounds(); return b.width === 667 && b.height === 375; }")
        check_drawn_equals_engine(preview, "circles/alarms rotated at 400 px")
        page.screenshot(path=os.path.join(artifacts, "toolbar_400.png"))
        page.get_by_role("button", name="Rotate").click()
        wait_for(preview, "() => { const b = workbench.bounds(); return b.width === 375 && b.height === 667; }")
    finally:
        page.set_viewport_size({"width": 1400, "height": 900})


def test_the_frame_size_has_one_range_and_its_errors_are_said_at_the_frame(preview, artifacts):
    """Issue 39, 7: the Width and Height fields and the engine take 1 to 10000 points; a value
    outside is named, not taken (20000) nor silently reverted (−5); a size circles cannot take is
    an error of the frame's size, at the size fields and at the view's `viewport:` — not at the
    data's `items:` line."""
    page = preview.page
    preview.open("circles/alarms")
    width = page.get_by_label("Width", exact=True)
    for typed in ["20000", "-5", "0", "12.5"]:
        width.fill(typed)
        width.press("Enter")
        wait_for(preview, "() => !document.querySelector('#frame-message').hidden")
        message = page.inner_text("#frame-message")
        assert message == f"Width: expected a whole number of points from 1 to 10000, got '{typed}'", message
        assert width.get_attribute("aria-invalid") == "true"
        assert preview.js("() => workbench.bounds()")["width"] == 375, f"{typed} was taken"
    width.fill("500")
    width.press("Enter")
    wait_for(preview, "() => workbench.bounds().width === 500")
    assert page.locator("#frame-message").is_hidden() and width.get_attribute("aria-invalid") == "false"
    # The engine keeps the same range.
    refused = preview.js("""() => workbench.request('invalidate', {view: workbench.view(), bounds: {x: 0, y: 0, width: 20000, height: 300}})
        .then(() => null, error => error.message)""")
    assert refused == "invalid params: bounds.width: a frame's width is from 1 to 10000 points, got 20000", refused
    # A width circles cannot take: said at the frame's size, located at the view's viewport.
    preview.js("() => workbench.resize(100, 300).catch(() => null)")
    error = preview.js("() => workbench.error()")
    # (Its first circle is 120 points, or what an earlier test reloaded it with: none fits 60.)
    assert "circles.yaml:12:5: error: view 'alarms' (circles) at the frame size 100 × 300 (the workspace's viewport: " \
        "375 × 667): item [0, 0]: a circle of size " in error and "does not fit the 60-point row" in error, error
    assert "circles.yaml:5:13" not in error and "viewport: {width: 375, height: 667}" in error, error
    message = page.inner_text("#frame-message")
    assert message.startswith("Frame size: view 'alarms' (circles) at the frame size 100 × 300"), message
    assert width.get_attribute("aria-invalid") == "true" and page.get_by_label("Height", exact=True).get_attribute("aria-invalid") == "true"
    page.screenshot(path=os.path.join(artifacts, "frame_size_error.png"))
    preview.js("() => workbench.resize(375, 667)")
    assert preview.js("() => workbench.error()") is None and page.locator("#frame-message").is_hidden()
    check_drawn_equals_engine(preview, "circles/alarms back at its viewport")


def test_a_layout_switch_says_what_it_did_with_the_data(preview, artifacts):
    """Issue 39, 8: circles to the guide through the switcher: the answer and the panel say that
    the guide reads circles' data (one section of 8 numbers) by its own model; the Options
    placeholder shows whole (issue 39, 9)."""
    page = preview.page
    preview.open("circles/alarms")
    options = page.get_by_label("Options", exact=True)
    fits = preview.js("""() => { const input = document.querySelector('#layout-options'), style = getComputedStyle(input);
        const g = document.createElement('canvas').getContext('2d'); g.font = style.font;
        const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return [g.measureText(input.placeholder).width, room]; }""")
    assert fits[0] <= fits[1], f"the Options placeholder is cut: {fits[0]:.1f} px of text in {fits[1]:.1f} px"
    assert options.get_attribute("placeholder") == "JSON: the engine's choice"
    page.get_by_label("Layout", exact=True).select_option("guide")
    page.get_by_role("button", name="Switch layout").click()
    wait_for(preview, "() => document.querySelector('#view-result').textContent.includes('guide lays out')")
    result = page.inner_text("#view-result")
    assert result == ("0 appearing, 0 disappearing, 8 moving. guide lays out the data written for circles as it is "
                      "(1 section, 8 items), not converted: it reads it by its own model (A 2-D grid with sticky row "
                      "and column headers, variable widths and snapping (seed: TV guide)); its content is 800 × 30 points"), result
    page.screenshot(path=os.path.join(artifacts, "switch_circles_to_guide.png"))
    answer = preview.js("() => workbench.transition('circles')")
    assert answer["data"]["to"] == "circles" and answer["data"]["items"] == 8, answer.get("data")
    preview.js("() => Promise.allSettled(document.getAnimations().map(a => a.finished))")
    assert "(circles)" in page.inner_text("#title")
    check_drawn_equals_engine(preview, "circles/alarms switched back")


def test_screenshots_of_every_view_at_every_frame_zoom_and_direction(preview, artifacts):
    """Every bundled view at the phone, tablet and desktop presets, at zoom 0.5 and 2, right to
    left, and in a 400 px window, each equal to the engine; screenshots in artifacts/looks/ to look at."""
    folder = os.path.join(artifacts, "looks")
    os.makedirs(folder, exist_ok=True)
    frame = preview.page.get_by_label("Frame", exact=True)
    views = [v["id"] for v in preview.js("() => workbench.views()") if v["workspace"] not in ("live", "million")]
    for view in views:
        preview.open(view)
        name = view.replace("/", "_")
        for preset in ["phone", "tablet", "desktop"]:
            frame.select_option(preset)
            preview.js("() => workbench.bounds()")
            wait_for(preview, "p => workbench.bounds().width === p", {"phone": 390, "tablet": 768, "desktop": 1280}[preset])
            check_drawn_equals_engine(preview, f"{view} as {preset}")
            preview.page.screenshot(path=os.path.join(folder, f"{name}_{preset}.png"))
        frame.select_option("workspace")
        wait_for(preview, "v => { const b = workbench.bounds(), own = workbench.views().find(x => x.id === v).viewport; "
                          "return b.width === own.width && b.height === own.height; }", view)
        for scale in [0.5, 2]:
            preview.js("z => workbench.zoom(z)", scale)
            check_drawn_equals_engine(preview, f"{view} at zoom {scale}")
            preview.page.screenshot(path=os.path.join(folder, f"{name}_zoom_{scale}.png"))
        preview.js("() => workbench.zoom(1).then(() => workbench.direction('rightToLeft'))")
        check_drawn_equals_engine(preview, f"{view} right to left")
        preview.page.screenshot(path=os.path.join(folder, f"{name}_right_to_left.png"))
        preview.js("() => workbench.direction('leftToRight')")
    # In a 400 px window, each at its own frame, fitted.
    try:
        preview.page.set_viewport_size({"width": 400, "height": 800})
        for view in views:
            preview.open(view)
            assert preview.js("() => workbench.error()") is None, view
            check_drawn_equals_engine(preview, f"{view} in a 400 px window")
            preview.page.screenshot(path=os.path.join(folder, f"{view.replace('/', '_')}_window_400.png"))
    finally:
        preview.page.set_viewport_size({"width": 1400, "height": 900})


def measure(preview, workbench):
    """Round trips of a guide viewport query over the WebSocket and over stdio, and frame times
    while scrolling the 10^6-element guide; printed, not asserted."""
    preview.open("million/guide")
    preview.js("() => workbench.scrollTo(40000, 12000)")
    bounds = preview.js("() => workbench.bounds()")
    times = preview.js("""async (rect) => {
        const times = [];
        for (let i = 0; i < 2000; i++) {
            const start = performance.now();
            await workbench.request('query', {view: 'million/guide', rect});
            times.push(performance.now() - start);
        }
        return times.slice(200);
    }""", bounds)
    elements = len(preview.js("r => workbench.request('query', {view: 'million/guide', rect: r})", bounds)["elements"])
    ws = percentiles(times)
    # Scrolling as a user's wheel would: one step per animation frame, the page drawing as it can.
    frames = preview.js("""() => new Promise(resolve => {
        const view = document.querySelector('#view'), deltas = [], lags = [], steps = [];
        let last = null, count = 0;
        requestAnimationFrame(function frame(now) {
            if (last !== null) deltas.push(now - last);
            last = now;
            // How many steps the drawing is behind the scroll position (a scroll event, then its
            // round trip, so one step is the least there can be).
            const b = workbench.bounds(), drawn = steps.findIndex(([x, y]) => x === b.x && y === b.y);
            if (count > 0) lags.push(drawn < 0 ? steps.length : steps.length - 1 - drawn);
            view.scrollTop += 7; view.scrollLeft += 11;
            steps.push([view.scrollLeft, view.scrollTop]);
            if (++count <= 300) requestAnimationFrame(frame); else resolve({deltas, lags});
        });
    })""")
    stdio = stdio_round_trips(workbench, bounds)
    plain = websocket_round_trips(preview.url, bounds)
    print(f"measure: guide viewport query ({elements} elements, 10^6-element view), WebSocket from the page: "
          f"p50 {ws[0]:.3f} ms, p99 {ws[1]:.3f} ms (n={len(times)})")
    print(f"measure: the same query over the WebSocket from a plain Python client: p50 {plain[0]:.3f} ms, p99 {plain[1]:.3f} ms")
    print(f"measure: the same query over stdio (workbench serve, pipes, Python client): p50 {stdio[0]:.3f} ms, p99 {stdio[1]:.3f} ms")
    d, lag = percentiles(frames["deltas"], 95), percentiles(frames["lags"], 95)
    print(f"measure: scrolling the 10^6-element guide one step a frame, {len(frames['deltas'])} frames: frame interval "
          f"p50 {d[0]:.2f} ms, p95 {d[1]:.2f} ms; drawing behind the scroll position by p50 {lag[0]} and p95 {lag[1]} steps")


def percentiles(values, high=99):
    ordered = sorted(values)
    return statistics.median(ordered), ordered[min(len(ordered) - 1, int(len(ordered) * high / 100))]


def websocket_round_trips(url, bounds):
    """The same query from a plain client (no browser) over the preview's WebSocket."""
    import base64, socket, struct
    host, rest = url[len("http://"):].split("/", 1)
    address, port = host.rsplit(":", 1)
    connection = socket.create_connection((address, int(port)))
    connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    key = base64.b64encode(os.urandom(16)).decode()
    connection.sendall((f"GET /rpc{rest[rest.index('?'):]} HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\n"
                        f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
    reader = connection.makefile("rb")
    while reader.readline() not in (b"\r\n", b""):
        pass
    def call(id, method, params):
        payload = json.dumps({"jsonrpc": "2.0", "id": id, "method": method, "params": params}).encode()
        mask = os.urandom(4)
        header = bytes([0x81, 0x80 | 126]) + struct.pack(">H", len(payload)) if len(payload) > 125 else bytes([0x81, 0x80 | len(payload)])
        connection.sendall(header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))
        first, second = reader.read(2)
        length = second & 0x7f
        if length == 126: length = struct.unpack(">H", reader.read(2))[0]
        elif length == 127: length = struct.unpack(">Q", reader.read(8))[0]
        return reader.read(length)
    times = timed_queries(call, bounds)
    connection.close()
    return times


def stdio_round_trips(workbench, bounds):
    process = subprocess.Popen([workbench, "serve"], cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    def call(id, method, params):
        process.stdin.write((json.dumps({"jsonrpc": "2.0", "id": id, "method": method, "params": params}) + "\n").encode())
        process.stdin.flush()
        return process.stdout.readline()
    times = timed_queries(call, bounds)
    process.stdin.close()
    process.wait(timeout=10)
    return times


def timed_queries(call, bounds):
    """Opens the 10^6-element guide with `call(id, method, params)`, sets its bounds, and returns
    the p50 and p99 of 1800 query round trips (after 200 to warm up), in milliseconds."""
    call(1, "open", {"path": os.path.join(ROOT, "Tests/Browser/million.yaml")})
    call(2, "invalidate", {"view": "million/guide", "bounds": bounds})
    times = []
    for i in range(2000):
        start = time.perf_counter()
        call(10 + i, "query", {"view": "million/guide", "rect": bounds})
        times.append((time.perf_counter() - start) * 1000)
    return percentiles(times[200:])


def screenshot_for_the_docs(workbench, playwright):
    """docs/preview-guide.png: the bundled workspaces only, the guide scrolled, a programme selected;
    docs/preview-1024.png and docs/preview-400.png: the page at a laptop's and a phone's width."""
    preview = Preview(workbench, ["Workspaces"], playwright)
    try:
        preview.open("tv-guide/listings")
        preview.js("() => workbench.scrollTo(130, 0)")
        preview.page.click("#content > div[data-category=cell][data-section='3'][data-item='3']")
        wait_for(preview, "() => workbench.inspected() !== null")
        preview.page.mouse.move(0, 0)
        preview.page.screenshot(path=os.path.join(ROOT, "docs/preview-guide.png"))
        for width, height, view in [(1024, 768, "tv-guide/listings"), (400, 800, "class-hierarchy/exceptions")]:
            preview.page.set_viewport_size({"width": width, "height": height})
            preview.open(view)
            preview.page.mouse.move(0, 0)
            preview.js("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
            preview.page.screenshot(path=os.path.join(ROOT, f"docs/preview-{width}.png"))
    finally:
        preview.close()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--workbench", default=os.path.join(ROOT, ".build/debug/workbench"))
    parser.add_argument("--artifacts", default=os.path.join(ROOT, ".ci/artifacts/preview"))
    parser.add_argument("--docs", action="store_true", help="also write docs/preview-guide.png, -1024.png and -400.png")
    parser.add_argument("--measure", action="store_true", help="print round-trip and frame-time figures")
    parser.add_argument("--only", default="", help="run only the tests whose names contain this")
    arguments = parser.parse_args()
    global ARGUMENTS
    ARGUMENTS = arguments
    os.makedirs(arguments.artifacts, exist_ok=True)
    live = tempfile.mkdtemp(prefix="workbench-preview-")
    live_file = os.path.join(live, "live.yaml")
    shutil.copy(os.path.join(ROOT, "Workspaces/circles.yaml"), live_file)
    with open(live_file) as f:
        text = f.read().replace("workspace: circles", "workspace: live")
    with open(live_file, "w") as f:
        f.write(text)
    # The plugins from a folder of copies, so that one can be "rebuilt" under the running preview.
    plugins = os.path.join(live, "plugins")
    os.makedirs(plugins)
    for name in os.listdir(os.path.dirname(arguments.workbench)):
        if name.startswith("lib") and name.endswith(".so"):
            shutil.copy(os.path.join(os.path.dirname(arguments.workbench), name), plugins)
    tests = [test_every_bundled_view_opens_and_is_screenshot, test_scrolling_draws_what_the_engine_answers_pinned_headers_included,
             test_resizing_is_a_bounds_size_change, test_a_click_shows_every_attribute_and_a_users_scroll_settles,
             test_inserts_and_deletes_animate,
             test_edits_redraw_and_broken_edits_show_the_located_error, test_a_rebuilt_plugin_is_reloaded_and_its_views_redrawn,
             test_a_long_prepare_shows_its_progress, test_a_watched_folder_adds_and_removes_its_workspaces,
             test_the_dom_holds_only_what_is_visible_on_a_million_elements,
             test_right_to_left_pins_the_guides_headers_to_the_right, test_a_drag_reorders_as_update_would,
             test_a_cancelled_drag_leaves_the_layout_untouched, test_a_transition_animates_to_the_new_layout,
             test_self_sizing_sends_the_measured_labels, test_a_view_is_drawn_in_its_device_frame,
             test_zoom_scales_the_drawing_and_keeps_the_bounds, test_labels_start_at_the_leading_edge_and_end_with_an_ellipsis,
             test_the_legend_and_pinned_elements, test_the_page_fits_a_narrow_window,
             test_the_updates_panel_applies_every_change_through_its_labels,
             test_a_drag_draws_the_engines_steps_and_refuses_what_cannot_move, test_the_inspector_follows_the_view,
             test_flow_and_compositional_views_draw_what_the_engine_answers_pinned_boundary_items_included,
             test_orthogonal_sections_show_what_lies_in_the_frame_and_lie_at_rest_beyond_it,
             test_flow_and_compositional_switch_both_ways_and_a_description_is_required,
             test_a_background_is_painted_below_its_sections_cells,
             test_the_page_owns_its_scrolling, test_a_laptops_width_is_readable_and_cut_labels_are_whole_on_hover,
             test_the_overview_never_covers_the_layout, test_every_toolbar_control_is_reachable_at_400_px,
             test_the_frame_size_has_one_range_and_its_errors_are_said_at_the_frame,
             test_a_layout_switch_says_what_it_did_with_the_data,
             test_screenshots_of_every_view_at_every_frame_zoom_and_direction]
    passed = failed = 0
    with sync_playwright() as playwright:
        preview = Preview(arguments.workbench, ["Workspaces", live_file, "Tests/Browser/million.yaml", "--plugins", plugins], playwright)
        try:
            for test in [test for test in tests if arguments.only in test.__name__]:
                try:
                    extra = {name: value for name, value in [("live_file", live_file), ("plugins", plugins)]
                             if name in test.__code__.co_varnames[:test.__code__.co_argcount]}
                    test(preview, arguments.artifacts, **extra)
                    assert not preview.errors, f"errors on the page: {preview.errors}"
                    passed += 1
                    print(f"ok   {test.__name__}")
                except Exception:
                    failed += 1
                    print(f"FAIL {test.__name__}")
                    traceback.print_exc()
                    preview.errors.clear()
                    # A test that failed mid-drag leaves the button down: release it, so the next can run.
                    preview.page.keyboard.press("Escape")
                    preview.page.mouse.up()
            if arguments.measure:
                measure(preview, arguments.workbench)
        finally:
            preview.close()
            shutil.rmtree(live, ignore_errors=True)
        if arguments.docs:
            screenshot_for_the_docs(arguments.workbench, playwright)
    print(f"browser: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
