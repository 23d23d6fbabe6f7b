# badinput: raise from non exception (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: TypeError: exception causes must derive from BaseException
raise ValueError from 5
