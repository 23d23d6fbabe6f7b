# badinput: sys.setrecursionlimit(-1)
# expect-exit: 1
# expect-stderr: ValueError: recursion limit must be greater or equal than 1
import torch
import sys
sys.setrecursionlimit(-1)
