# badinput: del of a call
# expect-exit: 1
# expect-stderr: SyntaxError: cannot delete function call
del f()
