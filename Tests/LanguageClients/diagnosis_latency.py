"""Measures how soon `workbench serve` publishes diagnostics after an edit of a 5,000-line
workspace, with pygls's LanguageClient: each edit breaks or fixes a view's source name (an
incremental change), and the time is from sending the change to receiving the diagnostics of
that version. Prints the median, 90th percentile and maximum; asserts nothing.

Usage: python3 diagnosis_latency.py WORKBENCH_EXECUTABLE PLUGIN_FOLDER [EDITS]
"""
import asyncio
import os
import statistics
import sys
import tempfile
import time

from lsprotocol import types
from pygls.lsp.client import LanguageClient

WORKBENCH, PLUGINS = sys.argv[1], sys.argv[2]
EDITS = int(sys.argv[3]) if len(sys.argv) > 3 else 40


def workspace():
    """About 5,000 lines: 150 sources of 25 items in block style, 150 views of 6 lines."""
    lines = ["workspace: latency", "sources:"]
    for source in range(150):
        lines += [f"  s{source}:", "    items:"] + [f"      - {40 + (source * 7 + item) % 80}" for item in range(25)]
    lines.append("views:")
    for view in range(150):
        lines += [f"  v{view}:", "    layout: circles", f"    source: s{view}", "    viewport: {width: 375, height: 667}",
                  "    options:", "      spacing: 4"]
    return lines


async def main():
    lines = workspace()
    folder = tempfile.mkdtemp(prefix="workbench-latency-")
    path = os.path.join(folder, "latency.yaml")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    uri = "file://" + path
    target = lines.index("    source: s75")

    client = LanguageClient("latency", "1")
    arrived = {}
    changed = asyncio.Event()

    @client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def on_diagnostics(params):
        arrived.setdefault(params.version, (time.perf_counter(), len(params.diagnostics)))
        changed.set()

    async def wait_for(version):
        while version not in arrived:
            changed.clear()
            await asyncio.wait_for(changed.wait(), 30)
        return arrived[version]

    await client.start_io(WORKBENCH, "serve", "--plugins", PLUGINS)
    await client.initialize_async(types.InitializeParams(capabilities=types.ClientCapabilities()))
    client.initialized(types.InitializedParams())
    start = time.perf_counter()
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=uri, language_id="yaml", version=1, text="\n".join(lines) + "\n")))
    opened, _ = await wait_for(1)
    await asyncio.sleep(2)  # let the contract check of the opened file finish

    latencies = []
    for edit in range(EDITS):
        version = edit + 2
        broken = edit % 2 == 0
        new, old = ("s75x", "s75") if broken else ("s75", "s75x")
        change = types.TextDocumentContentChangePartial(
            range=types.Range(start=types.Position(line=target, character=12), end=types.Position(line=target, character=12 + len(old))),
            text=new)
        sent = time.perf_counter()
        client.text_document_did_change(types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version), content_changes=[change]))
        received, count = await wait_for(version)
        if count != (1 if broken else 0):
            print(f"unexpected: version {version} has {count} diagnostics")
            sys.exit(1)
        latencies.append((received - sent) * 1000)

    await client.shutdown_async(None)
    client.exit(None)
    await client.stop()
    latencies.sort()
    print(f"diagnosis latency, {len(lines)}-line workspace, {EDITS} edits: median {statistics.median(latencies):.1f} ms, "
          f"p90 {latencies[int(0.9 * (len(latencies) - 1))]:.1f} ms, max {latencies[-1]:.1f} ms "
          f"(first diagnostics after open: {(opened - start) * 1000:.0f} ms)")


asyncio.run(main())
