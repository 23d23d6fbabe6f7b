# badinput: a sampler yielding strings into a list dataset
# expect-exit: 1
# expect-stderr: TypeError: list indices must be integers or slices, not str
import torch
from torch.utils.data import DataLoader
list(DataLoader([1, 2, 3], sampler=['a', 'b']))
