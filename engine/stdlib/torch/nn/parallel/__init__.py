# torch.nn.parallel: DataParallel and DistributedDataParallel. Kiln runs one process on one device,
# so DataParallel wraps the module as PyTorch's does without several GPUs (forward calls the module;
# its parameters appear under "module." in state_dict), and DistributedDataParallel needs a process
# group, which Kiln cannot make (torch.distributed is not provided): constructing one raises
# PyTorch's error for a missing default group.
import torch.nn as nn

__all__ = ["DataParallel", "DistributedDataParallel", "data_parallel"]


class DataParallel(nn.Module):
    def __init__(self, module, device_ids=None, output_device=None, dim=0):
        super().__init__()
        self.module = module
        self.device_ids = [] if device_ids is None else list(device_ids)
        self.output_device = output_device
        self.dim = dim

    def forward(self, *inputs, **kwargs):
        return self.module(*inputs, **kwargs)


class DistributedDataParallel(nn.Module):
    def __init__(self, module, device_ids=None, output_device=None, dim=0, broadcast_buffers=True, process_group=None,
                 bucket_cap_mb=None, find_unused_parameters=False, check_reduction=False, gradient_as_bucket_view=False,
                 static_graph=False, **kwargs):
        raise RuntimeError(
            "Default process group has not been initialized, please make sure to call init_process_group."
        )


def data_parallel(module, inputs, device_ids=None, output_device=None, dim=0, module_kwargs=None):
    if not isinstance(inputs, tuple):
        inputs = (inputs,) if inputs is not None else ()
    return module(*inputs, **(module_kwargs or {}))
