# torch.distributed for Kiln: one process, so the default process group can only have world size 1.
# Training scripts import this module at the top (DETR's and DINO's util/misc.py, MAE, most DDP-ready
# code) and ask is_available() / is_initialized() before choosing the single-process path; a script
# that initializes a group of one (rank 0, world size 1, gloo) gets collectives that are identities,
# as PyTorch's are for one rank. The uninitialized-group, twice-initialized and env:// rendezvous
# errors are PyTorch's. A group of more than one process raises NotImplementedError (Kiln starts no
# processes, and a lone rank would wait for the others forever in PyTorch).
import os
from datetime import timedelta
from enum import Enum

import torch

__all__ = ["is_available", "is_initialized", "init_process_group", "destroy_process_group", "get_rank",
           "get_world_size", "get_backend", "barrier", "all_reduce", "reduce", "broadcast", "all_gather",
           "gather", "scatter", "all_gather_object", "broadcast_object_list", "gather_object", "reduce_scatter",
           "all_to_all", "new_group", "ReduceOp", "Backend", "GroupMember", "group", "ProcessGroup",
           "is_gloo_available", "is_nccl_available", "is_mpi_available", "is_torchelastic_launched",
           "get_process_group_ranks", "monitored_barrier", "Work"]

default_pg_timeout = timedelta(minutes=30)


def is_available():
    return True


def is_gloo_available():
    return True


def is_nccl_available():
    return False


def is_mpi_available():
    return False


def is_torchelastic_launched():
    return os.environ.get("TORCHELASTIC_RUN_ID") is not None


class RedOpType(Enum):
    SUM = 0
    AVG = 1
    PRODUCT = 2
    MIN = 3
    MAX = 4
    BAND = 5
    BOR = 6
    BXOR = 7
    PREMUL_SUM = 8
    UNUSED = 9

    def __repr__(self):
        return f"<RedOpType.{self.name}: {self.value}>"


class ReduceOp:
    RedOpType = RedOpType
    SUM = RedOpType.SUM
    AVG = RedOpType.AVG
    PRODUCT = RedOpType.PRODUCT
    MIN = RedOpType.MIN
    MAX = RedOpType.MAX
    BAND = RedOpType.BAND
    BOR = RedOpType.BOR
    BXOR = RedOpType.BXOR
    PREMUL_SUM = RedOpType.PREMUL_SUM


class Backend:
    # PyTorch's Backend is a str subclass; Kiln has no str subclasses, so Backend(name) returns the
    # lower-case name itself (equal, printed and hashed the same)
    UNDEFINED = "undefined"
    GLOO = "gloo"
    NCCL = "nccl"
    UCC = "ucc"
    MPI = "mpi"

    def __new__(cls, name):
        if not isinstance(name, str):
            raise ValueError("Backend constructor parameter must be string-ish")
        value = getattr(Backend, name.upper(), Backend.UNDEFINED)
        if value == Backend.UNDEFINED:
            value = name.lower()
        return value


class ProcessGroup:
    def __init__(self, rank, size, backend):
        self._rank = rank
        self._size = size
        self._backend = backend

    def rank(self):
        return self._rank

    def size(self):
        return self._size

    def name(self):
        return self._backend


class Work:
    # what a collective with async_op=True returns: already complete (one rank has nothing to wait for)
    def wait(self, timeout=None):
        return True

    def is_completed(self):
        return True

    def is_success(self):
        return True


class _WorldMeta(type):
    @property
    def WORLD(cls):
        return _state["pg"]


class GroupMember(metaclass=_WorldMeta):
    NON_GROUP_MEMBER = -100


group = GroupMember

_state = {"pg": None}


def is_initialized():
    return _state["pg"] is not None


def _default_group():
    if _state["pg"] is None:
        raise ValueError("Default process group has not been initialized, please make sure to call "
                         "init_process_group.")
    return _state["pg"]


def _env_or_raise(name):
    v = os.environ.get(name, None)
    if not v:
        raise ValueError(f"Error initializing torch.distributed using env:// rendezvous: environment variable "
                         f"{name} expected, but not set")
    return v


