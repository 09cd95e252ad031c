-- End-to-end test of the Neovim plugin (editors/nvim) in a headless Neovim, with the real
-- `workbench serve`: attaching to workspace files only, one server per project root,
-- diagnostics, completion, hover, definition, symbols, and :WorkbenchPreview, :WorkbenchCheck,
-- :WorkbenchRun.
--
-- Usage (Tests/Editors/run does this):
--   WORKBENCH=.build/debug/workbench nvim --headless --clean --cmd "set rtp^=editors/nvim" \
--     -c "luafile Tests/Editors/nvim_test.lua"
-- Prints one line per check and `neovim-plugin: N passed, M failed`; exits with status 1 on a failure.
local workbench = os.getenv("WORKBENCH") or "workbench"
local passed, failed = 0, 0

local function say(line)
  io.stdout:write(line .. "\n")
end

local function check(name, condition, detail)
  if condition then
    passed = passed + 1
    say("ok: nvim: " .. name)
  else
    failed = failed + 1
    say("FAILED: nvim: " .. name .. " " .. vim.inspect(detail))
  end
end

local function write(path, lines)
  vim.fn.mkdir(vim.fn.fnamemodify(path, ":h"), "p")
  local file = assert(io.open(path, "w"))
  file:write(table.concat(lines, "\n") .. "\n")
  file:close()
end

-- Two projects (a `.git` folder marks each root): the first has a workspace with an error, a valid
-- one, a workspace without a `workspace:` key that the `files` setting names, and a plain YAML file.
local top = vim.fn.resolve(vim.fn.tempname())
local project, other = top .. "/project", top .. "/other"
vim.fn.mkdir(project .. "/.git", "p")
vim.fn.mkdir(other .. "/.git", "p")
write(project .. "/data/numbers.yaml", { "items: [30, 50, 70]" })
write(project .. "/alarms.yaml", {
  "# Alarms, with a typo in a layout's name.",
  "workspace: alarms",
  "sources:",
  "  numbers:",
  "    file: data/numbers.yaml",
  "views:",
  "  bubbles:",
  "    layout: circls",
  "    source: numbers",
  "    viewport: {width: 375, height: 667}",
  "  wall:",
  "    layout: waterfall",
  "    source: numbers",
})
write(project .. "/valid.yaml", {
  "workspace: valid",
  "sources:",
  "  numbers:",
  "    items: [40, 60]",
  "views:",
  "  dots:",
  "    layout: circles",
  "    source: numbers",
})
write(project .. "/layouts/unnamed.yaml", {
  "sources:",
  "  s:",
  "    items: [1]",
  "views:",
  "  v:",
  "    layout: circles",
  "    source: s",
})
write(project .. "/plain.yaml", { "name: not a workspace", "items: [1, 2]", "workspace_like: no" })
write(other .. "/elsewhere.yaml", { "workspace: elsewhere", "sources: {}", "views: {}" })

