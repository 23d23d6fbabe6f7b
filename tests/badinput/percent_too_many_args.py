# badinput: % formatting with too many arguments
# expect-exit: 1
# expect-stderr: TypeError: not all arguments converted during string formatting
"%s" % (1, 2)
