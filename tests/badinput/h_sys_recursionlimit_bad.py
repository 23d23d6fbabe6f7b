# badinput: sys recursionlimit bad (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: ValueError: recursion limit must be greater or equal than 1
import sys
sys.setrecursionlimit(-1)
