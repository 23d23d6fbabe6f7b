import torch
# Reference printout (not a parity test), run by make_reference.sh with TORCH_LOGS=bytecode only:
# the original and transformed bytecode of a function with a data-dependent if, and of the resume
# functions of both branches.

def f(x):
    y = x * 2
    if y.sum() > 0:
        return y + 1
    return y - 1

cf = torch.compile(f, backend="eager")
print(cf(torch.tensor([1., 2.])))
print(cf(torch.tensor([-1., -2.])))
