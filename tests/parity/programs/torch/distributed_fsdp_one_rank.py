# FullyShardedDataParallel in a process group of one (gloo, CPU), as training scripts run it on one
# machine: the missing-group ValueError, auto-wrapping with transformer_auto_wrap_policy (the nested
# units in repr), names and state_dict keys without the _fsdp_wrapped_module prefix
# (use_orig_params=True), a training step, state_dict_type and the configuration dataclasses.
import torch, torch.nn as nn
import torch.distributed as dist
from torch.distributed.fsdp import FullyShardedDataParallel as FSDP, StateDictType, FullStateDictConfig, ShardingStrategy, MixedPrecision
from torch.distributed.fsdp.wrap import transformer_auto_wrap_policy
import functools
try:
    FSDP(nn.Linear(2, 2))
except ValueError as e:
    print("ValueError", e)
import os
os.environ.update(MASTER_ADDR="localhost", MASTER_PORT="29541")
dist.init_process_group("gloo", rank=0, world_size=1)
class Block(nn.Module):
    def __init__(self):
        super().__init__(); self.fc = nn.Linear(4, 4)
    def forward(self, x): return torch.relu(self.fc(x))
torch.manual_seed(0)
model = nn.Sequential(Block(), Block(), nn.Linear(4, 1))
m = FSDP(model, use_orig_params=True, auto_wrap_policy=functools.partial(transformer_auto_wrap_policy, transformer_layer_cls={Block}), sharding_strategy=ShardingStrategy.NO_SHARD)
print(m)
print([n for n, _ in m.named_parameters()])
opt = torch.optim.SGD(m.parameters(), lr=0.1)
x = torch.randn(3, 4)
loss = m(x).sum(); loss.backward(); opt.step()
print(f"{loss.item():.4f}", m.clip_grad_norm_(1.0) is not None)
with FSDP.state_dict_type(m, StateDictType.FULL_STATE_DICT, FullStateDictConfig(offload_to_cpu=True, rank0_only=True)):
    sd = m.state_dict()
print(list(sd.keys()))
print(len(FSDP.fsdp_modules(m)), FSDP.get_state_dict_type(m).state_dict_type)
print(MixedPrecision(param_dtype=torch.bfloat16))
dist.destroy_process_group()
