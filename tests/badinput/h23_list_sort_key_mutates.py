# badinput: a sort key that appends to the list
# expect-exit: 1
# expect-stderr: ValueError: list modified during sort
import torch
l = [3, 1, 2]
def k(x):
    l.append(1); return x
l.sort(key=k)
