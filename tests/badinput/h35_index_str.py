# badinput: torch API misuse: index str
# expect-exit: 1
# expect-stderr: IndexError: only integers, slices (`:`), ellipsis (`...`), None and long or byte Variables are valid indices (got str)
import torch
torch.zeros(3)["a"]
