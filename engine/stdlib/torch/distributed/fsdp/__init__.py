# torch.distributed.fsdp: FullyShardedDataParallel and its configuration types, which training code
# imports at the top even when it runs on one device (lit-llama's utils.py, Lightning-style scripts).
# Kiln runs one process, so FSDP works as PyTorch's does in a process group of one (what
# torch.distributed.init_process_group makes here): each rank holds a shard of 1/world_size of the
# parameters, i.e. all of them, the all-gathers and reduce-scatters leave values as they are, and
# forward/backward are the wrapped module's. Without a process group it raises PyTorch's ValueError.
# As with use_orig_params=True, the module keeps its own parameters (PyTorch's default flattens them
# into one FlatParameter per wrapped unit); names, state_dict keys and repr follow PyTorch's (the
# `_fsdp_wrapped_module.` prefix in repr, none in named_parameters/state_dict). The configuration
# classes are PyTorch's enums and dataclasses. Left out: the sharded and local state-dict formats'
# ShardedTensor values (they give the full tensors here), optimizer-state resharding, CPU offload and
# mixed precision's casts (recorded, not applied).
import contextlib
from dataclasses import dataclass
from enum import Enum, auto
from typing import Optional, Sequence, Type

import torch
import torch.nn as nn
from torch.nn.modules.batchnorm import _BatchNorm

__all__ = ["BackwardPrefetch", "CPUOffload", "FullOptimStateDictConfig", "FullStateDictConfig",
           "FullyShardedDataParallel", "LocalOptimStateDictConfig", "LocalStateDictConfig", "MixedPrecision",
           "OptimStateDictConfig", "OptimStateKeyType", "ShardedOptimStateDictConfig", "ShardedStateDictConfig",
           "ShardingStrategy", "StateDictConfig", "StateDictSettings", "StateDictType"]


class ShardingStrategy(Enum):
    FULL_SHARD = auto()
    SHARD_GRAD_OP = auto()
    NO_SHARD = auto()
    HYBRID_SHARD = auto()
    _HYBRID_SHARD_ZERO2 = auto()


class BackwardPrefetch(Enum):
    BACKWARD_PRE = auto()
    BACKWARD_POST = auto()


class StateDictType(Enum):
    FULL_STATE_DICT = auto()
    LOCAL_STATE_DICT = auto()
    SHARDED_STATE_DICT = auto()


class OptimStateKeyType(Enum):
    PARAM_NAME = auto()
    PARAM_ID = auto()


@dataclass
class CPUOffload:
    offload_params: bool = False


@dataclass
class MixedPrecision:
    param_dtype: Optional[torch.dtype] = None
    reduce_dtype: Optional[torch.dtype] = None
    buffer_dtype: Optional[torch.dtype] = None
    keep_low_precision_grads: bool = False
    cast_forward_inputs: bool = False
    cast_root_forward_inputs: bool = True
    _module_classes_to_ignore: Sequence[Type[nn.Module]] = (_BatchNorm,)


@dataclass
class StateDictConfig:
    offload_to_cpu: bool = False


@dataclass
class FullStateDictConfig(StateDictConfig):
    rank0_only: bool = False


@dataclass
class LocalStateDictConfig(StateDictConfig):
    pass


@dataclass
class ShardedStateDictConfig(StateDictConfig):
    _use_dtensor: bool = False


@dataclass
class OptimStateDictConfig:
    offload_to_cpu: bool = True


@dataclass
class FullOptimStateDictConfig(OptimStateDictConfig):
    rank0_only: bool = False


@dataclass
class LocalOptimStateDictConfig(OptimStateDictConfig):
    offload_to_cpu: bool = False


@dataclass
class ShardedOptimStateDictConfig(OptimStateDictConfig):
    _use_dtensor: bool = False


@dataclass
class StateDictSettings:
    state_dict_type: StateDictType
    state_dict_config: StateDictConfig
    optim_state_dict_config: OptimStateDictConfig


_PREFIX = "_fsdp_wrapped_module."


def _clean(name):
    return name.replace(_PREFIX, "")


