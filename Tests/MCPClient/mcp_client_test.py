"""End-to-end tests of `workbench mcp` with the official MCP Python SDK as the client.

The server runs as a real process on real pipes (stdio_client). Run by the Swift test
MCPClientTests (in MCPCommandTests), which builds the faulty plugins first:

    python3 mcp_client_test.py --workbench .build/debug/workbench --faulty DIR [--artifacts DIR]

Prints one line per test and ends with "mcp client: N passed, M failed"; exits 1 on a failure.
"""

import argparse
import base64
import glob
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import traceback

import anyio
import mcp_types as types
from mcp.client.session import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client
from mcp.shared.exceptions import MCPError

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
TESTS = []


def test(function):
    TESTS.append(function)
    return function


class Server:
    """One `workbench mcp` process and a client session to it, with the notifications it sent."""

    def __init__(self, options):
        self.options = options
        self.notifications = []
        self.updated = anyio.Event()

    async def handle(self, message):
        if isinstance(message, Exception):
            return
        self.notifications.append(message)
        if isinstance(message, types.ResourceUpdatedNotification):
            self.updated.set()

    async def call(self, name, arguments=None, **options):
        return await self.session.call_tool(name, arguments or {}, **options)


def run_server(options, body):
    """Runs `body(server)` against a fresh server (isolated plugins, the faulty ones too)."""
    async def main():
        parameters = StdioServerParameters(
            command=options.workbench, args=["mcp", "--plugins", options.faulty, "--timeout", "60"], cwd=ROOT)
        server = Server(options)
        with open(os.devnull, "w") as errlog:
            async with stdio_client(parameters, errlog=errlog) as (read, write):
                async with ClientSession(read, write, message_handler=server.handle) as session:
                    server.session = session
                    server.initialized = await session.initialize()
                    await body(server)
    anyio.run(main)


def expect(condition, message):
    if not condition:
        raise AssertionError(message)


def text_of(result):
    return "\n".join(item.text for item in result.content if isinstance(item, types.TextContent))


