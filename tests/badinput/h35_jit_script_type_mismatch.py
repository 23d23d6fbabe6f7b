# badinput: a scripted f(int) called with a str
# expect-exit: 1
# expect-stderr-has: Expected a value of type 'int' for argument 'x' but instead found type 'str'.
import torch
@torch.jit.script
def f(x: int):
    return x + 1
f("a")
