# badinput: an exception whose args hold itself: repr is RecursionError (recursed until the C stack overflowed)
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded while getting the repr of an object
e = ValueError()
e.args = (e,)
print(repr(e))
raise e
