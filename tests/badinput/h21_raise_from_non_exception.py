# badinput: raise ... from an int
# expect-exit: 1
# expect-stderr: TypeError: exception causes must derive from BaseException
raise ValueError() from 5
