"""End-to-end test of `workbench serve` as a language server, driven by pygls's LanguageClient.

Usage: python3 pygls_client.py WORKBENCH_EXECUTABLE PLUGIN_FOLDER
Prints one line per check and `pygls: N passed, 0 failed` at the end; exits 1 on a failure.
"""
import asyncio
import os
import sys
import tempfile

from lsprotocol import types
from pygls.lsp.client import LanguageClient

WORKBENCH, PLUGINS = sys.argv[1], sys.argv[2]
failures = []
passed = 0


def check(name, condition, detail=""):
    global passed
    if condition:
        passed += 1
        print(f"ok: {name}")
    else:
        failures.append(name)
        print(f"FAILED: {name} {detail}")


def utf16_units(text):
    return len(text.encode("utf-16-le")) // 2


# A view named with a character outside the BMP, an accented source, and three errors in
# three places: an unknown option, a missing source, and a CSV data file's bad row.
WORKSPACE = """workspace: lsp-demo
sources:
  café:
    items: [60, 80, 100]
  table:
    file: data/table.csv
views:
  "𝒳 grid": {layout: circles, source: nowhere}
  circles:
    layout: circles
    source: café
    options:
      spacng: 4
  sheet:
    layout: mark-sheet
    source: table
"""
FIXED = WORKSPACE.replace("source: nowhere", "source: café").replace("spacng", "spacing")
CSV = "name,a,b\nx,1,2\ny,3\n"
CSV_FIXED = "name,a,b\nx,1,2\ny,3,4\n"


class Collector:
    def __init__(self):
        self.by_uri = {}
        self.event = asyncio.Event()
        self.messages = []

    def diagnostics(self, uri):
        return self.by_uri.get(uri)

    async def wait_for(self, uri, predicate, timeout=10):
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while True:
            current = self.by_uri.get(uri)
            if current is not None and predicate(current):
                return current
            remaining = end - loop.time()
            if remaining <= 0:
                return current
            self.event.clear()
            try:
                await asyncio.wait_for(self.event.wait(), remaining)
            except asyncio.TimeoutError:
                pass


