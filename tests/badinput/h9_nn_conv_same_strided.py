# badinput: padding='same' with stride 2
# expect-exit: 1
# expect-stderr: ValueError: padding='same' is not supported for strided convolutions
import torch
torch.nn.Conv2d(3, 8, 3, padding='same', stride=2)
