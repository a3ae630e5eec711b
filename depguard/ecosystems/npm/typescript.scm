; inherits: javascript
; TypeScript (and TSX) add `import x = require('m')`.

(import_statement (import_require_clause source: (string) @spec)) @stmt
