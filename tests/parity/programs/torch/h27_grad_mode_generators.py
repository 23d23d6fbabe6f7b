# Grad-mode decorators on generator functions hold the mode during each step (not at the call), also
# for close(); a negative manual_seed is taken modulo 2**64 (initial_seed is unsigned).
import torch
@torch.no_grad()
def g():
    x = torch.ones(1, requires_grad=True)
    r = yield (x * 2).requires_grad
    print("got", r, torch.is_grad_enabled())
    yield (x * 3).requires_grad
    return 7
it = g()
print(next(it), torch.is_grad_enabled())
print(it.send("s"))
try:
    next(it)
except StopIteration as e:
    print("stop", e.value)
@torch.enable_grad()
def h():
    try:
        yield torch.is_grad_enabled()
    finally:
        print("finally", torch.is_grad_enabled())
with torch.no_grad():
    it = h()
    print(next(it))
    it.close()
@torch.inference_mode()
def k():
    yield torch.ones(1).is_inference()
print(list(k()))
torch.manual_seed(-1)
print(torch.initial_seed(), torch.rand(2))
torch.manual_seed(2**64 - 1)
print(torch.initial_seed(), torch.rand(2))
