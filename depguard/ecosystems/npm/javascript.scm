; JavaScript imports. Every pattern captures @stmt (to skip statements holding syntax errors) and @spec
; (the string or template literal naming the module; for calls, the runner keeps only a first argument).

; import x from 'm'; import 'm'; import type {T} from 'm' (TypeScript reuses this file)
(import_statement source: (string) @spec) @stmt

; export * from 'm'; export {a} from 'm'
(export_statement source: (string) @spec) @stmt

; require('m'), require(`m`)
(call_expression
  function: (identifier) @fn
  arguments: (arguments [(string) (template_string)] @spec)
  (#eq? @fn "require")) @stmt

; require.resolve('m')
(call_expression
  function: (member_expression
    object: (identifier) @obj
    property: (property_identifier) @prop)
  arguments: (arguments [(string) (template_string)] @spec)
  (#eq? @obj "require")
  (#eq? @prop "resolve")) @stmt

; import('m'), await import(`m`)
(call_expression
  function: (import)
  arguments: (arguments [(string) (template_string)] @spec)) @stmt
