-- Loaded at startup from the runtimepath: attaches `workbench serve` to workspace files as they
-- open (with require("workbench").setup's settings, or the defaults) and defines the commands.
if vim.g.loaded_workbench then return end
vim.g.loaded_workbench = true

local group = vim.api.nvim_create_augroup("workbench", { clear = true })
-- On opening a YAML file, and on saving one that may just have become a workspace file.
vim.api.nvim_create_autocmd({ "FileType" }, {
  group = group,
  pattern = "yaml",
  callback = function(args) require("workbench").attach(args.buf) end,
})
vim.api.nvim_create_autocmd({ "BufWritePost" }, {
  group = group,
  pattern = { "*.yaml", "*.yml" },
  callback = function(args) require("workbench").attach(args.buf) end,
})
vim.api.nvim_create_autocmd({ "VimLeavePre" }, {
  group = group,
  callback = function() require("workbench").stop_previews() end,
})

vim.api.nvim_create_user_command("WorkbenchPreview", function() require("workbench").preview() end,
  { desc = "Open the view under the cursor in workbench preview" })
vim.api.nvim_create_user_command("WorkbenchCheck", function() require("workbench").check() end,
  { desc = "Run workbench check on this file into the quickfix list" })
vim.api.nvim_create_user_command("WorkbenchRun", function() require("workbench").run() end,
  { desc = "Lay out this file and show the layout summary of the view under the cursor" })
