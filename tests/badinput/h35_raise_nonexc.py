# badinput: Python misuse: raise nonexc
# expect-exit: 1
# expect-stderr: TypeError: exceptions must derive from BaseException
raise 5
