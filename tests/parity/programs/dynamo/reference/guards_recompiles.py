import torch
import torch._dynamo
# Reference printout for the Kiln implementer (not a parity test): run through make_reference.sh.

from _common import capture, graphs, show_explain

SCALE = 2
CFG = {"mode": "fast"}

def make(k):
    def f(x, n, flag, s):
        y = x * SCALE + n * k
        if CFG["mode"] == "fast":
            y = y + 1
        if flag:
            y = y * s
        return y
    return f

f = make(3)
cf = torch.compile(f, backend=capture)
x = torch.ones(2)
print(cf(x, 2, True, 0.5))
print(cf(x, 3, True, 0.5))
SCALE = 4
print(cf(x, 3, True, 0.5))
CFG["mode"] = "slow"
print(cf(x, 3, True, 0.5))
cf2 = torch.compile(make(5), backend=capture)
print(cf2(x, 3, False, 0.5))
