# badinput: PixelShuffle of channels not divisible by r^2
# expect-exit: 1
# expect-stderr: RuntimeError: pixel_shuffle expects its input's 'channel' dimension to be divisible by the square of upscale_factor, but input.size(-3)=3 is not divisible by 4
import torch
torch.nn.PixelShuffle(2)(torch.ones(1, 3, 4, 4))
