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

; importScripts('https://cdn.jsdelivr.net/npm/x@1/dist/x.js', 'lib.js'): a worker's (or a Manifest V2 background
; page's) classic scripts; the runner keeps a pinned npm CDN URL only (a bare file name is a script beside the worker)
(call_expression
  function: (identifier) @worker
  arguments: (arguments (string) @spec)
  (#eq? @worker "importScripts")) @stmt

; self.importScripts(...), globalThis.importScripts(...)
(call_expression
  function: (member_expression property: (property_identifier) @worker)
  arguments: (arguments (string) @spec)
  (#eq? @worker "importScripts")) @stmt
