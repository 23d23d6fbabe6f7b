# badinput: swapping a DataLoader's dataset after it is made
# expect-exit: 1
# expect-stderr: ValueError: dataset attribute should not be set after DataLoader is initialized
import torch
from torch.utils.data import DataLoader
dl = DataLoader([1, 2, 3])
dl.dataset = [4, 5]
