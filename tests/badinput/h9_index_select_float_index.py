# badinput: index_select with a float index
# expect-exit: 1
# expect-stderr: RuntimeError: index_select(): Expected dtype int32 or int64 for index
import torch
torch.ones(3).index_select(0, torch.tensor([0.0]))
