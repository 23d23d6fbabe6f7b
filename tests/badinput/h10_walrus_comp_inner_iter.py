# badinput: walrus comp inner iter
# expect-exit: 1
# expect-stderr: SyntaxError: assignment expression cannot be used in a comprehension iterable expression
[x for y in [1] for x in (z := [1])]
