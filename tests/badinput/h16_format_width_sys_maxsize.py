# badinput: format() with a width of sys.maxsize
# expect-exit: 1
# expect-stderr: MemoryError
import sys
format("a", str(sys.maxsize))
