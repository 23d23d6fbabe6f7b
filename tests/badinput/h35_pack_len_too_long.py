# badinput: pack_padded_sequence with a length past the sequence
# expect-exit: 1
# expect-stderr: RuntimeError: Expected sequence length to be larger than or equal to the maximum length 7, but got 5
import torch
from torch.nn.utils.rnn import pack_padded_sequence
pack_padded_sequence(torch.randn(5, 3, 2), [7, 3, 1])