def init_process_group(backend=None, init_method=None, timeout=None, world_size=-1, rank=-1, store=None,
                       group_name="", pg_options=None, device_id=None):
    if _state["pg"] is not None:
        raise ValueError("trying to initialize the default process group twice!")
    if store is None and init_method is None:
        init_method = "env://"
    if store is None and init_method.startswith("env://"):
        if rank == -1:
            rank = int(_env_or_raise("RANK"))
        if world_size == -1:
            world_size = int(_env_or_raise("WORLD_SIZE"))
        _env_or_raise("MASTER_ADDR")
        int(_env_or_raise("MASTER_PORT"))
    if world_size == -1:
        world_size = 1
    if rank == -1:
        rank = 0
    if world_size != 1:
        raise NotImplementedError(f"torch.distributed in Kiln runs one process: init_process_group(world_size="
                                  f"{world_size}) cannot start the other ranks")
    name = Backend(backend) if backend is not None else Backend.GLOO
    if name == Backend.NCCL and not torch.cuda.is_available():
        raise RuntimeError("ProcessGroupNCCL is only supported with GPUs, no GPUs found!")
    _state["pg"] = ProcessGroup(rank, world_size, str(name))


def destroy_process_group(group=None):
    if group is None or group is _state["pg"]:
        _default_group()
        _state["pg"] = None


def get_rank(group=None):
    return _default_group().rank()


def get_world_size(group=None):
    return _default_group().size()


def get_backend(group=None):
    return _default_group().name()


def get_process_group_ranks(group):
    _default_group()
    return [0]


def new_group(ranks=None, timeout=None, backend=None, pg_options=None, use_local_synchronization=False,
              group_desc=None, device_id=None):
    return _default_group()


def _done(async_op):
    return Work() if async_op else None


# The collectives of a group of one: every rank's contribution is this rank's own.
def barrier(group=None, async_op=False, device_ids=None):
    _default_group()
    return _done(async_op)


def monitored_barrier(group=None, timeout=None, wait_all_ranks=False):
    _default_group()


def all_reduce(tensor, op=ReduceOp.SUM, group=None, async_op=False):
    _default_group()
    return _done(async_op)


def reduce(tensor, dst=None, op=ReduceOp.SUM, group=None, async_op=False, group_dst=None):
    _default_group()
    return _done(async_op)


def broadcast(tensor, src=None, group=None, async_op=False, group_src=None):
    _default_group()
    return _done(async_op)


def all_gather(tensor_list, tensor, group=None, async_op=False):
    _default_group()
    tensor_list[0].copy_(tensor)
    return _done(async_op)


def all_gather_into_tensor(output_tensor, input_tensor, group=None, async_op=False):
    _default_group()
    output_tensor.copy_(input_tensor.reshape(output_tensor.shape))
    return _done(async_op)


def gather(tensor, gather_list=None, dst=None, group=None, async_op=False, group_dst=None):
    _default_group()
    if gather_list is not None:
        gather_list[0].copy_(tensor)
    return _done(async_op)


def scatter(tensor, scatter_list=None, src=None, group=None, async_op=False, group_src=None):
    _default_group()
    if scatter_list is not None:
        tensor.copy_(scatter_list[0])
    return _done(async_op)


def reduce_scatter(output, input_list, op=ReduceOp.SUM, group=None, async_op=False):
    _default_group()
    output.copy_(input_list[0])
    return _done(async_op)


def all_to_all(output_tensor_list, input_tensor_list, group=None, async_op=False):
    _default_group()
    output_tensor_list[0].copy_(input_tensor_list[0])
    return _done(async_op)


def all_gather_object(object_list, obj, group=None):
    _default_group()
    object_list[0] = obj


def gather_object(obj, object_gather_list=None, dst=None, group=None, group_dst=None):
    _default_group()
    if object_gather_list is not None:
        object_gather_list[0] = obj


def broadcast_object_list(object_list, src=None, group=None, device=None, group_src=None):
    _default_group()
