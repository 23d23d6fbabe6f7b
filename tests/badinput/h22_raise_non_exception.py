# badinput: raise of a non-exception
# expect-exit: 1
# expect-stderr: TypeError: exceptions must derive from BaseException
raise 5
