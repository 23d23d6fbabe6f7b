# badinput: adaptive pool negative (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: adaptive_avg_pool2d: elements of output_size must be greater than or equal to 0 but received {-1, -1}
import torch
import torch.nn.functional as F
F.adaptive_avg_pool2d(torch.ones(1, 1, 4, 4), -1)
