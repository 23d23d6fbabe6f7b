# badinput: raise of an int
# expect-exit: 1
# expect-stderr: TypeError: exceptions must derive from BaseException
raise 5
