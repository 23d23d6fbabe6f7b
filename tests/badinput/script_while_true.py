# badinput: an endless loop inside @torch.jit.script stops at the instruction budget like Python code
# kiln-args: --max-instructions 200000
# expect-exit: 1
# expect-stderr: instruction budget of 200000 exhausted
import torch


@torch.jit.script
def f(x):
    while True:
        x = x + 1
    return x


f(torch.ones(1))
