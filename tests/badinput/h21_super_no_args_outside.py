# badinput: super() at module level
# expect-exit: 1
# expect-stderr: RuntimeError: super(): no arguments
super()
