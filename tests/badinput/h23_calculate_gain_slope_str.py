# badinput: calculate_gain('leaky_relu', 'a'): PyTorch's ValueError for a slope that is no number
# expect-exit: 1
# expect-stderr: ValueError: negative_slope a not a valid number
import torch.nn as nn
nn.init.calculate_gain("leaky_relu", "a")
