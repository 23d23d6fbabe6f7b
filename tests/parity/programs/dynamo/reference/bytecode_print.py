import torch
# Reference printout (not a parity test), run by make_reference.sh with TORCH_LOGS=bytecode only:
# the original and transformed bytecode of a function with a print() graph break, and of its
# resume function.

def f(x):
    a = x * 2
    print("a is", a)
    b = a + 1
    return b

cf = torch.compile(f, backend="eager")
print(cf(torch.tensor([1., 2.])))
print(cf(torch.tensor([1., 2.])))
