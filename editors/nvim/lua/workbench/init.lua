-- The Layout Workbench in Neovim: `workbench serve` attached to workspace files (diagnostics,
-- completion, hover, definition, symbols through the built-in client) and three commands,
-- :WorkbenchPreview, :WorkbenchCheck and :WorkbenchRun. See `:help workbench`.
--
-- Works with Neovim 0.7 (vim.lsp.start_client) and 0.8+ (vim.lsp.start); newer APIs are used
-- only when present.
local M = {}

local defaults = {
  -- The language server's command line; its first words before "serve" also run `preview`,
  -- `check` and `run`, with the words after it (e.g. --plugins DIR).
  cmd = { "workbench", "serve" },
  -- Globs (relative to the project root) of workspace files without a `workspace:` key.
  files = {},
  -- What marks a project root; one server runs per root.
  root_markers = { ".git" },
  -- How to open the preview's URL: a function(url), or false to only print it.
  open = nil,
}

M.config = vim.deepcopy(defaults)

-- Project root → client id (Neovim 0.7, which has no vim.lsp.start).
local clients = {}
-- Workspace file path → {job, url} of its `workbench preview`.
local previews = {}
-- While :WorkbenchPreview asks the server's command: its `window/showMessage` tells how to start
-- the preview by hand, which this plugin does itself, so that message is not shown.
local asking_for_preview = false

local function show_message(err, result, context, config)
  if asking_for_preview and result and type(result.message) == "string" and result.message:match("^Preview of view ") then
    return
  end
  return vim.lsp.handlers["window/showMessage"](err, result, context, config)
end

local function notify(message, level)
  vim.notify("workbench: " .. message, level or vim.log.levels.INFO)
end

--- Merges `options` into the configuration and attaches to the workspace files already open.
function M.setup(options)
  -- Shallow: a list given (cmd, files, root_markers) replaces the default whole.
  M.config = vim.tbl_extend("force", vim.deepcopy(defaults), options or {})
  if type(M.config.cmd) == "string" then M.config.cmd = { M.config.cmd, "serve" } end
  for _, buffer in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_is_loaded(buffer) then M.attach(buffer) end
  end
end

local function exists(path)
  return (vim.uv or vim.loop).fs_stat(path) ~= nil
end

--- The project root of `path`: the nearest folder above it holding a root marker, else its folder.
function M.root(path)
  local folder = vim.fn.fnamemodify(path, ":p:h")
  if vim.fs and vim.fs.root then
    local found = vim.fs.root(path, M.config.root_markers)
    if found then return found end
    return folder
  end
  local current = folder
  while true do
    for _, marker in ipairs(M.config.root_markers) do
      if exists(current .. "/" .. marker) then return current end
    end
    local parent = vim.fn.fnamemodify(current, ":h")
    if parent == current then return folder end
    current = parent
  end
end

local function named_by_setting(path, root)
  local globs = vim.list_extend(vim.deepcopy(M.config.files or {}), vim.g.workbench_files or {})
  local relative = path:sub(1, #root + 1) == root .. "/" and path:sub(#root + 2) or path
  for _, glob in ipairs(globs) do
    local pattern = vim.fn.glob2regpat(glob)
    if vim.fn.match(relative, pattern) >= 0 or vim.fn.match(path, pattern) >= 0 then return true end
  end
  return false
end

--- Whether `buffer` holds a workspace file: YAML with a top-level `workspace:` key, or a file
--- that the `files` setting (or `g:workbench_files`) names.
function M.is_workspace(buffer)
  local path = vim.api.nvim_buf_get_name(buffer)
  if path == "" or vim.bo[buffer].buftype ~= "" then return false end
  if not (path:match("%.ya?ml$") or vim.bo[buffer].filetype == "yaml") then return false end
  for _, line in ipairs(vim.api.nvim_buf_get_lines(buffer, 0, -1, false)) do
    if line:match("^workspace%s*:") or line:match("^[\"']workspace[\"']%s*:") then return true end
  end
  return named_by_setting(vim.fn.fnamemodify(path, ":p"), M.root(path))
end

-- The command's words before "serve" (the program) and after it (shared options).
local function program()
  local cmd = M.config.cmd
  for index, word in ipairs(cmd) do
    if word == "serve" then return vim.list_slice(cmd, 1, index - 1), vim.list_slice(cmd, index + 1) end
  end
  return { cmd[1] }, {}
end

local function on_attach(client, buffer)
  -- Neovim 0.10+ sets these itself; 0.7 to 0.9 need them for <C-x><C-o> and <C-]>.
  if vim.bo[buffer].omnifunc == "" then vim.bo[buffer].omnifunc = "v:lua.vim.lsp.omnifunc" end
  if vim.bo[buffer].tagfunc == "" then vim.bo[buffer].tagfunc = "v:lua.vim.lsp.tagfunc" end
  if M.config.on_attach then M.config.on_attach(client, buffer) end
