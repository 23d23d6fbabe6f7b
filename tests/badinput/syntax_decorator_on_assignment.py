# badinput: a decorator on an assignment
# expect-exit: 1
# expect-stderr: SyntaxError: invalid syntax
@staticmethod
x = 1
