# badinput: empty topk (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: selected index k out of range
import torch
torch.empty(0).topk(1)
