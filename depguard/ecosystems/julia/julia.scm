; Julia: the module each `using`/`import` names (@module: an identifier or a dotted path, alone, before
; `: names` or before `as alias`). Relative paths (`using .Local`, `import ..Parent`) are import_path nodes
; and not matched. @decl captures the modules the file defines itself.

(using_statement [(identifier) (scoped_identifier)] @module) @stmt
(import_statement [(identifier) (scoped_identifier)] @module) @stmt
(using_statement (selected_import . [(identifier) (scoped_identifier)] @module)) @stmt
(import_statement (selected_import . [(identifier) (scoped_identifier)] @module)) @stmt
(import_statement (import_alias . [(identifier) (scoped_identifier)] @module)) @stmt
(using_statement (import_alias . [(identifier) (scoped_identifier)] @module)) @stmt

(module_definition name: (identifier) @decl)
