# badinput: raise non exception (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: TypeError: exceptions must derive from BaseException
raise 5
