# torch.nn.parallel.data_parallel: DataParallel and data_parallel, where PyTorch defines them (its
# package __init__ re-exports them; Synchronized-BatchNorm's replicate.py, vendored by many segmentation
# repositories, imports `from torch.nn.parallel.data_parallel import DataParallel`). Kiln runs one
# process on one device, so DataParallel wraps the module as PyTorch's does without several GPUs:
# forward calls the module, its parameters appear under "module." in state_dict.
import torch.nn as nn
from torch.nn.parallel.parallel_apply import parallel_apply
from torch.nn.parallel.scatter_gather import gather, scatter_kwargs

__all__ = ["DataParallel", "data_parallel"]


class DataParallel(nn.Module):
    def __init__(self, module, device_ids=None, output_device=None, dim=0):
        super().__init__()
        self.module = module
        self.device_ids = [] if device_ids is None else list(device_ids)
        self.output_device = output_device
        self.dim = dim

    def forward(self, *inputs, **kwargs):
        return self.module(*inputs, **kwargs)

    # The steps of PyTorch's multi-device forward, which DataParallel variants override or wrap
    # (Synchronized-BatchNorm's patch_replication_callback replaces replicate). With one device the
    # replica is the module itself, as the device-0 replica shares its parameters in PyTorch.
    def replicate(self, module, device_ids):
        return [module for _ in device_ids]

    def scatter(self, inputs, kwargs, device_ids):
        return scatter_kwargs(inputs, kwargs, device_ids, dim=self.dim)

    def parallel_apply(self, replicas, inputs, kwargs):
        return parallel_apply(replicas, inputs, kwargs, self.device_ids[:len(replicas)])

    def gather(self, outputs, output_device):
        return gather(outputs, output_device, dim=self.dim)


def data_parallel(module, inputs, device_ids=None, output_device=None, dim=0, module_kwargs=None):
    if not isinstance(inputs, tuple):
        inputs = (inputs,) if inputs is not None else ()
    return module(*inputs, **(module_kwargs or {}))
