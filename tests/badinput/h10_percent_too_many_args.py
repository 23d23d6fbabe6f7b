# badinput: percent too many args
# expect-exit: 1
# expect-stderr: TypeError: not all arguments converted during string formatting
"%d" % (1, 2)
