# badinput: pack_padded_sequence with a zero length
# expect-exit: 1
# expect-stderr: RuntimeError: Length of all samples has to be greater than 0, but found an element in 'lengths' that is <= 0
import torch
from torch.nn.utils.rnn import pack_padded_sequence
pack_padded_sequence(torch.randn(5, 3, 2), [5, 3, 0], enforce_sorted=False)
