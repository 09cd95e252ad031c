-- End-to-end test of `workbench serve` as a language server, driven by Neovim's built-in LSP
-- client (Debian's Neovim 0.7: vim.lsp.start_client, vim.diagnostic.get).
--
-- Usage: WORKBENCH=path/to/workbench WORKBENCH_PLUGINS=folder nvim --headless -u NONE -c "luafile neovim_client.lua"
-- Prints one line per check and `neovim: N passed, M failed`; exits with status 1 on a failure.
local workbench, plugins = os.getenv("WORKBENCH"), os.getenv("WORKBENCH_PLUGINS")
local passed, failed = 0, 0

local function say(line)
  io.stdout:write(line .. "\n")
end

local function check(name, condition, detail)
  if condition then
    passed = passed + 1
    say("ok: " .. name)
  else
    failed = failed + 1
    say("FAILED: " .. name .. " " .. vim.inspect(detail))
  end
end

local folder = vim.fn.tempname()
vim.fn.mkdir(folder .. "/data", "p")
local data = io.open(folder .. "/data/numbers.yaml", "w")
data:write("items: [30, 50, 70]\n")
data:close()
local path = folder .. "/nvim-demo.yaml"
local file = io.open(path, "w")
file:write(table.concat({
  "sources:",
  "  numbers:",
  "    file: data/numbers.yaml",
  "views:",
  "  bubbles:",
  "    layout: circls",
  "    source: numbers",
  "  grid:",
  "    layout: guide",
  "    source: nothing",
  "",
}, "\n"))
file:close()

vim.cmd("edit " .. path)
local buffer = vim.api.nvim_get_current_buf()
local client = vim.lsp.start_client({ name = "workbench", cmd = { workbench, "serve", "--plugins", plugins }, root_dir = folder })
check("the client starts", client ~= nil, client)
vim.lsp.buf_attach_client(buffer, client)

local function diagnostics()
  return vim.diagnostic.get(buffer)
end

vim.wait(10000, function() return #diagnostics() >= 2 end, 20)
local found = diagnostics()
table.sort(found, function(a, b) return a.lnum < b.lnum end)
check("every error shows as a diagnostic", #found == 2, found)
check("the unknown layout is marked on its name", found[1] and found[1].lnum == 5 and found[1].col == 12 and found[1].end_col == 18
  and found[1].source == "workbench" and found[1].severity == vim.diagnostic.severity.ERROR, found[1])
check("the missing source is marked on its name", found[2] and found[2].lnum == 9 and found[2].col == 12, found[2])

local function request(method, params)
  local answers = vim.lsp.buf_request_sync(buffer, method, params, 5000) or {}
  for _, answer in pairs(answers) do
    if answer.result ~= nil then return answer.result end
    if answer.err ~= nil then return { error = answer.err } end
  end
end

local function at(line, character)
  return { textDocument = { uri = vim.uri_from_bufnr(buffer) }, position = { line = line, character = character } }
end

local function labels(result)
  local names = {}
  for _, item in ipairs((result and (result.items or result)) or {}) do names[#names + 1] = item.label end
  table.sort(names)
  return names
end

-- Typing: the layout name is fixed, then completed while the other error stays.
vim.api.nvim_buf_set_lines(buffer, 5, 6, false, { "    layout: " })
local layouts = labels(request("textDocument/completion", at(5, 12)))
check("layout names complete", vim.tbl_contains(layouts, "circles") and vim.tbl_contains(layouts, "tree"), layouts)
vim.api.nvim_buf_set_lines(buffer, 5, 6, false, { "    layout: circles", "    options:", "      " })
local options = labels(request("textDocument/completion", at(7, 6)))
check("options complete for the chosen layout", vim.tbl_contains(options, "spacing") and vim.tbl_contains(options, "step"), options)
vim.api.nvim_buf_set_lines(buffer, 6, 8, false, {})
vim.wait(5000, function() return #diagnostics() == 1 and diagnostics()[1].lnum == 9 end, 20)
found = diagnostics()
check("a fixed error's diagnostic goes while typing", #found == 1 and found[1].lnum == 9, found)

local hover = request("textDocument/hover", at(5, 14))
local text = hover and hover.contents and hover.contents.value or ""
check("hover on a layout shows the plugin", text:find("**circles**", 1, true) ~= nil and text:find("options:", 1, true) ~= nil, text)

local target = request("textDocument/definition", at(2, 14))
target = target and (target[1] or target)
check("definition jumps to the data file", target and target.uri == vim.uri_from_fname(folder .. "/data/numbers.yaml"), target)
target = request("textDocument/definition", at(6, 14))
target = target and (target[1] or target)
check("definition jumps to the source", target and target.range and target.range.start.line == 1, target)

local symbols = request("textDocument/documentSymbol", { textDocument = { uri = vim.uri_from_bufnr(buffer) } }) or {}
local views = {}
for _, symbol in ipairs(symbols) do
  if symbol.name == "views" then
    for _, child in ipairs(symbol.children or {}) do views[#views + 1] = child.name end
  end
end
check("the views are outlined", vim.deep_equal(views, { "bubbles", "grid" }), symbols)

vim.lsp.stop_client(client)
say(string.format("neovim: %d passed, %d failed", passed, failed))
vim.cmd(failed == 0 and "qall!" or "cquit 1")
