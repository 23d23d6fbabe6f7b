# badinput: pack_padded_sequence with too few lengths
# expect-exit: 1
# expect-stderr: RuntimeError: Expected `len(lengths)` to be equal to batch_size, but got 2 (batch_size=3)
import torch
from torch.nn.utils.rnn import pack_padded_sequence
pack_padded_sequence(torch.randn(5, 3, 2), [5, 3])
