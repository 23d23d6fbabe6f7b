# badinput: a compiled function raising a user exception keeps its type and message
# expect-exit: 1
# expect-stderr: MyError: positive sum
import torch
class MyError(Exception):
    pass
@torch.compile
def f(x):
    if x.sum() > 0:
        raise MyError('positive sum')
    return x
f(torch.ones(2))
