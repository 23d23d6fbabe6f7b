# badinput: pack_padded_sequence with unsorted lengths and enforce_sorted
# expect-exit: 1
# expect-stderr: RuntimeError: `lengths` array must be sorted in decreasing order when `enforce_sorted` is True. You can pass `enforce_sorted=False` to pack_padded_sequence and/or pack_sequence to sidestep this requirement if you do not need ONNX exportability.
import torch
from torch.nn.utils.rnn import pack_padded_sequence
pack_padded_sequence(torch.randn(5, 3, 2), [2, 5, 3])