end

--- Attaches `workbench serve` to `buffer` if it is a workspace file; one server per project root.
--- Returns the client's id, or nil.
function M.attach(buffer)
  buffer = (buffer == nil or buffer == 0) and vim.api.nvim_get_current_buf() or buffer
  if not M.is_workspace(buffer) then return nil end
  local attached = M.client(buffer)
  if attached then return attached.id end
  if vim.fn.executable(M.config.cmd[1]) == 0 then
    notify("cannot run '" .. M.config.cmd[1] .. "' (set cmd in require('workbench').setup)", vim.log.levels.WARN)
    return nil
  end
  local root = M.root(vim.api.nvim_buf_get_name(buffer))
  local config = {
    name = "workbench",
    cmd = M.config.cmd,
    root_dir = root,
    on_attach = on_attach,
    handlers = { ["window/showMessage"] = show_message },
  }
  if vim.lsp.start then
    local id
    vim.api.nvim_buf_call(buffer, function() id = vim.lsp.start(config) end)
    return id
  end
  local id = clients[root]
  local client = id and vim.lsp.get_client_by_id(id)
  if not client or client.is_stopped() then
    id = vim.lsp.start_client(config)
    clients[root] = id
  end
  if id then vim.lsp.buf_attach_client(buffer, id) end
  return id
end

-- The workbench client attached to `buffer`, if any.
function M.client(buffer)
  local attached
  if vim.lsp.get_clients then -- 0.10+
    attached = vim.lsp.get_clients({ bufnr = buffer, name = "workbench" })
  else
    attached = vim.lsp.buf_get_clients(buffer)
  end
  for _, client in pairs(attached) do
    if client.name == "workbench" then return client end
  end
end

-- One request to the workbench client of `buffer`: its result, or nil and the error's message.
local function request(buffer, method, params)
  local client = M.client(buffer)
  if not client then return nil, "no workbench server on this buffer" end
  local answers = vim.lsp.buf_request_sync(buffer, method, params, 10000)
  local answer = answers and answers[client.id]
  if not answer then return nil, method .. ": no answer" end
  if answer.err then return nil, method .. ": " .. tostring(answer.err.message) end
  return answer.result
end