local opened = {}
local messages = {}
vim.notify = function(message, level)
  messages[#messages + 1] = message
  if level and level >= vim.log.levels.WARN then say("  (notified) " .. message) end
end

local workbench_plugin = require("workbench")
workbench_plugin.setup({
  cmd = { workbench, "serve" },
  files = { "layouts/*.yaml" },
  open = function(url) opened[#opened + 1] = url end,
})

local function client_of(buffer)
  return workbench_plugin.client(buffer)
end

-- Every running client (vim.lsp.get_clients from 0.10, get_active_clients before).
local function all_clients()
  return (vim.lsp.get_clients or vim.lsp.get_active_clients)()
end

local function open(path)
  vim.cmd("edit " .. vim.fn.fnameescape(path))
  return vim.api.nvim_get_current_buf()
end

local function request(buffer, method, params)
  local answers = vim.lsp.buf_request_sync(buffer, method, params, 10000) or {}
  for _, answer in pairs(answers) do
    if answer.result ~= nil then return answer.result end
    if answer.err ~= nil then return { error = answer.err } end
  end
end

local function at(buffer, line, character)
  return { textDocument = { uri = vim.uri_from_bufnr(buffer) }, position = { line = line, character = character } }
end

-- A workspace file with an error: the server attaches by itself and marks the error.
local alarms = open(project .. "/alarms.yaml")
vim.wait(10000, function() return client_of(alarms) ~= nil end, 20)
local client = client_of(alarms)
check("a workspace file gets the server on opening", client ~= nil, all_clients())
check("the server's root is the project", client and client.config.root_dir == project, client and client.config.root_dir)
vim.wait(10000, function() return #vim.diagnostic.get(alarms) > 0 end, 20)
local found = vim.diagnostic.get(alarms)
check("the error shows as one diagnostic", #found == 1, found)
local first = found[1] or {}
check("the diagnostic is at the layout's name, line 8 column 13",
  first.lnum == 7 and first.col == 12 and first.end_col == 18, first)
check("the diagnostic is an error from workbench with its code",
  first.severity == vim.diagnostic.severity.ERROR and first.source == "workbench"
    and first.message and first.message:find("did you mean 'circles'", 1, true) ~= nil, first)

-- Completion after `layout: ` offers the bundled layouts.
vim.api.nvim_buf_set_lines(alarms, 7, 8, false, { "    layout: " })
local result = request(alarms, "textDocument/completion", at(alarms, 7, 12))
local labels = {}
for _, item in ipairs((result and (result.items or result)) or {}) do labels[#labels + 1] = item.label end
table.sort(labels)
check("completion after 'layout: ' offers the bundled layouts",
  vim.deep_equal(labels, { "circles", "compositional", "flow", "guide", "mark-sheet", "tree", "waterfall" }), labels)
check("completion is wired to the omnifunc", vim.bo[alarms].omnifunc == "v:lua.vim.lsp.omnifunc", vim.bo[alarms].omnifunc)

-- The fix clears the diagnostic.
vim.api.nvim_buf_set_lines(alarms, 7, 8, false, { "    layout: circles" })
vim.wait(10000, function() return #vim.diagnostic.get(alarms) == 0 end, 20)
check("fixing the error clears its diagnostic", #vim.diagnostic.get(alarms) == 0, vim.diagnostic.get(alarms))
vim.cmd("silent write")

local hover = request(alarms, "textDocument/hover", at(alarms, 7, 14))
local text = hover and hover.contents and (hover.contents.value or hover.contents) or ""
check("hover on a layout shows the plugin", type(text) == "string" and text:find("**circles**", 1, true) ~= nil, text)
local target = request(alarms, "textDocument/definition", at(alarms, 8, 14))
target = target and (target[1] or target)
check("definition of a view's source jumps to the source",
  target and target.range and target.range.start.line == 3 and target.uri == vim.uri_from_bufnr(alarms), target)
local symbols = request(alarms, "textDocument/documentSymbol", { textDocument = { uri = vim.uri_from_bufnr(alarms) } }) or {}
local outline = {}
for _, symbol in ipairs(symbols) do
  for _, child in ipairs(symbol.children or {}) do outline[#outline + 1] = symbol.name .. "." .. child.name end
end
check("the outline lists the sources and views", vim.deep_equal(outline, { "sources.numbers", "views.bubbles", "views.wall" }), outline)

-- :WorkbenchPreview at the view under the cursor: the URL of a running preview, with its token.
vim.api.nvim_win_set_cursor(0, { 12, 4 }) -- in `wall`
vim.cmd("WorkbenchPreview")
vim.wait(20000, function() return #opened > 0 end, 50)
local url = opened[1] or ""
local port = url:match("^http://127%.0%.0%.1:(%d+)/%?token=%x+&view=alarms%%2Fwall$")
check("the preview opens a URL with a token at the view under the cursor", port ~= nil, url)
check("the token is 48 hex digits", #(url:match("token=(%x+)") or "") == 48, url)
local status = vim.fn.system({ "python3", "-c",
  "import sys, urllib.request; print(urllib.request.urlopen(sys.argv[1], timeout=10).status)", url })
check("the preview serves its page at that URL", vim.trim(status) == "200", status)
local without = vim.fn.system({ "python3", "-c", [[
import sys, urllib.request, urllib.error
try: print(urllib.request.urlopen(sys.argv[1], timeout=10).status)
except urllib.error.HTTPError as error: print(error.code)]], url:gsub("token=%x+", "token=0") })
check("the preview refuses a wrong token", vim.trim(without) == "403", without)
vim.api.nvim_win_set_cursor(0, { 7, 2 }) -- on `bubbles`
vim.cmd("WorkbenchPreview")
vim.wait(20000, function() return #opened > 1 end, 50)
check("a second preview of the file reuses the running one",
  opened[2] and opened[2]:match(":(%d+)/") == port and opened[2]:match("view=alarms%%2Fbubbles$") ~= nil, opened)
vim.api.nvim_win_set_cursor(0, { 4, 2 }) -- in `sources`
local view, reason = workbench_plugin.view_at_cursor(alarms)
check("outside the views there is no view to preview", view == nil and reason == "the cursor is not in a view", { view, reason })

-- :WorkbenchRun shows the layout summary of the view under the cursor.
messages = {}
vim.api.nvim_win_set_cursor(0, { 9, 4 }) -- in `bubbles`
vim.cmd("WorkbenchRun")
local summary
vim.wait(30000, function()
  for _, message in ipairs(messages) do
    if message:find("alarms/", 1, true) then summary = message end
  end
  return summary ~= nil
end, 50)
say("  (summary) " .. tostring(summary))
check("the run summary names the view and its layout, size and elements",
  summary and summary:match("^workbench: alarms/bubbles: circles, content 375 × %d+, 3 elements %(3 cells%), leftToRight$") ~= nil,
  summary)

-- :WorkbenchCheck puts the errors of the saved file in the quickfix list.
vim.api.nvim_buf_set_lines(alarms, 8, 9, false, { "    source: numbrs" })
vim.cmd("silent write")
vim.fn.setqflist({}, "r", { title = "before" })
vim.cmd("WorkbenchCheck")
vim.wait(30000, function() return vim.fn.getqflist({ title = 0 }).title:find("workbench check", 1, true) ~= nil end, 50)
local items = vim.fn.getqflist()
local item = items[1] or {}
check("check's error is in the quickfix list at line 9 column 13",
  #items == 1 and item.lnum == 9 and item.col == 13 and item.type == "e" and item.bufnr == alarms
    and item.text:find("numbrs", 1, true) ~= nil, items)
vim.cmd("cclose")

-- One server per project root: another workspace of the project shares it; another project has its own.
local valid = open(project .. "/valid.yaml")
vim.wait(10000, function() return client_of(valid) ~= nil end, 20)
check("another workspace of the project shares its server",
  client_of(valid) ~= nil and client and client_of(valid).id == client.id, client_of(valid) and client_of(valid).id)
local unnamed = open(project .. "/layouts/unnamed.yaml")
vim.wait(10000, function() return client_of(unnamed) ~= nil end, 20)
check("a workspace file named by the files setting gets the server",
  client_of(unnamed) ~= nil and client and client_of(unnamed).id == client.id, client_of(unnamed))
local elsewhere = open(other .. "/elsewhere.yaml")
vim.wait(10000, function() return client_of(elsewhere) ~= nil end, 20)
local second = client_of(elsewhere)
check("a workspace of another project gets its own server",
  second ~= nil and client and second.id ~= client.id and second.config.root_dir == other, second and second.config.root_dir)

-- A plain YAML file gets no server.
local plain = open(project .. "/plain.yaml")
vim.wait(1000, function() return client_of(plain) ~= nil end, 20)
check("a plain YAML file gets no server", client_of(plain) == nil and vim.bo[plain].filetype == "yaml",
  { client_of(plain), vim.bo[plain].filetype })
check("only two servers run", #all_clients() == 2, all_clients())
vim.api.nvim_buf_set_lines(plain, 0, 0, false, { "workspace: plain" })
vim.cmd("silent write")
vim.wait(10000, function() return client_of(plain) ~= nil end, 20)
check("a YAML file saved with a workspace: key gets the project's server",
  client_of(plain) ~= nil and client and client_of(plain).id == client.id, client_of(plain))

-- :help workbench, from the plugin's doc folder (tags made in a copy, as a plugin manager does).
local help = top .. "/help"
vim.fn.mkdir(help .. "/doc", "p")
local plugin_doc = vim.api.nvim_get_runtime_file("doc/workbench.txt", false)[1]
vim.fn.writefile(vim.fn.readfile(plugin_doc), help .. "/doc/workbench.txt")
vim.cmd("helptags " .. vim.fn.fnameescape(help .. "/doc"))
vim.opt.runtimepath:prepend(help)
local topics = {}
for _, topic in ipairs({ "workbench", ":WorkbenchPreview", ":WorkbenchCheck", ":WorkbenchRun", "workbench.setup()" }) do
  local ok = pcall(vim.cmd, "help " .. topic)
  topics[#topics + 1] = ok and vim.fn.expand("%:t") == "workbench.txt" and vim.fn.getline("."):find(topic, 1, true) ~= nil
    and topic or ("missing " .. topic)
  if ok and vim.bo.buftype == "help" then vim.cmd("close") end
end
check(":help finds the plugin's topics",
  vim.deep_equal(topics, { "workbench", ":WorkbenchPreview", ":WorkbenchCheck", ":WorkbenchRun", "workbench.setup()" }), topics)

workbench_plugin.stop_previews()
vim.lsp.stop_client(all_clients())
vim.fn.delete(top, "rf")
say(string.format("neovim-plugin: %d passed, %d failed", passed, failed))
vim.cmd(failed == 0 and "qall!" or "cquit 1")
