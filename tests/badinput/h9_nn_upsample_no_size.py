# badinput: Upsample without size or scale_factor
# expect-exit: 1
# expect-stderr: ValueError: either size or scale_factor should be defined
import torch
torch.nn.Upsample()(torch.ones(1, 1, 4))
