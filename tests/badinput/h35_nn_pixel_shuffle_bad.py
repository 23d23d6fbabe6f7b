# badinput: torch.nn / utils misuse: nn pixel shuffle bad
# expect-exit: 1
# expect-stderr: RuntimeError: pixel_shuffle expects its input's 'channel' dimension to be divisible by the square of upscale_factor, but input.size(-3)=3 is not divisible by 4
import torch
torch.nn.functional.pixel_shuffle(torch.ones(1, 3, 2, 2), 2)