async def main():
    folder = tempfile.mkdtemp(prefix="workbench-lsp-")
    os.makedirs(os.path.join(folder, "data"))
    path = os.path.join(folder, "demo.yaml")
    csv_path = os.path.join(folder, "data", "table.csv")
    with open(path, "w") as f:
        f.write(WORKSPACE)
    with open(csv_path, "w") as f:
        f.write(CSV)
    uri = "file://" + path
    csv_uri = "file://" + csv_path

    client = LanguageClient("workbench-test", "1")
    collector = Collector()

    @client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def on_diagnostics(params):
        collector.by_uri[params.uri] = params.diagnostics
        collector.event.set()

    @client.feature(types.WINDOW_SHOW_MESSAGE)
    def on_message(params):
        collector.messages.append(params.message)

    await client.start_io(WORKBENCH, "serve", "--plugins", PLUGINS)
    result = await client.initialize_async(types.InitializeParams(capabilities=types.ClientCapabilities(), process_id=os.getpid()))
    caps = result.capabilities
    check("initialize answers LSP capabilities", caps.hover_provider and caps.definition_provider and caps.document_symbol_provider
          and caps.completion_provider is not None and caps.code_lens_provider is not None)
    check("the position encoding is UTF-16 when UTF-8 is not offered", caps.position_encoding == "utf-16", caps.position_encoding)
    client.initialized(types.InitializedParams())

    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=uri, language_id="yaml", version=1, text=WORKSPACE)))
    diagnostics = await collector.wait_for(uri, lambda d: len(d) >= 3)
    codes = sorted(d.code for d in diagnostics or [])
    check("every error of the file is published", codes == ["plugin.unknown-option", "workspace.data-file", "workspace.view"], codes)
    lines = WORKSPACE.split("\n")
    by_code = {d.code: d for d in diagnostics or []}
    view_error = by_code.get("workspace.view")
    column = lines[7].index("nowhere")
    check("a range counts UTF-16 units past non-ASCII text", view_error is not None and view_error.range.start.line == 7
          and view_error.range.start.character == utf16_units(lines[7][:column])
          and view_error.range.end.character == utf16_units(lines[7][:column + len("nowhere")]),
          view_error and view_error.range)
    check("diagnostics say source workbench and severity error",
          all(d.source == "workbench" and d.severity == types.DiagnosticSeverity.Error for d in diagnostics or []))
    data_error = by_code.get("workspace.data-file")
    related = data_error.related_information if data_error else None
    check("a data file's error points into the file", related is not None and related[0].location.uri == csv_uri
          and related[0].location.range.start.line == 2, related)
    option_error = by_code.get("plugin.unknown-option")
    check("an unknown option is marked at its key with a suggestion", option_error is not None and option_error.range.start.line == 12
          and "did you mean 'spacing'" in option_error.message, option_error)

    # The data file open in the editor is read from its unsaved text.
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=csv_uri, language_id="csv", version=1, text=CSV_FIXED)))
    diagnostics = await collector.wait_for(uri, lambda d: len(d) == 2)
    check("an open data file's unsaved text is read", sorted(d.code for d in diagnostics or []) == ["plugin.unknown-option", "workspace.view"],
          diagnostics)

    # An incremental change, its range in UTF-16 units after the non-BMP character.
    start = types.Position(line=7, character=utf16_units(lines[7][:column]))
    end = types.Position(line=7, character=utf16_units(lines[7][:column + len("nowhere")]))
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
        content_changes=[types.TextDocumentContentChangePartial(range=types.Range(start=start, end=end), text="café")]))
    diagnostics = await collector.wait_for(uri, lambda d: len(d) == 1)
    check("an incremental change in UTF-16 positions fixes the error", [d.code for d in diagnostics or []] == ["plugin.unknown-option"], diagnostics)
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=3),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=FIXED)]))
    diagnostics = await collector.wait_for(uri, lambda d: len(d) == 0)
    check("diagnostics clear when the errors are fixed", diagnostics is not None and len(diagnostics) == 0, diagnostics)

    async def complete(line, character, text=None):
        if text is not None:
            client.text_document_did_change(types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=complete.version),
                content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)]))
            complete.version += 1
        answer = await client.text_document_completion_async(types.CompletionParams(
            text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=line, character=character)))
        items = answer.items if hasattr(answer, "items") else answer
        return [item.label for item in items or []]
    complete.version = 4

    fixed_lines = FIXED.split("\n")
    labels = await complete(9, len("    layout: "), FIXED.replace("    layout: circles\n    source: café", "    layout: \n    source: café"))
    check("layout names complete from the plugins found", {"circles", "mark-sheet", "tree", "guide"} <= set(labels), labels)
    labels = await complete(12, 6, FIXED.replace("      spacing: 4", "      "))
    check("options complete from the chosen plugin", "spacing" in labels and "step" in labels, labels)
    labels = await complete(10, len("    source: "), FIXED.replace("    source: café\n    options", "    source: \n    options"))
    check("source names complete from the file", labels[:2] == ["café", "table"], labels)
    labels = await complete(5, len("    file: "), FIXED.replace("file: data/table.csv", "file: "))
    check("data file paths complete relative to the file", labels == ["data/table.csv"], labels)
    labels = await complete(3, 4, FIXED.replace("    items: [60, 80, 100]", "    "))
    check("source kinds complete in a source", {"items", "sections", "table", "tree", "generate", "file"} <= set(labels), labels)
    labels = await complete(0, 0, "\n" + FIXED.replace("workspace: lsp-demo\n", ""))
    check("top-level keys complete", labels == ["workspace", "sources", "views"], labels)
    labels = await complete(9, 4, FIXED.replace("    layout: circles\n", "    \n", 1).replace("  circles:\n    \n", "  circles:\n    \n"))
    check("view keys complete", {"layout", "source", "viewport", "options"} <= set(labels), labels)
    broken = FIXED.replace("    layout: circles\n    source: café", "    layout: \n    source: café") + "oops: [\n"
    labels = await complete(9, len("    layout: "), broken)
    check("completion works with a syntax error elsewhere", "circles" in labels, labels)

    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=99),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=FIXED)]))
    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=9, character=len("    layout: ci"))))
    text = hover.contents.value if hover else ""
    check("hover on a layout shows its summary, version, kinds and options", "**circles**" in text and "options:" in text and "kinds:" in text, text)
    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=8, character=3)))
    text = hover.contents.value if hover else ""
    check("hover on a view shows its layout and source", "layout `circles` on source `café`" in text, text)

    definition = await client.text_document_definition_async(types.DefinitionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=10, character=len("    source: ca"))))
    location = definition[0] if isinstance(definition, list) else definition
    check("definition goes from a view's source to the source", location is not None and location.uri == uri
          and location.range.start.line == 2 and location.range.start.character == 2, location)
    definition = await client.text_document_definition_async(types.DefinitionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=5, character=len("    file: da"))))
    location = definition[0] if isinstance(definition, list) else definition
    check("definition goes from a data path to the file", location is not None and location.uri == csv_uri, location)

    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(text_document=types.TextDocumentIdentifier(uri=uri)))
    outline = {s.name: [c.name for c in s.children or []] for s in symbols or []}
    check("symbols outline the sources and views", outline == {"sources": ["café", "table"], "views": ["𝒳 grid", "circles", "sheet"]}, outline)

    lenses = await client.text_document_code_lens_async(types.CodeLensParams(text_document=types.TextDocumentIdentifier(uri=uri)))
    check("each view has an Open in preview lens", [l.command.title for l in lenses or []] == ["Open in preview"] * 3, lenses)
    answer = await client.workspace_execute_command_async(types.ExecuteCommandParams(
        command=lenses[1].command.command, arguments=lenses[1].command.arguments))
    check("the preview command answers the command line", "workbench preview" in answer["commandLine"] and answer["view"] == "circles", answer)

    try:
        await client.protocol.send_request_async("workbench/noSuchMethod", {"uri": uri})
        check("an unknown LSP method is -32601", False, "no error")
    except Exception as error:
        check("an unknown LSP method is -32601", getattr(error, "code", None) == -32601, repr(error))

    client.text_document_did_close(types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri)))
    await collector.wait_for(uri, lambda d: len(d) == 0)
    check("a closed document's diagnostics are cleared", len(collector.diagnostics(uri)) == 0, collector.diagnostics(uri))

    await client.shutdown_async(None)
    client.exit(None)
    await client.stop()
    print(f"pygls: {passed} passed, {len(failures)} failed")
    sys.exit(1 if failures else 0)


asyncio.run(main())
