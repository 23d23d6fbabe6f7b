# badinput: @torch.no_grad() on a generator function: the body ran with grad enabled (silent wrong); each step must run under no_grad
# expect-exit: 0
# expect-stdout: False True|got s False|False|stop 7
import torch


@torch.no_grad()
def g():
    x = torch.ones(1, requires_grad=True)
    r = yield (x * 2).requires_grad
    print("got", r, torch.is_grad_enabled(), end="|")
    yield (x * 3).requires_grad
    return 7


it = g()
print(next(it), torch.is_grad_enabled(), end="|")
print(it.send("s"), end="|")
try:
    next(it)
except StopIteration as e:
    print("stop", e.value)
