# badinput: sys.setrecursionlimit(0)
# expect-exit: 1
# expect-stderr: ValueError: recursion limit must be greater or equal than 1
import sys
sys.setrecursionlimit(0)
