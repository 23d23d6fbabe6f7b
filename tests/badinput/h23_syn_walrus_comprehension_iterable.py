# badinput: a walrus in a comprehension's iterable
# expect-exit: 1
# expect-stderr: SyntaxError: assignment expression cannot be used in a comprehension iterable expression
[y for x in (y := [1,2])]
