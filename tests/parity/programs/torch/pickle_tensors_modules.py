# pickle (not torch.save) of tensors, Parameters, storages and whole models, as PyTorch pickles them
# (Tensor.__reduce_ex__: torch._utils._rebuild_tensor_v2 over a TypedStorage, itself written with the
# legacy torch.save format): views keep their strides and offset but not their sharing (each tensor
# pickles its own storage, as in PyTorch), Parameters stay Parameters, a model round trips with its
# outputs; copy.deepcopy and torch.save's legacy format alongside.
import copy
import io
import pickle

import torch
import torch.nn as nn

t = torch.arange(6.0).reshape(2, 3)
v = t[:, 1:]
a, b = pickle.loads(pickle.dumps((t, v)))
print(b, b.stride(), b.storage_offset(), b.is_contiguous())
a[0, 1] = 100.0
print(b[0, 0].item())
p = nn.Parameter(torch.ones(2))
q = pickle.loads(pickle.dumps(p))
print(type(q).__name__, q, q.requires_grad, q.is_leaf)
print(pickle.loads(pickle.dumps(torch.tensor([1.0], requires_grad=True))))
print(pickle.loads(pickle.dumps({"b": torch.tensor([True, False]), "h": torch.ones(2, dtype=torch.float16),
                                 "i": torch.tensor([[1, 2]]), "s": torch.tensor(3.5)})))
s = pickle.loads(pickle.dumps(t.storage()))
print(type(s).__name__, s.dtype, s.tolist())


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(2, 3)
        self.bn = nn.BatchNorm1d(3)
        self.register_buffer("count", torch.zeros(1, dtype=torch.long))

    def forward(self, x):
        return self.bn(self.fc(x))


torch.manual_seed(0)
m = Net()
m(torch.randn(4, 2))
m.eval()
x = torch.randn(3, 2)
for clone in (pickle.loads(pickle.dumps(m)), copy.deepcopy(m)):
    print(type(clone).__name__, torch.equal(clone(x), m(x)), clone.training, clone.bn.running_mean,
          clone.fc.weight.data_ptr() != m.fc.weight.data_ptr())

buf = io.BytesIO()
torch.save({"t": t, "v": v, "m": m.state_dict()}, buf, _use_new_zipfile_serialization=False)
print(buf.getvalue()[:2], len(buf.getvalue()) > 0)
buf.seek(0)
d = torch.load(buf)
d["t"][0, 1] = -1.0
print(d["v"][0, 0].item(), list(d["m"].keys()))
