;;; emacs_test.el --- End-to-end test of editors/emacs/workbench.el  -*- lexical-binding: t; -*-

;; In a batch Emacs with Debian's eglot and yaml-mode packages and the real `workbench serve':
;; attaching to workspace files only (one server per project), diagnostics through Flymake,
;; completion, hover, definition, symbols, `workbench-preview' and `workbench-check'.
;;
;; Usage (Tests/Editors/run does this):
;;   WORKBENCH=.build/debug/workbench emacs --batch -q -L editors/emacs -l Tests/Editors/emacs_test.el
;; Prints one line per check and `emacs-package: N passed, M failed'; exits with status 1 on a
;; failure.  `-q' keeps the site's packages (Debian's elpa-eglot, yaml-mode) and skips the user's.

;;; Code:

(require 'cl-lib)
(require 'workbench)

(defvar workbench-test-passed 0)
(defvar workbench-test-failed 0)

(defun workbench-test-say (format-string &rest arguments)
  (princ (concat (apply #'format format-string arguments) "\n") #'external-debugging-output))

(defun workbench-test-check (name condition &optional detail)
  (if condition
      (progn (cl-incf workbench-test-passed) (workbench-test-say "ok: emacs: %s" name))
    (cl-incf workbench-test-failed)
    (workbench-test-say "FAILED: emacs: %s %S" name detail)))

(defmacro workbench-test-wait (seconds &rest condition)
  "Wait up to SECONDS for CONDITION, running processes and timers; its last value."
  (declare (indent 1))
  `(let ((deadline (+ (float-time) ,seconds)) (value nil))
     (while (and (not (setq value (progn ,@condition))) (< (float-time) deadline))
       (accept-process-output nil 0.05)
       ;; Batch Emacs is never idle: run the idle timers (eglot sends changes from one).
       (dolist (timer timer-idle-list) (timer-event-handler timer)))
     value))

(defun workbench-test-write (path &rest lines)
  (make-directory (file-name-directory path) t)
  (with-temp-file path (insert (mapconcat #'identity lines "\n") "\n")))

(defun workbench-test-open (path)
  "Visit PATH as `find-file' does, then end the command (eglot starts after it)."
  (find-file path)
  (run-hooks 'post-command-hook)
  (current-buffer))

(defun workbench-test-goto (line column)
  (goto-char (point-min))
  (forward-line (1- line))
  (move-to-column column))

(defun workbench-test-diagnostics ()
  "The buffer's diagnostics as (LINE COLUMN END-COLUMN TYPE TEXT), 1-based lines, 0-based columns."
  (sort (mapcar (lambda (diagnostic)
                  (let ((start (flymake-diagnostic-beg diagnostic)) (end (flymake-diagnostic-end diagnostic)))
                    (list (line-number-at-pos start)
                          (save-excursion (goto-char start) (current-column))
                          (save-excursion (goto-char end) (current-column))
                          (flymake-diagnostic-type diagnostic)
                          (flymake-diagnostic-text diagnostic))))
                (flymake-diagnostics))
        (lambda (a b) (< (car a) (car b)))))

(defun workbench-test-http-status (url)
  (with-temp-buffer
    (call-process "python3" nil t nil "-c" "
import sys, urllib.request, urllib.error
try: print(urllib.request.urlopen(sys.argv[1], timeout=10).status)
except urllib.error.HTTPError as error: print(error.code)" url)
    (string-trim (buffer-string))))

(setq workbench-program (or (getenv "WORKBENCH") "workbench"))
(defvar workbench-test-opened nil)
(setq workbench-open-function (lambda (url) (push url workbench-test-opened)))

;; Two projects (a `.git' folder marks each): the first has a workspace with an error, a valid
;; one, a workspace without a `workspace:' key that its .dir-locals.el names, and a plain YAML file.
(let* ((top (file-truename (make-temp-file "workbench-emacs" t)))
       (project (concat top "/project/"))
       (other (concat top "/other/")))
  (make-directory (concat project ".git") t)
  (make-directory (concat other ".git") t)
  (workbench-test-write (concat project "data/numbers.yaml") "items: [30, 50, 70]")
  (workbench-test-write (concat project "alarms.yaml")
                        "# Alarms, with a typo in a layout's name."
                        "workspace: alarms"
                        "sources:"
                        "  numbers:"
                        "    file: data/numbers.yaml"
                        "views:"
                        "  bubbles:"
                        "    layout: circls"
                        "    source: numbers"
                        "    viewport: {width: 375, height: 667}"
                        "  wall:"
                        "    layout: waterfall"
                        "    source: numbers")
  (workbench-test-write (concat project "valid.yaml")
                        "workspace: valid" "sources:" "  numbers:" "    items: [40, 60]"
                        "views:" "  dots:" "    layout: circles" "    source: numbers")
  (workbench-test-write (concat project "layouts/unnamed.yaml")
                        "sources:" "  s:" "    items: [1]" "views:" "  v:" "    layout: circles" "    source: s")
  (workbench-test-write (concat project ".dir-locals.el") "((nil . ((workbench-files . (\"layouts/*.yaml\")))))")
  (workbench-test-write (concat project "plain.yaml") "name: not a workspace" "items: [1, 2]" "workspace_like: no")
  (workbench-test-write (concat other "elsewhere.yaml") "workspace: elsewhere" "sources: {}" "views: {}")

  ;; A workspace file with an error: workbench-mode, the server, the diagnostic.
  (with-current-buffer (workbench-test-open (concat project "alarms.yaml"))
    (workbench-test-check "a workspace file opens in workbench-mode, derived from yaml-mode"
                          (and (eq major-mode 'workbench-mode) (derived-mode-p 'yaml-mode)) major-mode)
    (let ((server (workbench-test-wait 20 (eglot-current-server))))
      (workbench-test-check "a workspace file gets the server on opening" server)
      (workbench-test-check "the server's project is the project's root"
                            (and server (equal (file-name-as-directory
                                                (expand-file-name (project-root (eglot--project server))))
                                               project))
                            (and server (eglot--project server))))
    (let ((found (workbench-test-wait 20 (workbench-test-diagnostics))))
      (workbench-test-check "the error shows as one diagnostic" (= (length found) 1) found)
      (workbench-test-check "the diagnostic is at the layout's name, line 8 columns 12 to 18"
                            (equal (butlast (car found) 2) '(8 12 18)) (car found))
      (workbench-test-check "the diagnostic is an error with the server's message"
                            (and (eq (nth 3 (car found)) 'eglot-error)
                                 (string-search "did you mean 'circles'" (nth 4 (car found))))
                            (car found)))

    ;; Completion after `layout: ' offers the bundled layouts.
    (workbench-test-goto 8 0)
    (delete-region (point) (line-end-position))
    (insert "    layout: ")
    (let* ((capf (eglot-completion-at-point))
           (labels (and capf (sort (all-completions "" (nth 2 capf)) #'string<))))
      (workbench-test-check "completion after 'layout: ' offers the bundled layouts"
                            (equal labels '("circles" "compositional" "flow" "guide" "mark-sheet" "tree" "waterfall")) labels))
    (workbench-test-check "completion is wired to completion-at-point"
                          (memq #'eglot-completion-at-point completion-at-point-functions))

    ;; The typo again, then fixed inside the word (so the mark stays until the server clears it).
    (insert "circls")
    (workbench-test-wait 20 (equal (mapcar #'car (workbench-test-diagnostics)) '(8)))
    (workbench-test-goto 8 17)
    (insert "e")
    (let ((left (workbench-test-wait 20 (null (workbench-test-diagnostics)))))
      (workbench-test-check "fixing the error clears its diagnostic" left (workbench-test-diagnostics)))
    ;; A new error made by an edit is marked where it is (the server saw the edit).
    (workbench-test-goto 9 12)
    (delete-region (point) (line-end-position))
    (insert "numbrs")
    (let ((found (workbench-test-wait 20 (workbench-test-diagnostics))))
      (workbench-test-check "an edit's new error is marked at line 9 columns 12 to 18"
                            (equal (mapcar (lambda (d) (butlast d 2)) found) '((9 12 18))) found))
    (workbench-test-goto 9 12)
    (delete-region (point) (line-end-position))
    (insert "numbers")
    (workbench-test-wait 20 (null (workbench-test-diagnostics)))
    (save-buffer)

    (let* ((server (eglot-current-server))
           (hover (progn (workbench-test-goto 8 14)
                         (jsonrpc-request server :textDocument/hover (eglot--TextDocumentPositionParams))))
           (text (plist-get (plist-get hover :contents) :value)))
      (workbench-test-check "hover on a layout shows the plugin" (and text (string-search "**circles**" text)) text))
    (workbench-test-goto 9 14)
    (let ((definition (xref-backend-definitions 'eglot (xref-backend-identifier-at-point 'eglot))))
      (workbench-test-check "definition of a view's source jumps to the source, line 4"
                            (and definition (= (xref-location-line (xref-item-location (car definition))) 4))
                            definition))
    ;; Eglot groups the outline by kind (1.9) or by nesting (Emacs 29): look for the names anywhere.
    (let* ((index (funcall imenu-create-index-function))
           (names (let (found)
                    (cl-labels ((walk (entries)
                                  (dolist (entry entries)
                                    (if (imenu--subalist-p entry) (walk (cdr entry)) (push (car entry) found)))))
                      (walk index))
                    found)))
      (workbench-test-check "the outline (Imenu) lists the source and the views"
                            (cl-every (lambda (name) (member name names)) '("numbers" "bubbles" "wall"))
                            index))

    ;; workbench-preview at the view at point: the URL of a running preview, with its token.
    (workbench-test-goto 12 4)
    (let* ((url (condition-case error (workbench-preview) (error (format "%S" error))))
           (port (and (string-match "\\`http://127\\.0\\.0\\.1:\\([0-9]+\\)/\\?token=[0-9a-f]\\{48\\}&view=alarms%2Fwall\\'" url)
                      (match-string 1 url))))
      (workbench-test-check "the preview opens a URL with a token at the view at point"
                            (and port (equal (car workbench-test-opened) url)) url)
      (workbench-test-check "the preview serves its page at that URL" (equal (workbench-test-http-status url) "200"))
      (workbench-test-check "the preview refuses a wrong token"
                            (equal (workbench-test-http-status
                                    (replace-regexp-in-string "token=[0-9a-f]+" "token=0" url))
                                   "403"))
      (workbench-test-goto 7 2)
      (let ((again (workbench-preview)))
        (workbench-test-check "a second preview of the file reuses the running one"
                              (and port (string-match-p (format ":%s/.*view=alarms%%2Fbubbles\\'" port) again))
                              again)))
    (workbench-test-goto 4 2)
    (workbench-test-check "outside the views there is no view to preview" (null (workbench-view-at-point)))

    ;; workbench-run: the layout summary of the view at point.
    (workbench-test-goto 9 4)
    (let* ((answer nil)
           (process (workbench-run (lambda (summary failure) (setq answer (or summary failure))))))
      (workbench-test-wait 60 answer)
      (workbench-test-check "the run summary names the view and its layout, size and elements"
                            (and (processp process) answer
                                 (string-match-p "\\`alarms/bubbles: circles, content 375 × [0-9]+, 3 elements (3 cells), leftToRight\\'"
                                                 answer))
                            answer)
      (workbench-test-say "  (summary) %s" answer))

    ;; workbench-check: the saved file's errors in a compilation buffer, which next-error follows.
    (workbench-test-goto 9 12)
    (delete-region (point) (line-end-position))
    (insert "numbrs")
    (save-buffer)
    (let ((compilation (workbench-check)))
      (workbench-test-wait 60 (not (get-buffer-process compilation)))
      (with-current-buffer compilation
        (workbench-test-check "check's summary is in its buffer"
                              (string-search "workbench check: 1 view checked, 1 passed, 0 failed (0 violations), 1 error"
                                             (buffer-string))
                              (buffer-string)))
      (set-buffer compilation)
      (first-error)
      ;; As after a command: the current buffer is the selected window's.
      (set-buffer (window-buffer (selected-window)))
      (workbench-test-check "next-error goes to check's error at line 9 column 13"
                            (and (equal (buffer-file-name) (concat project "alarms.yaml"))
                                 (= (line-number-at-pos) 9) (= (current-column) 12))
                            (list (buffer-file-name) (line-number-at-pos) (current-column)))))

  ;; One server per project: another workspace of the project shares it; another project has its own.
  (let ((first (with-current-buffer (find-buffer-visiting (concat project "alarms.yaml")) (eglot-current-server))))
    (with-current-buffer (workbench-test-open (concat project "valid.yaml"))
      (workbench-test-check "another workspace of the project shares its server"
                            (eq (workbench-test-wait 20 (eglot-current-server)) first)))
    (with-current-buffer (workbench-test-open (concat project "layouts/unnamed.yaml"))
      (workbench-test-check "a workspace file named by the project's workbench-files gets the server"
                            (and (eq major-mode 'workbench-mode) (eq (workbench-test-wait 20 (eglot-current-server)) first))
                            (list major-mode workbench-files)))
    (with-current-buffer (workbench-test-open (concat other "elsewhere.yaml"))
      (let ((second (workbench-test-wait 20 (eglot-current-server))))
        (workbench-test-check "a workspace of another project gets its own server"
                              (and second (not (eq second first))))))
    ;; A plain YAML file gets no server.
    (with-current-buffer (workbench-test-open (concat project "plain.yaml"))
      (workbench-test-wait 1 nil)
      (workbench-test-check "a plain YAML file stays in yaml-mode with no server"
                            (and (eq major-mode 'yaml-mode) (null (eglot-current-server))) major-mode)
      (goto-char (point-min))
      (insert "workspace: plain\n")
      (save-buffer)
      (run-hooks 'post-command-hook)
      (workbench-test-check "a YAML file saved with a workspace: key turns to workbench-mode with the project's server"
                            (and (eq major-mode 'workbench-mode) (eq (workbench-test-wait 20 (eglot-current-server)) first))
                            major-mode))
    (workbench-test-check "only two servers run, whatever was opened"
                          (= (length (apply #'append (hash-table-values eglot--servers-by-project))) 2)))

  (workbench-stop-previews)
  (dolist (server (apply #'append (hash-table-values eglot--servers-by-project)))
    (ignore-errors (eglot-shutdown server)))
  (delete-directory top t))

(workbench-test-say "emacs-package: %d passed, %d failed" workbench-test-passed workbench-test-failed)
(kill-emacs (if (zerop workbench-test-failed) 0 1))
;;; emacs_test.el ends here
