# badinput: an annotation on a list target
# expect-exit: 1
# expect-stderr: SyntaxError: only single target (not list) can be annotated
[a]: int = 1
