#!/usr/bin/env python3
"""Screenshots of the editor packages at work: the real Neovim or Emacs, in a real terminal
(xterm on a virtual X display, Xvfb), attached to the real `workbench serve`, on a workspace
with a mistyped layout name — the server's diagnostic, and in Neovim an option's completion menu.

Usage: python3 Tests/Editors/screenshot.py nvim|emacs OUTPUT.png [--workbench PATH]
  (default PATH: .build/debug/workbench). Needs nvim or emacs (emacs-nox is enough, with
  elpa-eglot and elpa-yaml-mode), and `apt-get install xvfb xterm x11-apps` (Xvfb, xterm, xwd).
Regenerates editors/nvim/screenshot.png and editors/emacs/screenshot.png:
  python3 Tests/Editors/screenshot.py nvim editors/nvim/screenshot.png
  python3 Tests/Editors/screenshot.py emacs editors/emacs/screenshot.png
The picture is the xterm window as X drew it (xwd), written as PNG with the standard library.
"""

import argparse
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import time
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

WORKSPACE = """\
# Morning alarms: as circles, and as a list.
workspace: alarms
sources:
  alarms:
    items: ["06:30", "07:00", "07:15", "08:00", "09:30"]
views:
  bubbles:
    layout: circls
    source: alarms
    viewport: {width: 375, height: 667}
  list:
    layout: flow
    source: alarms
    viewport: {width: 375, height: 667}
    options:
      itemSize: {width: 375, height: 44}
"""

# Neovim: an option half typed (`minimum: 4`); once the server's diagnostics are in, the
# omnifunc's menu (<C-x><C-o>) for the options that start with "minimum".
NVIM_DRIVER = """\
vim.diagnostic.config({ update_in_insert = true })
vim.opt.completeopt = { "menuone", "noselect" }
local buffer = vim.api.nvim_get_current_buf()
vim.api.nvim_buf_set_lines(buffer, 16, 16, false, { "      minimum: 4" })
vim.wait(20000, function() return #vim.diagnostic.get(buffer) > 1 end, 50)
vim.defer_fn(function()
  vim.api.nvim_win_set_cursor(0, { 17, 12 })
  vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes("a<C-x><C-o>", true, false, true), "n", false)
end, 300)
"""

# Emacs: once Flymake has the server's diagnostic, the cursor on it (its message in the echo
# area) and the buffer's diagnostics listed below.
EMACS_DRIVER = """\
(require 'workbench)
(setq inhibit-startup-screen t
      native-comp-async-report-warnings-errors 'silent
      warning-minimum-level :error)
(menu-bar-mode -1)
(defun workbench-screenshot-show ()
  (if (null (flymake-diagnostics))
      (run-at-time 0.2 nil #'workbench-screenshot-show)
    (delete-other-windows)
    (goto-char (point-min))
    (search-forward "circls")
    (backward-word)
    (flymake-show-buffer-diagnostics)
    (walk-windows (lambda (window)
                    (with-current-buffer (window-buffer window)
                      (when (derived-mode-p 'flymake-diagnostics-buffer-mode)
                        (fit-window-to-buffer window)))))
    (message "%s" (flymake-diagnostic-text (car (flymake-diagnostics (point)))))))
(add-hook 'emacs-startup-hook (lambda () (run-at-time 1 nil #'workbench-screenshot-show)))
"""


def free_display():
    for number in range(90, 140):
        if not os.path.exists(f"/tmp/.X{number}-lock") and not os.path.exists(f"/tmp/.X11-unix/X{number}"):
            return f":{number}"
    sys.exit("screenshot: no free X display number in :90…:139")


