# badinput: Python misuse: raise from nonexc
# expect-exit: 1
# expect-stderr: TypeError: exception causes must derive from BaseException
raise ValueError from 5
