# torch.nn.utils.rnn.PackedSequence is a namedtuple subclass in PyTorch (of PackedSequence_): a tuple
# of four fields, unpacked by old tagging/captioning code as `scores, _, _, _ = pack_padded_sequence(...)`
# (and `scores, _ = ...` fails with "too many values to unpack"), with read-only fields,
# _replace/_asdict/_fields, tuple equality and the namedtuple repr; the (data, batch_sizes) pair
# constructor form; .to()/.double() keep the index tensors on the data's device.
import torch
from torch.nn.utils.rnn import PackedSequence, pack_padded_sequence, pad_packed_sequence

seqs = torch.tensor([[1., 2., 0.], [3., 4., 5.], [6., 0., 0.]])
packed = pack_padded_sequence(seqs, torch.tensor([2, 3, 1]), batch_first=True, enforce_sorted=False)
print(isinstance(packed, tuple), len(packed), type(packed).__name__, type(packed).__mro__[1].__name__)
print(PackedSequence._fields)
print(packed)
data, batch_sizes, sorted_indices, unsorted_indices = packed
print(data, batch_sizes, sorted_indices, unsorted_indices)
print(packed[1] is packed.batch_sizes, packed[-1].tolist())
try:
    scores, _ = packed
except ValueError as e:
    print("ValueError:", e)
try:
    packed.data = torch.zeros(6)
except AttributeError as e:
    print("AttributeError:", e)
print(sorted(packed._asdict().keys()))
doubled = packed._replace(data=packed.data * 2)
print(type(doubled).__name__, doubled.data.tolist())
print(pad_packed_sequence(doubled, batch_first=True)[0])

pair = PackedSequence((packed.data, packed.batch_sizes))
print(pair.sorted_indices, pair.unsorted_indices, pair.data.tolist())
rebuilt = PackedSequence(*packed)
print(rebuilt.unsorted_indices.tolist(), torch.equal(rebuilt.data, packed.data))

d = packed.double()
print(type(d).__name__, d.data.dtype, d.sorted_indices.dtype, d.batch_sizes.dtype)
print(packed.to(torch.float32) is packed, packed.is_cuda)
print(packed.long().data.tolist())
