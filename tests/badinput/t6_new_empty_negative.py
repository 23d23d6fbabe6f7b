# badinput: new empty negative (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: Trying to create tensor with negative dimension -1: [-1]
import torch
torch.ones(3).new_empty(-1)
