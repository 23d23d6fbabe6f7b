# badinput: index_select out of range
# expect-exit: 1
# expect-stderr: IndexError: index out of range in self
import torch
torch.ones(3).index_select(0, torch.tensor([7]))
