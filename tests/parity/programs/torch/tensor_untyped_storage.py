# Tensor.untyped_storage(): the bytes under a tensor and its views (nbytes, len, data_ptr, byte
# indexing, repr), sys.getsizeof of a storage as PyTorch's _StorageBase.__sizeof__ makes it (the
# object plus its bytes: torchinfo's "Input size"), and ids of parameters that stay the same between
# accesses (id-keyed parameter sets in summary tools).
import sys

import torch
import torch.nn as nn

t = torch.arange(6, dtype=torch.int16)
s = t.untyped_storage()
print(type(s).__name__, type(s).__module__, isinstance(s, torch.UntypedStorage))
print(s.nbytes(), len(s), s.size(), s.element_size(), s.device, s.is_cuda)
print(s.tolist(), s[2], s[-1])
view = t[2:].view(2, 2)
vs = view.untyped_storage()
print(vs.nbytes(), vs.data_ptr() == s.data_ptr(), view.data_ptr() - vs.data_ptr())
print(torch.tensor([7, 300], dtype=torch.int32).untyped_storage())
print(torch.empty(0).untyped_storage().nbytes())
x = torch.ones(2, 1, 28, 28)
print(sys.getsizeof(x.untyped_storage()) - x.untyped_storage().nbytes())
print(sys.getsizeof(x.untyped_storage()), x.untyped_storage().__sizeof__() - x.nbytes)
try:
    s[12]
except IndexError as e:
    print("IndexError:", e)

a = nn.Linear(3, 2)
b = nn.Linear(3, 2)
ids_a = [id(p) for _, p in a.named_parameters(recurse=False)]
ids_b = [id(p) for _, p in b.named_parameters(recurse=False)]
print(len(set(ids_a + ids_b)), ids_a == [id(p) for p in a.parameters()], id(a.weight) == id(a.weight))
seen = set()
model = nn.Sequential(a, nn.ReLU(), b, nn.ReLU(), a)
for m in model.modules():
    for p in m.parameters(recurse=False):
        seen.add(id(p))
print(len(seen))