--- The name of the view under the cursor in `buffer` (from the server's document symbols), or
--- nil and the reason.
function M.view_at_cursor(buffer)
  buffer = buffer or vim.api.nvim_get_current_buf()
  -- Lines are enough (a view's key has its own line), and need no position encoding.
  local line = vim.api.nvim_win_get_cursor(0)[1] - 1
  local symbols, message = request(buffer, "textDocument/documentSymbol", { textDocument = { uri = vim.uri_from_bufnr(buffer) } })
  if type(symbols) ~= "table" then return nil, message or "the file has no outline (is it valid YAML?)" end
  for _, symbol in ipairs(symbols) do
    if symbol.name == "views" and symbol.range.start.line <= line and line <= symbol.range["end"].line then
      local chosen
      for _, view in ipairs(symbol.children or {}) do
        if view.range.start.line <= line then chosen = view end
      end
      if chosen then return chosen.name end
    end
  end
  return nil, "the cursor is not in a view"
end

local function open_url(url)
  local open = M.config.open
  if open == false then return end
  if type(open) == "function" then return open(url) end
  if vim.ui and vim.ui.open then return vim.ui.open(url) end
  for _, opener in ipairs({ "xdg-open", "open" }) do
    if vim.fn.executable(opener) == 1 then
      vim.fn.jobstart({ opener, url }, { detach = true })
      return
    end
  end
end

local function workspace_name(buffer, path)
  for _, line in ipairs(vim.api.nvim_buf_get_lines(buffer, 0, -1, false)) do
    local name = line:match("^workspace%s*:%s*(.-)%s*$")
    if name then
      name = name:gsub("%s+#.*$", "")
      return (name:gsub("^[\"'](.*)[\"']$", "%1"))
    end
  end
  return vim.fn.fnamemodify(path, ":t:r")
end

local function url_encoded(text)
  return (text:gsub("[^%w%-%._~]", function(c) return string.format("%%%02X", string.byte(c)) end))
end

-- Starts (or reuses) `workbench preview PATH --port 0` and calls back with its URL (with its token).
local function preview_url(path, callback)
  local running = previews[path]
  if running and vim.fn.jobwait({ running.job }, 0)[1] == -1 and running.url then return callback(running.url) end
  local before, after = program()
  local command = vim.list_extend(vim.list_extend(vim.deepcopy(before), { "preview", path, "--port", "0" }), after)
  local entry, errors, done = {}, {}, false
  local function finish(url, message)
    if done then return end
    done = true
    callback(url, message)
  end
  entry.job = vim.fn.jobstart(command, {
    on_stdout = function(_, lines)
      for _, line in ipairs(lines) do
        if not entry.url and line:match("^https?://") then
          entry.url = line
          finish(line)
        end
      end
    end,
    on_stderr = function(_, lines) vim.list_extend(errors, lines) end,
    on_exit = function(_, status)
      if previews[path] == entry then previews[path] = nil end
      finish(nil, "`" .. table.concat(command, " ") .. "` exited with status " .. status .. ": "
        .. vim.trim(table.concat(errors, "\n")))
    end,
  })
  if entry.job <= 0 then return callback(nil, "cannot run " .. command[1]) end
  previews[path] = entry
end

--- Opens the preview at the view under the cursor: asks the server's "Open in preview" command
--- (`workbench.openPreview [uri, view]`) for the view, starts `workbench preview` on the file (once
--- per file), and opens its URL (with its token) at that view. `callback(url, error)` if given.
function M.preview(callback)
  callback = callback or function() end
  local buffer = vim.api.nvim_get_current_buf()
  local view, reason = M.view_at_cursor(buffer)
  if not view then
    notify(reason, vim.log.levels.WARN)
    return callback(nil, reason)
  end
  asking_for_preview = true
  local answer, failure = request(buffer, "workspace/executeCommand",
    { command = "workbench.openPreview", arguments = { vim.uri_from_bufnr(buffer), view } })
  -- The notification comes before the answer, and is handled as the answer is awaited.
  asking_for_preview = false
  if type(answer) ~= "table" or type(answer.view) ~= "string" then
    local message = "the preview command failed: " .. (failure or vim.inspect(answer))
    notify(message, vim.log.levels.ERROR)
    return callback(nil, message)
  end
  local path = vim.fn.fnamemodify(vim.api.nvim_buf_get_name(buffer), ":p")
  if vim.bo[buffer].modified then notify("the preview shows the saved file; :write to see your edits") end
  local id = workspace_name(buffer, path) .. "/" .. answer.view
  preview_url(path, function(url, message)
    if not url then
      notify(message, vim.log.levels.ERROR)
      return callback(nil, message)
    end
    url = url .. (url:find("?", 1, true) and "&" or "?") .. "view=" .. url_encoded(id)
    notify("preview of " .. id .. ": " .. url)
    open_url(url)
    callback(url)
  end)
end

local function run_program(arguments, on_exit)
  local before, after = program()
  local command = vim.list_extend(vim.list_extend(vim.deepcopy(before), arguments), after)
  local stdout, stderr = {}, {}
  local function collect(into)
    return function(_, lines)
      -- Jobs deliver partial lines: the first piece continues the last one.
      if #into > 0 then into[#into] = into[#into] .. lines[1] else into[1] = lines[1] end
      for index = 2, #lines do into[#into + 1] = lines[index] end
    end
  end
  local job = vim.fn.jobstart(command, {
    on_stdout = collect(stdout),
    on_stderr = collect(stderr),
    on_exit = function(_, status)
      if stdout[#stdout] == "" then stdout[#stdout] = nil end
      if stderr[#stderr] == "" then stderr[#stderr] = nil end
      on_exit(status, stdout, stderr)
    end,
  })
  if job <= 0 then on_exit(-1, {}, { "cannot run " .. command[1] }) end
  return job
end

--- Runs `workbench check` on the buffer's file into the quickfix list (opened when not empty).
--- `callback(items, summary)` if given.
function M.check(callback)
  local buffer = vim.api.nvim_get_current_buf()
  local path = vim.fn.fnamemodify(vim.api.nvim_buf_get_name(buffer), ":p")
  if vim.bo[buffer].modified then notify("checking the saved file; :write to check your edits") end
  return run_program({ "check", path }, function(status, stdout, stderr)
    local lines = vim.list_extend(vim.deepcopy(stdout), stderr)
    local summary = ""
    for _, line in ipairs(lines) do
      if line:match("^workbench check:") then summary = line end
    end
    vim.fn.setqflist({}, " ", {
      title = "workbench check " .. vim.fn.fnamemodify(path, ":~:."),
      lines = lines,
      efm = "%f:%l:%c: %trror: %m,%f:%l:%c: %tarning: %m,%-G%.%#",
    })
    local items = vim.fn.getqflist()
    if #items > 0 then vim.cmd("copen") else vim.cmd("cclose") end
    if summary == "" then summary = "workbench check exited with status " .. status end
    notify(summary:gsub("^workbench ", ""), status == 0 and vim.log.levels.INFO or vim.log.levels.WARN)
    if callback then callback(items, summary) end
  end)
end

local function layout_summary(result)
  local counts = {}
  for _, element in ipairs(result.elements or {}) do
    counts[element.category] = (counts[element.category] or 0) + 1
  end
  local parts = {}
  for _, category in ipairs({ "cell", "supplementary", "decoration" }) do
    if counts[category] then parts[#parts + 1] = counts[category] .. " " .. category .. (counts[category] == 1 and "" or "s") end
  end
  local size = result.contentSize or {}
  local function number(value) return (tostring(value):gsub("%.0$", "")) end
  return string.format("%s/%s: %s, content %s × %s, %d elements (%s), %s", result.workspace, result.view,
    result.layout, number(size.width), number(size.height), #(result.elements or {}),
    #parts > 0 and table.concat(parts, ", ") or "none", result.direction or "leftToRight")
end

--- Lays out the file's views with `workbench run` and shows the summary of the view under the
--- cursor: its layout, content size and element counts. `callback(summary, error)` if given.
function M.run(callback)
  callback = callback or function() end
  local buffer = vim.api.nvim_get_current_buf()
  local view, reason = M.view_at_cursor(buffer)
  if not view then
    notify(reason, vim.log.levels.WARN)
    return callback(nil, reason)
  end
  local path = vim.fn.fnamemodify(vim.api.nvim_buf_get_name(buffer), ":p")
  if vim.bo[buffer].modified then notify("laying out the saved file; :write to see your edits") end
  local needle = '"view":' .. vim.fn.json_encode(view)
  return run_program({ "run", path }, function(status, stdout, stderr)
    for _, line in ipairs(stdout) do
      if line:find(needle, 1, true) then
        local ok, result = pcall(vim.fn.json_decode, line)
        if ok and type(result) == "table" and result.view == view then
          local summary = layout_summary(result)
          notify(summary)
          return callback(summary)
        end
      end
    end
    local errors = {}
    for _, line in ipairs(stderr) do
      if line:find(": error: ", 1, true) then errors[#errors + 1] = line end
    end
    local message = "view '" .. view .. "' was not laid out (status " .. status .. ")"
      .. (#errors > 0 and (":\n" .. table.concat(errors, "\n")) or "")
    notify(message, vim.log.levels.ERROR)
    callback(nil, message)
  end)
end

--- Stops the previews this session started.
function M.stop_previews()
  for path, entry in pairs(previews) do
    vim.fn.jobstop(entry.job)
    previews[path] = nil
  end
end

return M
