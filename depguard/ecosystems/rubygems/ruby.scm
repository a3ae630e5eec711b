; Ruby: `require "x"` / `require("x/y")` / `Kernel.require "x"` with a literal first argument, and the path
; of `autoload :Const, "x/y"`. @recv (optional) is the receiver, which must be Kernel when present.
; require_relative is its own method name and not matched.

(call
  receiver: (_)? @recv
  method: (identifier) @fn
  arguments: (argument_list . (string) @spec)
  (#eq? @fn "require")) @stmt

(call
  receiver: (_)? @recv
  method: (identifier) @fn
  arguments: (argument_list . (simple_symbol) . (string) @spec)
  (#eq? @fn "autoload")) @stmt
