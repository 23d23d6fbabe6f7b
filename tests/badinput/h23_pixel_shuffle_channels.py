# badinput: pixel_shuffle with 3 channels and factor 2
# expect-exit: 1
# expect-stderr: pixel_shuffle expects its input's 'channel' dimension to be divisible by the square of upscale_factor, but input.size(-3)=3 is not divisible by 4
import torch
import torch.nn as nn
import torch.nn.functional as F
print(F.pixel_shuffle(torch.ones(1,3,4,4), 2))
