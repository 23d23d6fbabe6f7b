# badinput: an in-place op on an expand()ed view would write 5 results to one element (PyTorch refuses)
# expect-exit: 1
# expect-stderr: RuntimeError: unsupported operation: more than one element of the written-to tensor refers to a single memory location
import torch
x = torch.zeros(1).expand(5)
x.add_(1)
print(x)
