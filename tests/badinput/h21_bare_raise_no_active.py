# badinput: bare raise outside except
# expect-exit: 1
# expect-stderr: RuntimeError: No active exception to reraise
raise
