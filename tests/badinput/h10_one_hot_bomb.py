# badinput: one hot bomb
# expect-exit: 1
# expect-stderr: you tried to allocate 8000000000000 bytes.
import torch
import torch.nn.functional as F
F.one_hot(torch.tensor([10 ** 12 - 1]))
