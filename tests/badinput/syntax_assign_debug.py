# badinput: assignment to __debug__
# expect-exit: 1
# expect-stderr: SyntaxError: cannot assign to __debug__
__debug__ = 1
