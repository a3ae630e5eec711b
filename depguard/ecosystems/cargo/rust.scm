; Rust: `use` declarations (the runner walks the argument down to its first path segment, for each
; branch of a `{a, b}` list) and `extern crate x`. @decl captures names this file declares itself
; (`mod models;`, enums, structs, traits, `macro_rules! name` …): a `use models::X` of those is local, not a
; crate (wit-bindgen's generated `macro_rules! __export_x` then `pub(crate) use __export_x as export;`).

(use_declaration argument: (_) @use) @stmt
(extern_crate_declaration name: (identifier) @crate) @stmt

(mod_item name: (identifier) @decl)
(enum_item name: (type_identifier) @decl)
(struct_item name: (type_identifier) @decl)
(trait_item name: (type_identifier) @decl)
(type_item name: (type_identifier) @decl)
(union_item name: (type_identifier) @decl)
(macro_definition name: (identifier) @decl)
(use_as_clause alias: (identifier) @decl)
; `extern crate alloc as alloc_crate;` (wit-bindgen's generated bindings): the alias names that crate here
(extern_crate_declaration alias: (identifier) @decl)
; a function of the file: `pub use is_global_hardcoded as is_global;` (vaultwarden) re-exports it; only a
; one-segment use of it is the file's own (a function does not shadow a crate as a path's first segment)
(function_item name: (identifier) @fn)
