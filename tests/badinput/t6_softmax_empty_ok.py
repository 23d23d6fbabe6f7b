# badinput: softmax empty ok (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: IndexError: Dimension out of range (expected to be in range of [-1, 0], but got 1)
# expect-stdout: tensor([])
import torch
print(torch.softmax(torch.empty(0), 0))
torch.softmax(torch.empty(0), 1)
