# badinput: compile() of a str holding a NUL (refused before tokenizing, without a location, as CPython 3.12's _Py_SourceAsString)
# expect-exit: 1
# expect-stderr: SyntaxError: source code string cannot contain null bytes
compile("x = 1\0", "f", "exec")
