import torch
# Other Python constructs TorchScript rejects at compile time (first line of the error only).

def nested(x):
    def inner(t):
        return t + 1
    return inner(x)

def with_try(x):
    try:
        return x + 1
    except Exception:
        return x

def comp_if(n: int):
    return [i for i in range(n) if i > 1]

def print_kw(x):
    print(x, end="")
    return x

def star_unpack(x):
    a, *b = [1, 2, 3]
    return x + a

for fn in [nested, with_try, comp_if, print_kw, star_unpack]:
    try:
        torch.jit.script(fn)
        print(fn.__name__, "compiled")
    except Exception as e:
        print(fn.__name__, type(e).__name__)
        print("  ", str(e).strip().split("\n")[0])
