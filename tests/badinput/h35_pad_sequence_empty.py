# badinput: pad_sequence of an empty list
# expect-exit: 1
# expect-stderr: RuntimeError: received an empty list of sequences
import torch
from torch.nn.utils.rnn import pad_sequence
pad_sequence([])
