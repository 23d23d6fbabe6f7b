# badinput: reshape two infer (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: only one dimension can be inferred
import torch
torch.ones(6).reshape(-1, -1)
