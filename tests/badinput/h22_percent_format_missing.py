# badinput: % formatting with too few arguments
# expect-exit: 1
# expect-stderr: TypeError: not enough arguments for format string
'%d %d' % (1,)
