; Go imports: every import spec's path, alone or in an import ( ... ) list. @stmt is the spec itself.

(import_spec
  path: [(interpreted_string_literal (interpreted_string_literal_content) @path)
         (raw_string_literal (raw_string_literal_content) @path)]) @stmt
