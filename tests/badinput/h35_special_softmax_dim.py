# badinput: special.softmax over an out-of-range dim
# expect-exit: 1
# expect-stderr: IndexError: Dimension out of range (expected to be in range of [-1, 0], but got 5)
import torch
torch.special.softmax(torch.ones(3), dim=5)