def xwd_to_png(xwd, path):
    """Writes the window's pixels (a 24/32-bit ZPixmap xwd dump) as a PNG, cropped to what is
    not the black root window."""
    fields = struct.unpack(">25I", xwd[:100])
    header_size, width, height = fields[0], fields[4], fields[5]
    byte_order, bits_per_pixel, bytes_per_line, colours = fields[7], fields[11], fields[12], fields[19]
    if bits_per_pixel != 32:
        sys.exit(f"screenshot: expected 32 bits a pixel from xwd, got {bits_per_pixel}")
    pixels = xwd[header_size + colours * 12:]
    rows = []
    for y in range(height):
        line = pixels[y * bytes_per_line:y * bytes_per_line + width * 4]
        if byte_order == 0:  # least significant byte first: B, G, R, X
            rows.append(bytes(b for i in range(0, len(line), 4) for b in (line[i + 2], line[i + 1], line[i])))
        else:  # X, R, G, B
            rows.append(bytes(b for i in range(0, len(line), 4) for b in (line[i + 1], line[i + 2], line[i + 3])))
    black = bytes(3)
    lit = [y for y, row in enumerate(rows) if row.strip(b"\0")]
    top, bottom = lit[0], lit[-1] + 1
    columns = [x for x in range(width) if any(rows[y][x * 3:x * 3 + 3] != black for y in range(top, bottom, 7))]
    left, right = columns[0], columns[-1] + 1
    raw = b"".join(b"\0" + row[left * 3:right * 3] for row in rows[top:bottom])

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", right - left, bottom - top, 8, 2, 0, 0, 0)
    with open(path, "wb") as file:
        file.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))
    return right - left, bottom - top


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("editor", choices=["nvim", "emacs"])
    parser.add_argument("output")
    parser.add_argument("--workbench", default=os.path.join(ROOT, ".build/debug/workbench"))
    parser.add_argument("--seconds", type=float, default=12, help="how long the editor gets before the picture")
    arguments = parser.parse_args()
    for tool in ["Xvfb", "xterm", "xwd", arguments.editor]:
        if shutil.which(tool) is None:
            sys.exit(f"screenshot: {tool} is not installed (apt-get install xvfb xterm x11-apps neovim emacs-nox)")
    workbench = os.path.realpath(arguments.workbench)
    if not os.access(workbench, os.X_OK):
        sys.exit(f"screenshot: no workbench at {workbench}")

    folder = tempfile.mkdtemp(prefix="workbench-screenshot-")
    project = os.path.join(folder, "project")
    os.makedirs(os.path.join(project, ".git"))
    with open(os.path.join(project, "alarms.yaml"), "w") as file:
        file.write(WORKSPACE)
    if arguments.editor == "nvim":
        driver = os.path.join(folder, "drive.lua")
        command = ["nvim", "--clean", "--cmd", f"set rtp^={ROOT}/editors/nvim", "-c", "set number",
                   "-c", f"luafile {driver}", "alarms.yaml"]
        script = NVIM_DRIVER
    else:
        driver = os.path.join(folder, "drive.el")
        command = ["emacs", "-nw", "-q", "-L", f"{ROOT}/editors/emacs", "-l", driver, "alarms.yaml"]
        script = EMACS_DRIVER
    with open(driver, "w") as file:
        file.write(script)

    display = free_display()
    environment = dict(os.environ, DISPLAY=display, TERM="xterm-256color",
                       PATH=os.path.dirname(workbench) + os.pathsep + os.environ.get("PATH", ""))
    environment.pop("WORKBENCH_PLUGIN_PATH", None)
    server = subprocess.Popen(["Xvfb", display, "-screen", "0", "1200x800x24", "-br", "-nolisten", "tcp"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    terminal = None
    try:
        time.sleep(1)
        terminal = subprocess.Popen(
            ["xterm", "-geometry", "112x22+0+0", "-fa", "DejaVu Sans Mono", "-fs", "11",
             "-bg", "#fdfdf8", "-fg", "#222233", "-xrm", "XTerm*termName: xterm-256color", "-e"] + command,
            cwd=project, env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(arguments.seconds)
        dump = subprocess.run(["xwd", "-root", "-silent"], env=environment, capture_output=True, check=True).stdout
        width, height = xwd_to_png(dump, arguments.output)
        print(f"{arguments.output}: {width} × {height} pixels, {os.path.getsize(arguments.output)} bytes")
    finally:
        if terminal is not None:
            terminal.terminate()
            terminal.wait(5)
        server.terminate()
        server.wait(5)
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