class FullyShardedDataParallel(nn.Module):
    def __init__(self, module, process_group=None, sharding_strategy=None, cpu_offload=None, auto_wrap_policy=None,
                 backward_prefetch=BackwardPrefetch.BACKWARD_PRE, mixed_precision=None, ignored_modules=None,
                 param_init_fn=None, device_id=None, sync_module_states=False, forward_prefetch=False,
                 limit_all_gathers=True, use_orig_params=False, ignored_states=None, device_mesh=None):
        super().__init__()
        import torch.distributed as dist
        # _init_device_handle comes first in PyTorch 2.11: FSDP runs on the device of device_id, of the
        # module's non-CPU tensors, or of the machine's accelerator, and never on the CPU alone.
        if device_id is None and not torch.cuda.is_available() and all(
                t.device.type == "cpu" for t in list(module.parameters()) + list(module.buffers())):
            raise RuntimeError("FSDP needs a non-CPU accelerator device, but no accelerator device is detected.")
        if process_group is None and not dist.is_initialized():
            raise ValueError(
                "Default process group has not been initialized, please make sure to call init_process_group."
            )
        if auto_wrap_policy is not None:
            from torch.distributed.fsdp.wrap import _wrap_children
            _wrap_children(module, auto_wrap_policy, dict(process_group=process_group, sharding_strategy=sharding_strategy,
                                                          cpu_offload=cpu_offload, backward_prefetch=backward_prefetch,
                                                          mixed_precision=mixed_precision, device_id=device_id,
                                                          use_orig_params=use_orig_params))
        if device_id is not None:
            module = module.to(torch.device("cuda", device_id) if isinstance(device_id, int) else device_id)
        self._fsdp_wrapped_module = module
        self.process_group = process_group
        self.sharding_strategy = ShardingStrategy.FULL_SHARD if sharding_strategy is None else sharding_strategy
        self.cpu_offload = CPUOffload() if cpu_offload is None else cpu_offload
        self.backward_prefetch = backward_prefetch
        self.mixed_precision = MixedPrecision() if mixed_precision is None else mixed_precision
        self.forward_prefetch = forward_prefetch
        self.limit_all_gathers = limit_all_gathers
        self._use_orig_params = use_orig_params
        self._state_dict_type = StateDictType.FULL_STATE_DICT
        self._state_dict_config = FullStateDictConfig()
        self._optim_state_dict_config = FullOptimStateDictConfig()

    @property
    def module(self):
        return self._fsdp_wrapped_module

    def forward(self, *args, **kwargs):
        return self._fsdp_wrapped_module(*args, **kwargs)

    def named_parameters(self, prefix="", recurse=True, remove_duplicate=True):
        for name, p in super().named_parameters(prefix=prefix, recurse=recurse, remove_duplicate=remove_duplicate):
            yield _clean(name), p

    def named_buffers(self, prefix="", recurse=True, remove_duplicate=True):
        for name, b in super().named_buffers(prefix=prefix, recurse=recurse, remove_duplicate=remove_duplicate):
            yield _clean(name), b

    def state_dict(self, *args, **kwargs):
        sd = super().state_dict(*args, **kwargs)
        return type(sd)((_clean(k), v) for k, v in sd.items())

    def load_state_dict(self, state_dict, strict=True, assign=False):
        return self._fsdp_wrapped_module.load_state_dict(state_dict, strict=strict, assign=assign)

    def clip_grad_norm_(self, max_norm, norm_type=2.0):
        return torch.nn.utils.clip_grad_norm_(self.parameters(), max_norm, norm_type)

    @contextlib.contextmanager
    def no_sync(self):
        yield

    @staticmethod
    def fsdp_modules(module, root_only=False):
        found = [m for m in module.modules() if isinstance(m, FullyShardedDataParallel)]
        if root_only:
            found = [m for m in found if not any(m is not o and m in list(o.modules()) for o in found)]
        return found

    @staticmethod
    def set_state_dict_type(module, state_dict_type, state_dict_config=None, optim_state_dict_config=None):
        old = FullyShardedDataParallel.get_state_dict_type(module)
        for m in FullyShardedDataParallel.fsdp_modules(module):
            m._state_dict_type = state_dict_type
            if state_dict_config is not None:
                m._state_dict_config = state_dict_config
            if optim_state_dict_config is not None:
                m._optim_state_dict_config = optim_state_dict_config
        return old

    @staticmethod
    def get_state_dict_type(module):
        mods = FullyShardedDataParallel.fsdp_modules(module)
        if not mods:
            raise AssertionError("No FSDP modules found")
        m = mods[0]
        return StateDictSettings(m._state_dict_type, m._state_dict_config, m._optim_state_dict_config)

    @staticmethod
    @contextlib.contextmanager
    def state_dict_type(module, state_dict_type, state_dict_config=None, optim_state_dict_config=None):
        old = FullyShardedDataParallel.set_state_dict_type(module, state_dict_type, state_dict_config,
                                                           optim_state_dict_config)
        try:
            yield
        finally:
            FullyShardedDataParallel.set_state_dict_type(module, old.state_dict_type, old.state_dict_config,
                                                         old.optim_state_dict_config)

    @staticmethod
    @contextlib.contextmanager
    def summon_full_params(module, recurse=True, writeback=True, rank0_only=False, offload_to_cpu=False,
                           with_grads=False):
        yield

    @staticmethod
    def optim_state_dict(model, optim, optim_state_dict=None, group=None):
        # keyed by parameter name, as PyTorch's FULL optimizer state dict is
        sd = optim.state_dict() if optim_state_dict is None else optim_state_dict
        names = {id(p): n for n, p in model.named_parameters()}
        ids = [id(p) for g in optim.param_groups for p in g["params"]]
        state = {names[ids[k]]: v for k, v in sd["state"].items()}
        groups = [dict(g, params=[names[ids[i]] for i in g["params"]]) for g in sd["param_groups"]]
        return {"state": state, "param_groups": groups}

    @staticmethod
    def optim_state_dict_to_load(model, optim, optim_state_dict, is_named_optimizer=False, load_directly=False,
                                 group=None):
        order = {n: i for i, n in enumerate(n for n, _ in model.named_parameters())}
        params = [p for g in optim.param_groups for p in g["params"]]
        index = {id(p): i for i, p in enumerate(params)}
        by_name = dict(model.named_parameters())
        state = {index[id(by_name[n])]: v for n, v in optim_state_dict["state"].items()}
        groups = [dict(g, params=[index[id(by_name[n])] for n in g["params"]]) for g in optim_state_dict["param_groups"]]
        del order
        sd = {"state": state, "param_groups": groups}
        if load_directly:
            optim.load_state_dict(sd)
        return sd


FullyShardedDataParallel.__module__ = "torch.distributed.fsdp.fully_sharded_data_parallel"
