# Makes the checkpoint seeds of tests/fuzz/seeds (run with Kiln from that folder: kiln make_seeds.py):
# torch.save of tensors, containers, a state_dict, views sharing a storage, an optimizer state;
# torch.jit.save of scripted and traced modules. data.pkl of each checkpoint is a seed too
# (fuzz_torch_load wraps a non-zip input as the data.pkl of a valid archive): extract_pkl.py.
import torch, torch.nn as nn, collections
objs = {
 "tensor": torch.arange(6.).reshape(2,3),
 "int_tensor": torch.tensor([1,2,3], dtype=torch.int64),
 "dict": {"a": torch.ones(2), "b": [1, 2.5, "s", None, True], "c": (torch.zeros(1, dtype=torch.float16),)},
 "state_dict": nn.Sequential(nn.Linear(3,2), nn.BatchNorm1d(2)).state_dict(),
 "view": (lambda t: [t, t[1:], t.t()])(torch.randn(3,3)),
 "od": collections.OrderedDict([("x", torch.tensor(1.)), ("y", 2)]),
 "bool": torch.tensor([True, False]),
 "opt": torch.optim.SGD(nn.Linear(2,2).parameters(), lr=0.1, momentum=0.9).state_dict(),
}
for k, v in objs.items():
    torch.save(v, f"torch_load/{k}.pt")
m = nn.Sequential(nn.Linear(3,2), nn.ReLU())
torch.jit.save(torch.jit.script(m), "jit_load/seq.jit")
@torch.jit.script
def f(x: torch.Tensor, n: int) -> torch.Tensor:
    for i in range(n):
        x = x * 2 + i
    if x.sum() > 0:
        return x
    return -x
class F(nn.Module):
    def forward(s, x: torch.Tensor, n: int):
        for i in range(n):
            x = x * 2 + i
        if bool(x.sum() > 0):
            return x
        return -x
torch.jit.save(torch.jit.script(F()), "jit_load/f.jit")
class M(nn.Module):
    def __init__(s):
        super().__init__(); s.l = nn.Linear(2,2); s.k = 3
    def forward(s, x):
        return s.l(x).relu() * s.k
torch.jit.save(torch.jit.script(M()), "jit_load/m.jit")
torch.jit.save(torch.jit.trace(nn.Conv2d(1,2,3), torch.randn(1,1,5,5)), "jit_load/conv.jit")
print("ok")
