# badinput: param is read only for leaky_relu: calculate_gain('relu', 'x') is sqrt(2)
# expect-exit: 0
# expect-stdout: 1.4142135623730951 1.4141428569978354
import torch.nn as nn
print(nn.init.calculate_gain("relu", "x"), nn.init.calculate_gain("leaky_relu", 0.01))
