# badinput: a bool slope is refused too (init.py excludes bool from the ints)
# expect-exit: 1
# expect-stderr: ValueError: negative_slope True not a valid number
import torch.nn as nn
nn.init.calculate_gain("leaky_relu", True)
