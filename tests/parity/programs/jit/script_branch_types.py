import torch
# Script type checking across branches: mismatched return types and one-branch variables fail.

def ret_mismatch(x, flag: bool):
    if flag:
        return x
    return 1

def var_one_branch(x, flag: bool):
    if flag:
        y = x
    return y

def var_mismatch(x, flag: bool):
    if flag:
        y = x
    else:
        y = 1
    return y

def ok_both(x, flag: bool):
    if flag:
        y = x + 1
    else:
        y = x - 1
    return y

for fn in [ret_mismatch, var_one_branch, var_mismatch, ok_both]:
    try:
        s = torch.jit.script(fn)
        print(fn.__name__, "compiled")
        print("  ", s(torch.tensor([1.]), True), s(torch.tensor([1.]), False))
    except Exception as e:
        print(fn.__name__, type(e).__name__)
        print("  ", str(e).strip().split("\n")[0])
