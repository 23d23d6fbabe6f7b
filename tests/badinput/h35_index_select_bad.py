# badinput: torch API misuse: index select bad
# expect-exit: 1
# expect-stderr: IndexError: index out of range in self
import torch
torch.ones(5).index_select(0, torch.tensor([7]))
