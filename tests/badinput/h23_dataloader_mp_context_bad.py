# badinput: a start method name that does not exist
# expect-exit: 1
# expect-stderr: ValueError: multiprocessing_context option should specify a valid start method in ['fork', 'spawn', 'forkserver'], but got multiprocessing_context='bogus'
import torch
from torch.utils.data import DataLoader
DataLoader([1, 2], num_workers=1, multiprocessing_context="bogus")
