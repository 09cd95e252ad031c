;;; workbench.el --- Layout Workbench workspace files, with eglot  -*- lexical-binding: t; -*-

;; Version: 0.1.0
;; Package-Requires: ((emacs "28.1") (eglot "1.9"))
;; Keywords: languages, tools

;;; Commentary:

;; `workbench-mode' for the Layout Workbench's workspace files: YAML files
;; with a top-level `workspace:' key, or files that `workbench-files' names.
;; It derives from `yaml-mode' when that is installed (else `prog-mode') and
;; starts `workbench serve', the workbench's language server, through eglot:
;; errors under the text while typing (Flymake), completion of layout names,
;; options and sources (`completion-at-point'), hover (Eldoc), definitions
;; (xref) and the outline (Imenu).  Other YAML files are left alone.
;;
;; Commands: `workbench-preview' (C-c C-p) opens the view at point in
;; `workbench preview'; `workbench-check' (C-c C-c) runs `workbench check' on
;; the file into a compilation buffer; `workbench-run' (C-c C-r) shows the
;; layout summary of the view at point.
;;
;; Setup: put this folder on `load-path' and `(require 'workbench)'; or
;;
;;   (use-package workbench
;;     :load-path "/path/to/workbench/editors/emacs"
;;     :custom (workbench-program "/path/to/workbench"))
;;
;; Works with Emacs 28 and the `eglot' package (1.9 or later), and with
;; Emacs 29's built-in eglot.

;;; Code:

(require 'eglot)
(require 'compile)
(require 'json)
(require 'seq)
(require 'subr-x)
(require 'url-util)
(require 'yaml-mode nil t)

(defgroup workbench nil
  "The Layout Workbench's workspace files."
  :group 'languages
  :prefix "workbench-")

(defcustom workbench-program "workbench"
  "The `workbench' executable: a name on variable `exec-path' or a full path.
It runs `serve' (the language server), `preview' and `check'."
  :type 'string
  :risky t)

