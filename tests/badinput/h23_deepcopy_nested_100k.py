# badinput: deepcopy of a list nested 100000 deep
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
import torch
import copy
l=[]
for _ in range(100000): l=[l]
copy.deepcopy(l)
