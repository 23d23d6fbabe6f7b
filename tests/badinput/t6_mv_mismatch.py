# badinput: mv mismatch (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: size mismatch, got input (2), mat (2x3), vec (4)
import torch
torch.mv(torch.ones(2, 3), torch.ones(4))
