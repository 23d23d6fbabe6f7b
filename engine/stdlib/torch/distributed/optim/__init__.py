# torch.distributed.optim for Kiln: ZeroRedundancyOptimizer, imported at the top of DDP-ready training
# scripts (llm.c's train_gpt2.py, `--zero_stage 1`). ZeRO shards optimizer state over the ranks of the
# default process group; Kiln's group has one rank (torch/distributed/__init__.py), which owns every
# parameter, so the wrapped optimizer (`optimizer_class`) steps all of them, as PyTorch's does for a
# world of one. Constructing one without an initialized group raises PyTorch's ValueError (it asks
# the group for its rank first).
import torch
import torch.distributed as dist
from torch.optim import Optimizer

__all__ = ["ZeroRedundancyOptimizer"]


class ZeroRedundancyOptimizer(Optimizer):
    def __init__(self, params, optimizer_class, process_group=None, parameters_as_bucket_view=False,
                 overlap_with_ddp=False, **defaults):
        params = list(params)
        if len(params) == 0:
            raise ValueError("ZeroRedundancyOptimizer did not receive any parameters")
        self.process_group = process_group if process_group is not None else dist.group.WORLD
        self.world_size = dist.get_world_size(self.process_group)
        self.rank = dist.get_rank(self.process_group)
        self.global_rank = self.rank
        self._optim_defaults = defaults
        self._optim_constructor = optimizer_class
        self.parameters_as_bucket_view = parameters_as_bucket_view
        self._overlap_with_ddp = overlap_with_ddp
        self.optim = optimizer_class(params, **defaults)
        self._all_state_dicts = []
        self.defaults = self.optim.defaults
        self.param_groups = self.optim.param_groups
        self.state = self.optim.state

    def step(self, closure=None, **kwargs):
        return self.optim.step(closure=closure, **kwargs) if closure is not None else self.optim.step(**kwargs)

    def zero_grad(self, set_to_none=True):
        self.optim.zero_grad(set_to_none=set_to_none)

    def add_param_group(self, param_group):
        self.optim.add_param_group(param_group)

    def consolidate_state_dict(self, to=0):
        # every shard is this rank's: the global state is the local optimizer's
        self._all_state_dicts = [self.optim.state_dict()] if to == self.rank else []

    def state_dict(self):
        if len(self._all_state_dicts) == 0:
            raise RuntimeError("Optimizer state has not been consolidated on this rank. "
                               f"Please call `consolidate_state_dict(to={self.rank})` on "
                               "all ranks beforehand if you meant to save the global state.")
        return self.optim.state_dict()

    def load_state_dict(self, state_dict):
        self.optim.load_state_dict(state_dict)

    def __repr__(self):
        return "ZeroRedundancyOptimizer(" + repr(self.optim) + ")"
