# badinput: softmax over dim 5
# expect-exit: 1
# expect-stderr: IndexError: Dimension out of range (expected to be in range of [-2, 1], but got 5)
import torch
torch.nn.functional.softmax(torch.ones(2, 3), dim=5)
