; Python imports. Every pattern captures @stmt (the statement, to skip ones holding syntax errors) and
; @module (a dotted module name). @name captures the names of `from m import a, b` (namespace packages
; such as google.cloud need them). Relative imports (`from . import x`) have no dotted_name module and
; are not matched; `from __future__ import x` is its own node type and not matched either.

(import_statement
  name: [(dotted_name) @module
         (aliased_import name: (dotted_name) @module)]) @stmt

(import_from_statement
  module_name: (dotted_name) @module
  name: [(dotted_name) @name
         (aliased_import name: (dotted_name) @name)]?) @stmt

; __import__("x") and importlib.import_module("x") with a literal string
(call
  function: [(identifier) @fn
             (attribute attribute: (identifier) @fn)]
  arguments: (argument_list . (string) @dynamic)
  (#any-of? @fn "__import__" "import_module")) @stmt