(defcustom workbench-arguments nil
  "Options for every `workbench' subcommand run here.
For example (\"--plugins\" \"DIR\")."
  :type '(repeat string)
  :risky t)

(defcustom workbench-files nil
  "Globs of workspace files that have no top-level `workspace:' key.
Relative to the project root (`project-current'), e.g. (\"layouts/*.yaml\").
A project can set it in its .dir-locals.el."
  :type '(repeat string)
  :safe (lambda (value) (and (listp value) (seq-every-p #'stringp value))))

(defcustom workbench-open-function #'browse-url
  "How `workbench-preview' opens the preview's URL: a function of the URL."
  :type 'function)

(defconst workbench--yaml-file-regexp "\\.ya?ml\\'"
  "The names of files that may be workspace files.")

(defconst workbench--workspace-key-regexp
  "^\\(?:workspace\\|\"workspace\"\\|'workspace'\\)[ \t]*:"
  "A top-level `workspace:' key.")

(defvar workbench--previews (make-hash-table :test #'equal)
  "Workspace file → the process of its `workbench preview'.")

(defun workbench--workspace-text-p ()
  "Non-nil if the buffer visits a YAML file with a top-level `workspace:' key."
  (and buffer-file-name
       (string-match-p workbench--yaml-file-regexp buffer-file-name)
       (save-excursion
         (save-restriction
           (widen)
           (goto-char (point-min))
           (let ((case-fold-search nil))
             (re-search-forward workbench--workspace-key-regexp nil t))))))

(defun workbench--root (file)
  "The project root of FILE: its project's root, else its folder."
  (let ((project (let ((default-directory (file-name-directory file)))
                   (project-current nil))))
    (file-name-as-directory
     (expand-file-name (if project
                           (project-root project)
                         (file-name-directory file))))))

(defun workbench--named-by-setting-p ()
  "Non-nil if `workbench-files' names the buffer's file."
  (and buffer-file-name workbench-files
       (let* ((file (expand-file-name buffer-file-name))
              (relative (file-relative-name file (workbench--root file))))
         (seq-some (lambda (glob)
                     (let ((regexp (wildcard-to-regexp glob)))
                       (or (string-match-p regexp relative)
                           (string-match-p regexp file))))
                   workbench-files))))

(defalias 'workbench--parent-mode
  (if (fboundp 'yaml-mode) #'yaml-mode #'prog-mode)
  "The parent of `workbench-mode': `yaml-mode' if installed, else `prog-mode'.")

;;;###autoload
(define-derived-mode workbench-mode workbench--parent-mode "Workbench"
  "Major mode for the Layout Workbench's workspace files.
Starts `workbench serve' through eglot (see `workbench-program').

\\{workbench-mode-map}"
  (unless (fboundp 'yaml-mode)
    (setq-local comment-start "# ")
    (setq-local comment-start-skip "#+[ \t]*")))

;; The server starts with the mode (remove the hook to start it with M-x eglot).
(add-hook 'workbench-mode-hook #'eglot-ensure)

(define-key workbench-mode-map (kbd "C-c C-p") #'workbench-preview)
(define-key workbench-mode-map (kbd "C-c C-c") #'workbench-check)
(define-key workbench-mode-map (kbd "C-c C-r") #'workbench-run)

(defun workbench--contact (&optional _interactive)
  "The command line of the language server, for eglot."
  (append (list workbench-program "serve") workbench-arguments))

(defun workbench--maybe-enable ()
  "Turn on `workbench-mode' in a YAML buffer that `workbench-files' names.
Runs after the file's local variables, so that a project's .dir-locals.el
counts."
  (when (and buffer-file-name
             (not (derived-mode-p 'workbench-mode))
             (string-match-p workbench--yaml-file-regexp buffer-file-name)
             (workbench--named-by-setting-p))
    (workbench-mode)))

(defun workbench--maybe-enable-after-save ()
  "Turn on `workbench-mode' in a YAML buffer that became a workspace file."
  (when (and (not (derived-mode-p 'workbench-mode))
             (workbench--workspace-text-p))
    (workbench-mode)))

;;; Commands

(defun workbench--server ()
  "The eglot server of the buffer, or a `user-error'."
  (or (and (derived-mode-p 'workbench-mode) (eglot-current-server))
      (user-error "No workbench server here (not a workspace file?)")))

(defun workbench--document ()
  "The buffer's TextDocumentIdentifier."
  (if (fboundp 'eglot--TextDocumentIdentifier)
      (eglot--TextDocumentIdentifier)
    (list :uri (funcall (if (fboundp 'eglot-path-to-uri)
                            'eglot-path-to-uri
                          'eglot--path-to-uri)
                        buffer-file-name))))

(defun workbench-view-at-point ()
  "The name of the view at point, from the server's outline, or nil."
  (let ((line (1- (line-number-at-pos)))
        (symbols (jsonrpc-request (workbench--server)
                                  :textDocument/documentSymbol
                                  (list :textDocument (workbench--document))))
        (chosen nil))
    (seq-doseq (symbol symbols)
      (let* ((range (plist-get symbol :range))
             (start (plist-get (plist-get range :start) :line))
             (end (plist-get (plist-get range :end) :line)))
        (when (and (equal (plist-get symbol :name) "views")
                   (<= start line) (<= line end))
          (seq-doseq (view (plist-get symbol :children))
            (let ((range (plist-get view :range)))
              (when (<= (plist-get (plist-get range :start) :line) line)
                (setq chosen (plist-get view :name))))))))
    chosen))

(defun workbench--workspace-name (file)
  "The workspace's name: its `workspace:' value, else FILE's base name."
  (save-excursion
    (save-restriction
      (widen)
      (goto-char (point-min))
      (if (re-search-forward
           "^workspace[ \t]*:[ \t]*\\([^#\n]*?\\)[ \t]*\\(?:#.*\\)?$" nil t)
          (let ((name (match-string-no-properties 1)))
            (if (string-match "\\`[\"']\\(.*\\)[\"']\\'" name)
                (match-string 1 name)
              name))
        (file-name-base file)))))

(defun workbench--printed-url (buffer)
  "The URL line that `workbench preview' printed into BUFFER, or nil."
  (with-current-buffer buffer
    (goto-char (point-min))
    (and (re-search-forward "^\\(https?://[^\n]+\\)\n" nil t)
         (match-string-no-properties 1))))

(defun workbench--preview-url (file)
  "The URL, with its token, of the `workbench preview' of FILE.
Starts the preview unless one runs for FILE."
  (let ((running (gethash file workbench--previews)))
    (if (and running (process-live-p running) (process-get running 'url))
        (process-get running 'url)
      (let* ((output (generate-new-buffer " *workbench preview*"))
             (errors (generate-new-buffer " *workbench preview errors*"))
             (process (make-process
                       :name "workbench-preview"
                       :buffer output
                       :command (append (list workbench-program "preview" file
                                              "--port" "0")
                                        workbench-arguments)
                       :connection-type 'pipe
                       :noquery t
                       :stderr errors))
             (deadline (+ (float-time) 30)))
        (while (and (process-live-p process)
                    (not (workbench--printed-url output))
                    (< (float-time) deadline))
          (accept-process-output process 0.1))
        (let ((url (workbench--printed-url output)))
          (unless url
            (when (process-live-p process) (delete-process process))
            (error "Workbench preview did not start: %s"
                   (with-current-buffer errors (string-trim (buffer-string)))))
          (process-put process 'url url)
          (puthash file process workbench--previews)
          url)))))

;;;###autoload
(defun workbench-preview ()
  "Open the view at point in `workbench preview'; return its URL.
Asks the server's \"Open in preview\" command (`workbench.openPreview')
for the view, starts `workbench preview FILE --port 0' once per file, and
opens its URL (with its token) at that view with `workbench-open-function'.
The preview shows the saved file, and follows it as it is saved."
  (interactive)
  (let* ((server (workbench--server))
         (view (or (workbench-view-at-point)
                   (user-error "Point is not in a view")))
         (uri (plist-get (workbench--document) :uri))
         (answer (jsonrpc-request server :workspace/executeCommand
                                  (list :command "workbench.openPreview"
                                        :arguments (vector uri view))))
         (file (expand-file-name buffer-file-name))
         (id (concat (workbench--workspace-name file) "/"
                     (plist-get answer :view)))
         (base (workbench--preview-url file))
         (url (concat base (if (string-search "?" base) "&" "?")
                      "view=" (url-hexify-string id))))
    (when (buffer-modified-p)
      (message "The preview shows the saved file; save to see your edits"))
    (funcall workbench-open-function url)
    (message "Preview of %s: %s" id url)
    url))

;;;###autoload
(defun workbench-check ()
  "Run `workbench check' on the file into a compilation buffer.
Each error and broken layout rule is a locus for `next-error'.  Returns
the buffer."
  (interactive)
  (unless buffer-file-name (user-error "The buffer visits no file"))
  (when (and (buffer-modified-p) (y-or-n-p "Save the file first? "))
    (save-buffer))
  ;; A pipe, not a terminal: `check' draws a progress line on a terminal.
  (let ((default-directory (file-name-directory buffer-file-name))
        (process-connection-type nil))
    (compilation-start
     (mapconcat #'shell-quote-argument
                (append (list workbench-program "check"
                              (expand-file-name buffer-file-name))
                        workbench-arguments)
                " ")
     nil (lambda (_mode) "*workbench check*"))))

(defun workbench--number (value)
  "VALUE, a JSON number, as text: integers without a fraction."
  (if (and (floatp value) (= value (ffloor value)) (< (abs value) 1e15))
      (format "%d" value)
    (format "%s" value)))

(defun workbench--layout-summary (result)
  "One line on RESULT, a view as `workbench run' prints it (a plist)."
  (let ((counts nil)
        (elements (plist-get result :elements))
        (size (plist-get result :contentSize)))
    (seq-doseq (element elements)
      (let ((category (plist-get element :category)))
        (setf (alist-get category counts 0 nil #'equal)
              (1+ (alist-get category counts 0 nil #'equal)))))
    (format "%s/%s: %s, content %s × %s, %d elements (%s), %s"
            (plist-get result :workspace) (plist-get result :view)
            (plist-get result :layout)
            (workbench--number (plist-get size :width))
            (workbench--number (plist-get size :height))
            (length elements)
            (let ((parts
                   (delq nil
                         (mapcar
                          (lambda (category)
                            (let ((count (alist-get category counts
                                                    nil nil #'equal)))
                              (and count (format "%d %s%s" count category
                                                 (if (= count 1) "" "s")))))
                          '("cell" "supplementary" "decoration")))))
              (if parts (string-join parts ", ") "none"))
            (or (plist-get result :direction) "leftToRight"))))

(defun workbench--run-result (output view)
  "The summary of VIEW in OUTPUT, the output of `workbench run', or nil."
  (with-current-buffer output
    (goto-char (point-min))
    (let ((needle (concat "\"view\":" (json-encode-string view)))
          (found nil))
      (while (and (not found) (search-forward needle nil t))
        (let* ((line (buffer-substring-no-properties
                      (line-beginning-position) (line-end-position)))
               (result (ignore-errors
                         (json-parse-string line :object-type 'plist
                                            :array-type 'list))))
          (when (equal (plist-get result :view) view)
            (setq found (workbench--layout-summary result)))))
      found)))

;;;###autoload
(defun workbench-run (&optional callback)
  "Lay out the saved file with `workbench run'; summarize the view at point.
The summary names the layout, the content size and the elements; or the
errors that kept the view from being laid out.  CALLBACK, when given, is
called with the summary and nil, or nil and the error."
  (interactive)
  (let* ((view (or (workbench-view-at-point)
                   (user-error "Point is not in a view")))
         (file (expand-file-name buffer-file-name))
         (output (generate-new-buffer " *workbench run*"))
         (errors (generate-new-buffer " *workbench run errors*")))
    (when (buffer-modified-p)
      (message "Laying out the saved file; save to see your edits"))
    (make-process
     :name "workbench-run"
     :buffer output
     :stderr errors
     :connection-type 'pipe
     :noquery t
     :command (append (list workbench-program "run" file) workbench-arguments)
     :sentinel
     (lambda (process _event)
       (unless (process-live-p process)
         (let ((stderr (get-buffer-process errors)))
           (while (and stderr (process-live-p stderr))
             (accept-process-output stderr 0.05)))
         (let* ((summary (workbench--run-result output view))
                (failure
                 (unless summary
                   (with-current-buffer errors
                     (format "View `%s' was not laid out (status %d)%s" view
                             (process-exit-status process)
                             (let ((lines (seq-filter
                                           (lambda (line)
                                             (string-search ": error: " line))
                                           (split-string (buffer-string)
                                                         "\n"))))
                               (if lines
                                   (concat ":\n" (string-join lines "\n"))
                                 "")))))))
           (kill-buffer output)
           (kill-buffer errors)
           (message "%s" (or summary failure))
           (when callback (funcall callback summary failure))))))))

(defun workbench-stop-previews ()
  "Stop the previews started by `workbench-preview'."
  (interactive)
  (maphash (lambda (_file process)
             (when (process-live-p process) (delete-process process)))
           workbench--previews)
  (clrhash workbench--previews))

;;; Attaching

(add-to-list 'magic-mode-alist
             '(workbench--workspace-text-p . workbench-mode))
(add-hook 'hack-local-variables-hook #'workbench--maybe-enable)
(add-hook 'after-save-hook #'workbench--maybe-enable-after-save)
(add-hook 'kill-emacs-hook #'workbench-stop-previews)

(add-to-list 'eglot-server-programs
             '((workbench-mode :language-id "yaml") . workbench--contact))

(provide 'workbench)
;;; workbench.el ends here
