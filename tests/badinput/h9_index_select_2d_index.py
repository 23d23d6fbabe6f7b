# badinput: index_select with a 2-d index
# expect-exit: 1
# expect-stderr: IndexError: index_select(): Index is supposed to be a vector
import torch
torch.ones(3).index_select(0, torch.tensor([[0]]))
