# badinput: index select 2d index (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: IndexError: index_select(): Index is supposed to be a vector
import torch
torch.ones(3).index_select(0, torch.tensor([[0]]))
