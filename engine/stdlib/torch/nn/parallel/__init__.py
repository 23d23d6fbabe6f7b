# torch.nn.parallel: DataParallel and DistributedDataParallel. Kiln runs one process on one device,
# so DataParallel wraps the module as PyTorch's does without several GPUs (forward calls the module;
# its parameters appear under "module." in state_dict), and DistributedDataParallel needs a process
# group: without one it raises PyTorch 2's ValueError for a missing default group; in a group of one (all
# Kiln's torch.distributed makes) it checks its arguments as PyTorch does and wraps the module.
# DataParallel is defined in torch.nn.parallel.data_parallel as in PyTorch (Synchronized-BatchNorm's
# replicate.py imports it from there). The machinery under it that copied DataParallel variants import
# (_functions' Scatter/Gather/Broadcast/ReduceAddCoalesced, parallel_apply, scatter_gather) is in the
# submodules.
import torch.nn as nn
from torch.nn.parallel.data_parallel import DataParallel, data_parallel

__all__ = ["DataParallel", "DistributedDataParallel", "data_parallel"]


class DistributedDataParallel(nn.Module):
    # PyTorch's constructor checks, then the module as the only replica: with one rank the
    # parameter broadcast from rank 0 and the gradient all-reduce (averaged over the world size)
    # leave every value as it is, so forward calls the module and backward is the module's own.
    def __init__(self, module, device_ids=None, output_device=None, dim=0, broadcast_buffers=True, process_group=None,
                 bucket_cap_mb=None, find_unused_parameters=False, check_reduction=False, gradient_as_bucket_view=False,
                 static_graph=False, **kwargs):
        super().__init__()
        import torch.distributed as dist
        if process_group is None:
            if not dist.is_initialized():
                # distributed_c10d._get_default_group's error
                raise ValueError(
                    "Default process group has not been initialized, please make sure to call init_process_group."
                )
            process_group = dist.group.WORLD
        self.process_group = process_group
        if hasattr(module, "_ddp_params_and_buffers_to_ignore"):
            self.parameters_to_ignore = set(module._ddp_params_and_buffers_to_ignore)
        else:
            self.parameters_to_ignore = set()
        module_parameters = [p for n, p in module.named_parameters() if n not in self.parameters_to_ignore]
        if not any(p.requires_grad for p in module_parameters):
            raise RuntimeError("DistributedDataParallel is not needed when a module "
                               "doesn't have any parameter that requires a gradient.")
        if device_ids is not None and len(device_ids) > 1:
            raise ValueError("device_ids can only be None or contain a single element.")
        self.is_multi_device_module = len({str(p.device) for p in module_parameters}) > 1
        distinct_device_types = {p.device.type for p in module_parameters}
        if len(distinct_device_types) != 1:
            raise ValueError("DistributedDataParallel's input module must be on "
                             f"the same type of devices, but input module parameters locate in {distinct_device_types}.")
        self.device_type = next(iter(distinct_device_types))
        if device_ids is None or len(device_ids) == 0 or self.device_type == "cpu" or self.is_multi_device_module:
            if device_ids or output_device:
                raise ValueError(
                    "DistributedDataParallel device_ids and output_device arguments "
                    "only work with single-device/multiple-device GPU modules or CPU modules, "
                    "but got device_ids {}, output_device {}, and module parameters {}.".format(
                        device_ids, output_device, {p.device for p in module_parameters}))
            self.device_ids = None
            self.output_device = None
        else:
            self.device_ids = [int(getattr(x, "index", x)) for x in device_ids]
            if output_device is None:
                output_device = device_ids[0]
            self.output_device = int(getattr(output_device, "index", output_device))
        self.dim = dim
        self.module = module
        self.device = next(iter(module_parameters)).device
        self.broadcast_buffers = broadcast_buffers
        self.find_unused_parameters = find_unused_parameters
        self.require_backward_grad_sync = True
        self.require_forward_param_sync = True
        self.gradient_as_bucket_view = gradient_as_bucket_view
        self.static_graph = static_graph
        if check_reduction:
            import warnings
            warnings.warn("The `check_reduction` argument in `DistributedDataParallel` module is deprecated. "
                          "Please avoid using it.", FutureWarning, stacklevel=2)

    def forward(self, *inputs, **kwargs):
        return self.module(*inputs, **kwargs)

    def no_sync(self):
        # A context manager turning gradient synchronization off inside it (PyTorch's no_sync).
        ddp = self

        class _NoSync:
            def __enter__(self):
                self.old = ddp.require_backward_grad_sync
                ddp.require_backward_grad_sync = False

            def __exit__(self, *exc):
                ddp.require_backward_grad_sync = self.old
                return False

        return _NoSync()

    def _set_static_graph(self):
        self.static_graph = True

    def register_comm_hook(self, state, hook):
        if not callable(hook):
            raise TypeError("Communication hook must be callable.")
