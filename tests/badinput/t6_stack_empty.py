# badinput: stack empty (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: stack expects a non-empty TensorList
import torch
torch.stack([])
