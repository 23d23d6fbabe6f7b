# badinput: PyTorch misuse: index long float mix
# expect-exit: 1
# expect-stderr: RuntimeError: index_select(): Expected dtype int32 or int64 for index
# expect-stdout: tensor([0., 0.])
import torch
idx = torch.tensor([0, 1], dtype=torch.int32)
print(torch.zeros(3)[idx])
print(torch.zeros(3).index_select(0, idx))
torch.zeros(3).index_select(0, idx.float())
