; C#: the namespace (or type, for `using static`) of each using directive, global or not, at the top or
; inside a namespace block. An alias directive (`using J = Newtonsoft.Json;`) has the alias as its `name`
; field and the target after "="; the target is what is captured. @decl captures the file's own namespaces.

(using_directive !name [(identifier) (qualified_name)] @ns) @stmt
(using_directive "=" . [(identifier) (qualified_name)] @ns) @stmt

(namespace_declaration name: [(identifier) (qualified_name)] @decl)
(file_scoped_namespace_declaration name: [(identifier) (qualified_name)] @decl)
