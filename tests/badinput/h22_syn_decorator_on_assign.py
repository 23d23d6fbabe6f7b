# badinput: a decorator on an assignment
# expect-exit: 1
# expect-stderr: SyntaxError: invalid syntax
@dec
x = 1
