# badinput: multiprocessing_context given as an int
# expect-exit: 1
# expect-stderr: TypeError: multiprocessing_context option should be a valid context object or a string specifying the start method, but got multiprocessing_context=3
import torch
from torch.utils.data import DataLoader
DataLoader([1, 2], num_workers=1, multiprocessing_context=3)
