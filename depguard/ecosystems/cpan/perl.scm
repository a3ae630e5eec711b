; Perl: `use X` / `no X` (@module, with the statement as @stmt: `use parent`, `use base` and `use if` name
; further modules in their arguments), `require Foo::Bar` and `require "Foo/Bar.pm"` (@req), and the
; packages the file declares itself (@decl). `use 5.010` / `use v5.36` are use_version_statement: not matched.

(use_statement module: (package) @module) @stmt

(require_expression [(bareword) (string_literal) (interpolated_string_literal)] @req) @stmt

(package_statement name: (package) @decl)
