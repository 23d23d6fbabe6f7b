# badinput: walrus comp lambda ok
# expect-exit: 1
# expect-stderr: SyntaxError: assignment expression cannot be used in a comprehension iterable expression
print([f() for f in [lambda: (w := 3)]])