def png_size(data):
    """The width and height in a PNG file's header; fails unless it is one."""
    expect(data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG file")
    expect(data[12:16] == b"IHDR", "a PNG without its header")
    return struct.unpack(">II", data[16:24])


def images(result):
    return [base64.b64decode(item.data) for item in result.content if isinstance(item, types.ImageContent)]


@test
async def initialize_negotiates_2025_06_18_and_lists_every_tool(server):
    expect(server.initialized.protocol_version == "2025-06-18", server.initialized.protocol_version)
    expect(server.initialized.server_info.name == "workbench", server.initialized.server_info)
    expect(server.initialized.capabilities.resources.subscribe is True, server.initialized.capabilities)
    tools = (await server.session.list_tools()).tools
    names = [tool.name for tool in tools]
    expect(names == ["list_plugins", "open_workspace", "layout_view", "element", "update_view", "check_view",
                     "new_plugin", "reload_plugins"], names)
    for tool in tools:
        expect(tool.input_schema["type"] == "object" and tool.output_schema["type"] == "object", tool.name)


@test
async def list_plugins_tells_kinds_options_and_refusals(server):
    result = await server.call("list_plugins")
    expect(not result.is_error, text_of(result))
    plugins = {plugin["name"]: plugin for plugin in result.structured_content["plugins"]}
    for name in ["circles", "guide", "mark-sheet", "tree", "fault-segfault", "fault-spin", "fault-well"]:
        expect(name in plugins, f"{name} missing from {sorted(plugins)}")
    kinds = {kind["name"] for kind in plugins["mark-sheet"]["kinds"]}
    expect(kinds == {"columnHeader", "rowHeader", "separator"}, kinds)
    expect("insets" in plugins["circles"]["options"], plugins["circles"])
    expect(isinstance(result.structured_content["refused"], list), result.structured_content)


@test
async def every_bundled_view_opens_lays_out_draws_and_checks(server):
    views = 0
    for path in sorted(glob.glob(os.path.join(ROOT, "Workspaces", "*.yaml"))):
        opened = await server.call("open_workspace", {"path": path})
        expect(not opened.is_error, text_of(opened))
        for view in opened.structured_content["views"]:
            shown = await server.call("layout_view", {"view": view["id"]})
            expect(not shown.is_error, text_of(shown))
            content = shown.structured_content
            expect(content["elementCount"] > 0, f"{view['id']}: no elements in its bounds")
            expect(content["elementCount"] == len(content["elements"]) or content["truncated"], view["id"])
            pictures = images(shown)
            expect(len(pictures) == 1, f"{view['id']}: {len(pictures)} images")
            width, height = png_size(pictures[0])
            expect((width, height) == (content["picture"]["width"], content["picture"]["height"]), (width, height))
            expect(f"{content['elementCount']} element" in text_of(shown), text_of(shown))
            if server.options.artifacts:
                name = view["id"].replace("/", "-")
                with open(os.path.join(server.options.artifacts, f"mcp-{name}.png"), "wb") as file:
                    file.write(pictures[0])
            first = content["elements"][0]
            element = await server.call("element", {"view": view["id"], "element": {
                "category": first["category"], "kind": first["kind"], "section": first["section"], "item": first["item"]}})
            expect(element.structured_content["element"]["frame"] == first["frame"], (element.structured_content, first))
            checked = await server.call("check_view", {"view": view["id"], "rects": 20})
            expect(not checked.is_error and checked.structured_content["passed"], text_of(checked))
            views += 1
    expect(views >= 10, f"only {views} views")


@test
async def update_view_answers_the_transition_with_pictures_before_and_after(server):
    await server.call("open_workspace", {"path": os.path.join(ROOT, "Workspaces", "circles.yaml")})
    result = await server.call("update_view", {"view": "circles/alarms", "changes": [{"insert": [0, 0], "value": 50}],
                                               "images": True})
    expect(not result.is_error, text_of(result))
    appearing = result.structured_content["appearing"]
    expect([entry["after"]["item"] for entry in appearing] == [0], appearing)
    expect(len(images(result)) == 2, "expected pictures before and after")
    expect(result.structured_content["before"]["width"] == 375, result.structured_content)
    refused = await server.call("update_view", {"view": "circles/alarms", "changes": [{"delete": [0, 99]}]})
    expect(refused.is_error and "arguments.changes[0]" in text_of(refused), text_of(refused))


@test
async def a_large_rect_is_scaled_down_and_says_so(server):
    await server.call("open_workspace", {"path": os.path.join(ROOT, "Workspaces", "tv-guide.yaml")})
    result = await server.call("layout_view", {"view": "tv-guide/listings",
                                               "rect": {"x": 0, "y": 0, "width": 10000, "height": 500}})
    expect(not result.is_error, text_of(result))
    picture = result.structured_content["picture"]
    expect(picture["scaledDown"] and picture["width"] == 4096 and picture["height"] == 205, picture)
    expect(png_size(images(result)[0]) == (4096, 205), "the image's size")
    expect("scaled down" in text_of(result), text_of(result))


@test
async def bad_arguments_and_broken_workspaces_are_tool_errors_with_the_place(server):
    broken = await server.call("open_workspace", {"text": "views:\n  a: {layout: circles, sourc: x}\n"})
    expect(broken.is_error, "a broken workspace must be a tool error")
    message = text_of(broken)
    expect(message.startswith("<text>:2:") and "did you mean 'source'" in message and message.rstrip().endswith("^"), message)
    missing = await server.call("open_workspace", {"path": "/nonexistent/workspace.yaml"})
    expect(missing.is_error and "/nonexistent/workspace.yaml" in text_of(missing), text_of(missing))
    await server.call("open_workspace", {"path": os.path.join(ROOT, "Workspaces", "circles.yaml")})
    for arguments, expected in [
        ({"view": "circles/alarms", "rect": {"x": 0, "y": 0, "width": -1, "height": 5}}, "arguments.rect.width"),
        ({"view": "circles/alarms", "rect": {"x": 0, "y": 0, "width": 0, "height": 5}}, "positive width"),
        ({"view": "circles/alarms", "zoom": 2}, "unknown argument 'zoom'"),
        ({"view": 7}, "arguments.view: expected a string"),
        ({"view": "circles/nope"}, "no open view 'circles/nope'"),
        ({}, "arguments.view is missing"),
    ]:
        result = await server.call("layout_view", arguments)
        expect(result.is_error and expected in text_of(result), f"{arguments}: {text_of(result)}")
    bad_name = await server.call("new_plugin", {"name": "Bad Name", "directory": tempfile.mkdtemp()})
    expect(bad_name.is_error and "is not a plugin name" in text_of(bad_name), text_of(bad_name))
    try:
        await server.call("no_such_tool")
        expect(False, "an unknown tool must be a protocol error")
    except MCPError as error:
        expect("unknown tool 'no_such_tool'" in str(error), str(error))


FAULTY = """
sources:
  rows: {items: [1, 2, 3]}
views:
  crash: {layout: fault-segfault, source: rows}
  spin: {layout: fault-spin, source: rows}
  well: {layout: fault-well, source: rows}
"""


@test
async def a_crashing_plugin_is_a_tool_error_and_the_server_lives(server):
    opened = await server.call("open_workspace", {"text": FAULTY})
    expect(not opened.is_error, text_of(opened))
    crashed = await server.call("layout_view", {"view": "workspace/crash"})
    expect(crashed.is_error and "crashed" in text_of(crashed), text_of(crashed))
    well = await server.call("layout_view", {"view": "workspace/well"})
    expect(not well.is_error and well.structured_content["elementCount"] == 3, text_of(well))
    again = await server.call("list_plugins")
    expect(not again.is_error, text_of(again))


@test
async def cancellation_stops_the_plugin_and_the_next_call_runs(server):
    await server.call("open_workspace", {"text": FAULTY})
    started = anyio.Event()

    async def progress(value, total, message):
        started.set()

    async def spin():
        await server.call("layout_view", {"view": "workspace/spin"}, progress_callback=progress)

    async with anyio.create_task_group() as group:
        group.start_soon(spin)
        with anyio.fail_after(30):
            await started.wait()  # the prepare is running in the plugin
        group.cancel_scope.cancel()  # the client sends notifications/cancelled
    # Tool calls run one at a time: this one is answered only once the spinning prepare stopped.
    with anyio.fail_after(30):
        after = await server.call("layout_view", {"view": "workspace/well"})
    expect(not after.is_error and after.structured_content["elementCount"] == 3, text_of(after))


@test
async def progress_counts_up_before_the_result(server):
    await server.call("open_workspace", {"path": os.path.join(ROOT, "Workspaces", "class-hierarchy.yaml")})
    seen = []

    async def progress(value, total, message):
        seen.append(value)

    result = await server.call("layout_view", {"view": "class-hierarchy/generated", "bounds": {"x": 0, "y": 0, "width": 800, "height": 600}},
                               progress_callback=progress)
    expect(not result.is_error, text_of(result))
    expect(len(seen) >= 3, seen)
    expect(all(a < b for a, b in zip(seen, seen[1:])), f"not increasing: {seen}")
    expect(seen[0] == 0 and seen[-1] >= 200, seen)
    expect(result.structured_content["bounds"] == {"x": 0, "y": 0, "width": 800, "height": 600}, result.structured_content["bounds"])


@test
async def a_watched_file_edit_updates_its_subscribed_resource(server):
    folder = tempfile.mkdtemp()
    try:
        shutil.copy(os.path.join(ROOT, "Workspaces", "mark-sheet.yaml"), folder)
        shutil.copytree(os.path.join(ROOT, "Workspaces", "data"), os.path.join(folder, "data"))
        path = os.path.join(folder, "mark-sheet.yaml")
        await server.call("open_workspace", {"path": path})
        listed = (await server.session.list_resources()).resources
        uris = [str(resource.uri) for resource in listed]
        uri = "file://" + path
        expect(uri in uris and any(u.endswith(".csv") for u in uris), uris)
        await server.session.subscribe_resource(uri)
        with open(path) as file:
            text = file.read()
        edited = text.replace("width: 1024", "width: 1000")
        expect(edited != text, "the workspace has no 'width: 1024' to edit")
        with open(path, "w") as file:
            file.write(edited)
        with anyio.fail_after(20):
            await server.updated.wait()
        updates = [n for n in server.notifications if isinstance(n, types.ResourceUpdatedNotification)]
        expect(str(updates[0].params.uri) == uri, updates)
        read = await server.session.read_resource(uri)
        expect("width: 1000" in read.contents[0].text, read.contents[0].text[:200])
        try:
            await server.session.read_resource("file:///etc/passwd")
            expect(False, "a file that is not a resource must not be read")
        except MCPError as error:
            expect("resource not found" in str(error), str(error))
    finally:
        shutil.rmtree(folder)


@test
async def new_plugin_writes_a_package_and_reload_plugins_rescans(server):
    folder = os.path.join(tempfile.mkdtemp(), "agent-list")
    result = await server.call("new_plugin", {"name": "agent-list", "language": "c", "directory": folder})
    expect(not result.is_error, text_of(result))
    expect("Makefile" in result.structured_content["files"] and os.path.exists(os.path.join(folder, "Makefile")),
           result.structured_content)
    shutil.rmtree(os.path.dirname(folder))
    reloaded = await server.call("reload_plugins", {"plugins": ["circles"]})
    expect(not reloaded.is_error and "circles" in reloaded.structured_content["changed"], text_of(reloaded))


@test
async def a_rebuilt_plugin_is_reported_by_a_log_message_and_in_list_plugins(server):
    library = os.path.join(server.options.faulty, "libfault-well.so")
    with open(library, "rb") as file:
        contents = file.read()
    with open(library + ".new", "wb") as file:
        file.write(contents)
    os.replace(library + ".new", library)  # as a build puts a new library in place
    with anyio.fail_after(20):
        while not any(isinstance(n, types.LoggingMessageNotification) for n in server.notifications):
            await anyio.sleep(0.05)
    logged = next(n for n in server.notifications if isinstance(n, types.LoggingMessageNotification))
    expect(logged.params.data["event"] == "plugins changed", logged.params)
    expect("fault-well" in logged.params.data["changes"]["changed"], logged.params)
    plugins = (await server.call("list_plugins")).structured_content["plugins"]
    expect(any(plugin["name"] == "fault-well" for plugin in plugins), plugins)


@test
async def an_agent_written_plugin_runs_in_the_plugin_sandbox(server):
    root = tempfile.mkdtemp()
    folder = os.path.join(root, "agent-probe")
    library = os.path.join(server.options.faulty, "libagent_probe.so")
    try:
        result = await server.call("new_plugin", {"name": "agent-probe", "language": "c", "directory": folder})
        expect(not result.is_error, text_of(result))
        # The agent's edit: read a file a layout has no business with; failing that, open a socket.
        source_path = os.path.join(folder, "agent_probe.c")
        with open(source_path) as file:
            source = file.read()
        anchor = "const wb_prepare_context *context, wb_error *error) {\n"
        expect(anchor in source, "the template's prepare changed")
        probe = (
            '    FILE *secret = fopen("/etc/hostname", "r");\n'
            '    if (secret) { fclose(secret); fail(error, WB_ERROR_LAYOUT, "", "read /etc/hostname"); return WB_ERROR_LAYOUT; }\n'
            '    if (socket(AF_INET, SOCK_STREAM, 0) >= 0) { fail(error, WB_ERROR_LAYOUT, "", "opened a socket"); return WB_ERROR_LAYOUT; }\n')
        source = "#include <sys/socket.h>\n" + source.replace(anchor, anchor + probe, 1)
        with open(source_path, "w") as file:
            file.write(source)
        built = subprocess.run(["make"], cwd=folder, capture_output=True, text=True)
        expect(built.returncode == 0, built.stdout + built.stderr)
        os.replace(os.path.join(folder, "libagent_probe.so"), library)
        reloaded = await server.call("reload_plugins")
        expect(not reloaded.is_error and "agent-probe" in reloaded.structured_content["added"], text_of(reloaded))
        opened = await server.call("open_workspace", {"text": "sources:\n  rows: {items: [1, 2, 3]}\nviews:\n"
                                                              "  probe: {layout: agent-probe, source: rows}\n"
                                                              "  well: {layout: fault-well, source: rows}\n"})
        expect(not opened.is_error, text_of(opened))
        stopped = await server.call("layout_view", {"view": "workspace/probe"})
        # Linux's sandbox (Landlock and seccomp) is what is tested; macOS's refuses differently.
        expect(not sys.platform.startswith("linux") or stopped.is_error and "was stopped by the plugin sandbox" in text_of(stopped)
               and "system call socket refused (SIGSYS)" in text_of(stopped), text_of(stopped))
        well = await server.call("layout_view", {"view": "workspace/well"})
        expect(not well.is_error and well.structured_content["elementCount"] == 3, text_of(well))
    finally:
        shutil.rmtree(root)
        if os.path.exists(library):
            os.remove(library)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--workbench", required=True)
    parser.add_argument("--faulty", required=True, help="a folder of built faulty plugins")
    parser.add_argument("--artifacts", help="a folder to keep the pictures in")
    parser.add_argument("--only", help="run only the tests whose name contains this")
    options = parser.parse_args()
    options.workbench = os.path.abspath(options.workbench)
    if options.artifacts:
        os.makedirs(options.artifacts, exist_ok=True)
    passed = failed = 0
    for function in TESTS:
        if options.only and options.only not in function.__name__:
            continue
        try:
            run_server(options, function)
            passed += 1
            print(f"ok: {function.__name__}", flush=True)
        except BaseException:
            failed += 1
            print(f"FAILED: {function.__name__}\n{traceback.format_exc()}", flush=True)
    print(f"mcp client: {passed} passed, {failed} failed", flush=True)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
