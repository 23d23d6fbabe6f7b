# badinput: tolist of a 0-d tensor is a number
# expect-exit: 0
# expect-stdout: 3.5 []
import torch
print(torch.tensor(3.5).tolist(), torch.tensor([]).tolist())
