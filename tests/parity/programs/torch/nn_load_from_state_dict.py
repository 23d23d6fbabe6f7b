import io
from collections import OrderedDict

import torch
import torch.nn as nn
# Module.load_state_dict as PyTorch runs it: each module's _load_from_state_dict (Python overrides
# included) with PyTorch's arguments, state_dict()._metadata versions, BatchNorm's num_batches_tracked
# fix-up for old checkpoints, InstanceNorm's running-stats check, pre/post hooks, strict errors, assign=.
torch.manual_seed(0)
net = nn.Sequential(nn.Linear(3, 4), nn.BatchNorm1d(4), nn.Sequential(nn.ReLU(), nn.Linear(4, 2)))
sd = net.state_dict()
print(type(sd).__name__, isinstance(sd, dict), list(sd.keys()))
print(sd._metadata)
print(net[2].state_dict(prefix="tail.")._metadata)
dest = OrderedDict()
dest._metadata = OrderedDict()
net[1].state_dict(destination=dest, prefix="bn.")
print(list(dest.keys()), dest._metadata)
plain = {}
print(net[1].state_dict(destination=plain) is plain, hasattr(plain, "_metadata"))

# Metadata survives torch.save / torch.load.
buf = io.BytesIO()
torch.save(sd, buf)
buf.seek(0)
loaded = torch.load(buf)
print(type(loaded).__name__, loaded._metadata)
print(net.load_state_dict(loaded))

# A checkpoint from before num_batches_tracked existed (no metadata: version None) loads strictly.
old = {k: v for k, v in sd.items() if not k.endswith("num_batches_tracked")}
print(net.load_state_dict(old))
# With metadata saying version 2 the key is missing.
old_md = OrderedDict(old)
old_md._metadata = sd._metadata
try:
    net.load_state_dict(old_md)
except RuntimeError as e:
    print(e)
print(net.load_state_dict(old_md, strict=False))

# Strict errors, reported together in PyTorch's order.
bad = OrderedDict(sd)
bad["0.weight"] = torch.zeros(2, 2)
bad["0.bias"] = 3
bad["2.1.extra"] = torch.zeros(1)
bad["head.weight"] = torch.zeros(1)
del bad["2.1.bias"]
try:
    net.load_state_dict(bad)
except RuntimeError as e:
    print(e)
r = net.load_state_dict({"1.weight": torch.ones(4), "1.num_batches_tracked": torch.tensor([7])}, strict=False)
print(r.missing_keys, r.unexpected_keys)
print(net[1].weight, net[1].num_batches_tracked)
try:
    net.load_state_dict([("0.weight", torch.zeros(4, 3))])
except TypeError as e:
    print("TypeError:", e)
try:
    net.load_state_dict({"0.bias": torch.zeros(4, 1)})
except RuntimeError as e:
    print(e)


# A Python _load_from_state_dict that renames an old key, and one that records what it is given.
class Renamed(nn.Module):
    _version = 3

    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(2, 2)
        self.register_buffer("scale", torch.ones(2))
        self.register_buffer("tmp", torch.zeros(2), persistent=False)

    def _load_from_state_dict(self, state_dict, prefix, local_metadata, strict, missing_keys, unexpected_keys,
                              error_msgs):
        print("load", repr(prefix), local_metadata, strict, sorted(state_dict.keys()), len(missing_keys))
        if local_metadata.get("version", 0) < 3 and prefix + "old_scale" in state_dict:
            state_dict[prefix + "scale"] = state_dict.pop(prefix + "old_scale")
        super()._load_from_state_dict(state_dict, prefix, local_metadata, strict, missing_keys, unexpected_keys,
                                      error_msgs)


outer = nn.Sequential(Renamed())
s2 = outer.state_dict()
print(list(s2.keys()), s2._metadata)
print(outer.load_state_dict(s2))
s3 = OrderedDict([("0.old_scale", torch.full((2,), 5.0)), ("0.fc.weight", torch.eye(2)), ("0.fc.bias", torch.zeros(2))])
s3._metadata = OrderedDict([("", {"version": 1}), ("0", {"version": 2})])
print(outer.load_state_dict(s3))
print(outer[0].scale, outer[0].fc.weight)
try:
    outer.load_state_dict({"0.old_scale": torch.ones(2)})
except RuntimeError as e:
    print(e)

# Hooks: pre-hooks see the prefix and local metadata; post-hooks may clear the key lists in place.
calls = []
h1 = outer[0].register_load_state_dict_pre_hook(
    lambda module, sd, prefix, md, strict, missing, unexpected, errors: calls.append(("pre", type(module).__name__, prefix, md)))
h2 = outer.register_load_state_dict_post_hook(
    lambda module, keys: calls.append(("post", type(module).__name__, list(keys.missing_keys))))
outer.load_state_dict(s2)
print(calls)
h1.remove()
h2.remove()


def forgive(module, keys):
    keys.missing_keys.clear()
    keys.unexpected_keys.clear()


outer.register_load_state_dict_post_hook(forgive)
print(outer.load_state_dict({"junk": torch.zeros(1)}))

# assign=True swaps in the checkpoint's tensors (as Parameters keeping requires_grad).
lin = nn.Linear(2, 2)
src = {"weight": torch.arange(4.0).view(2, 2), "bias": torch.zeros(2)}
lin.load_state_dict(src, assign=True)
print(type(lin.weight).__name__, lin.weight.requires_grad, lin.weight.data_ptr() == src["weight"].data_ptr())
# A 1-element checkpoint tensor loads into a 0-dim buffer (the 0.3 -> 0.4 compatibility rule).
bn = nn.BatchNorm1d(2)
bn.load_state_dict({"weight": torch.ones(2), "bias": torch.zeros(2), "running_mean": torch.zeros(2),
                    "running_var": torch.ones(2), "num_batches_tracked": torch.tensor([9])})
print(bn.num_batches_tracked)

# InstanceNorm without running stats refuses an old checkpoint's running stats (no metadata).
inorm = nn.InstanceNorm1d(2)
try:
    inorm.load_state_dict({"running_mean": torch.zeros(2), "running_var": torch.ones(2)})
except RuntimeError as e:
    print(e)
md = OrderedDict()
md._metadata = {"": {"version": 2}}
md["running_mean"] = torch.zeros(2)
print(inorm.load_state_dict(md, strict=False))
