# torch.save / torch.load of dict subclasses as PyTorch pickles them (CPython's reductions): a
# defaultdict(dict) (an optimizer's `state` as Optimizer.__getstate__ holds it) comes back as a
# defaultdict with its factory, a Counter is on weights_only's allow-list, a defaultdict is not
# (PyTorch's "Unsupported global" message, caught as pickle.UnpicklingError) until allow-listed
# together with its factory (add_safe_globals, or the safe_globals context manager for a block);
# a whole optimizer round-trips with its state's type.
import io
import pickle
from collections import Counter, OrderedDict, defaultdict

import torch

torch.manual_seed(0)
d = defaultdict(dict)
d["w"]["step"] = torch.tensor(3.0)
d["w"]["exp_avg"] = torch.arange(3.0)
buf = io.BytesIO()
torch.save({"state": d, "counts": Counter("abracadabra"), "od": OrderedDict(a=1, b=2)}, buf)
buf.seek(0)
r = torch.load(buf, weights_only=False)
print(type(r["state"]).__name__, r["state"].default_factory, r["state"]["w"]["step"], r["state"]["w"]["exp_avg"])
print(r["counts"], r["counts"].most_common(2), type(r["od"]).__name__, list(r["od"].items()))
r["state"]["new"]["x"] = 1
print(sorted(r["state"]))

buf.seek(0)
try:
    torch.load(buf)
except pickle.UnpicklingError as e:
    print("UnpicklingError:", str(e).split("WeightsUnpickler error: ")[1].splitlines()[0])

only_counter = io.BytesIO()
torch.save({"counts": Counter([1, 1, 2])}, only_counter)
only_counter.seek(0)
print(torch.load(only_counter))

torch.serialization.add_safe_globals([defaultdict])
buf.seek(0)
try:
    torch.load(buf)
except pickle.UnpicklingError as e:
    print("UnpicklingError:", str(e).split("WeightsUnpickler error: ")[1].splitlines()[0])
torch.serialization.add_safe_globals([dict])
buf.seek(0)
print(type(torch.load(buf)["state"]).__name__)
torch.serialization.clear_safe_globals()
with torch.serialization.safe_globals([defaultdict, dict]):
    buf.seek(0)
    print("inside safe_globals:", type(torch.load(buf)["state"]).__name__)
buf.seek(0)
try:
    torch.load(buf)
except pickle.UnpicklingError:
    print("refused again after the block")

m = torch.nn.Linear(3, 2)
opt = torch.optim.Adam(m.parameters(), lr=0.01)
m(torch.randn(4, 3)).sum().backward()
opt.step()
ob = io.BytesIO()
torch.save(opt, ob)
ob.seek(0)
o2 = torch.load(ob, weights_only=False)
print(type(o2).__name__, type(o2.state).__name__, len(o2.state), o2.param_groups[0]["lr"])
p = o2.param_groups[0]["params"][0]
print(o2.state[p]["step"], torch.equal(o2.state[p]["exp_avg"], opt.state[m.weight]["exp_avg"]))
