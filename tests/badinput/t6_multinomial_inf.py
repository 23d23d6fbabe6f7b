# badinput: multinomial inf (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: probability tensor contains either `inf`, `nan` or element < 0
import torch
torch.multinomial(torch.tensor([1.0, float('inf')]), 1)
