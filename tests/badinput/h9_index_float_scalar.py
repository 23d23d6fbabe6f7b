# badinput: indexing with a Python float
# expect-exit: 1
# expect-stderr: IndexError: only integers, slices (`:`), ellipsis (`...`), None and long or byte Variables are valid indices (got float)
import torch
torch.ones(3)[1.5]
