# torch.nn.modules.batchnorm: PyTorch's batch-norm hierarchy. _NormBase, _BatchNorm and
# BatchNorm1d/2d/3d are native layers (engine/bindings/nn.cpp: a C++ nn::BatchNorm under each, so
# tracing, scripting and torch.compile see aten::batch_norm); this file adds what PyTorch writes in
# Python on top of them: _NormBase._load_from_state_dict (checkpoints older than version 2 have no
# num_batches_tracked), SyncBatchNorm (one process: _BatchNorm's computation, as PyTorch falls back to
# F.batch_norm when there is nothing to synchronize) and convert_sync_batchnorm.
import torch
import torch.nn as nn
import torch.nn.functional as F

__all__ = ["BatchNorm1d", "LazyBatchNorm1d", "BatchNorm2d", "LazyBatchNorm2d", "BatchNorm3d", "LazyBatchNorm3d",
           "SyncBatchNorm"]

BatchNorm1d = nn.BatchNorm1d
BatchNorm2d = nn.BatchNorm2d
BatchNorm3d = nn.BatchNorm3d
# The native bases (not attributes of torch.nn, as in PyTorch).
_BatchNorm = BatchNorm1d.__bases__[0]
_NormBase = _BatchNorm.__bases__[0]


def _norm_base_load_from_state_dict(self, state_dict, prefix, local_metadata, strict, missing_keys,
                                    unexpected_keys, error_msgs):
    # _NormBase._load_from_state_dict (bound as the native _NormBase's method).
    version = local_metadata.get("version", None)

    if (version is None or version < 2) and self.track_running_stats:
        # at version 2: added num_batches_tracked buffer
        #               this should have a default value of 0
        num_batches_tracked_key = prefix + "num_batches_tracked"
        if num_batches_tracked_key not in state_dict:
            # (PyTorch compares with torch.device("meta"); Kiln has no meta device, so the type names.)
            state_dict[num_batches_tracked_key] = (
                self.num_batches_tracked
                if self.num_batches_tracked is not None and self.num_batches_tracked.device.type != "meta"
                else torch.tensor(0, dtype=torch.long)
            )

    nn.Module._load_from_state_dict(self, state_dict, prefix, local_metadata, strict, missing_keys,
                                    unexpected_keys, error_msgs)


class SyncBatchNorm(_BatchNorm):
    def __init__(self, num_features, eps=1e-5, momentum=0.1, affine=True, track_running_stats=True,
                 process_group=None, device=None, dtype=None):
        factory_kwargs = {"device": device, "dtype": dtype}
        super().__init__(num_features, eps, momentum, affine, track_running_stats, **factory_kwargs)
        self.process_group = process_group

    def _check_input_dim(self, input):
        if input.dim() < 2:
            raise ValueError(f"expected at least 2D input (got {input.dim()}D input)")

    def _check_non_zero_input_channels(self, input):
        if input.size(1) == 0:
            raise ValueError("SyncBatchNorm number of input channels should be non-zero")

    def forward(self, input):
        self._check_input_dim(input)
        self._check_non_zero_input_channels(input)

        if self.momentum is None:
            exponential_average_factor = 0.0
        else:
            exponential_average_factor = self.momentum

        if self.training and self.track_running_stats:
            assert self.num_batches_tracked is not None
            self.num_batches_tracked.add_(1)
            if self.momentum is None:  # use cumulative moving average
                exponential_average_factor = 1.0 / self.num_batches_tracked.item()
            else:  # use exponential moving average
                exponential_average_factor = self.momentum

        # Mini-batch stats are used in training mode, and in eval mode when buffers are None.
        if self.training:
            bn_training = True
        else:
            bn_training = (self.running_mean is None) and (self.running_var is None)

        # If buffers are not to be tracked, ensure that they won't be updated
        running_mean = self.running_mean if not self.training or self.track_running_stats else None
        running_var = self.running_var if not self.training or self.track_running_stats else None

        # Don't sync batchnorm stats in inference mode (model.eval()).
        need_sync = (bn_training and self.training and torch.distributed.is_available()
                     and torch.distributed.is_initialized())
        if need_sync:
            # currently only GPU input is supported
            if input.device.type not in ["cuda", "privateuseone"]:
                raise ValueError("SyncBatchNorm expected input tensor to be on GPU or privateuseone")
            process_group = torch.distributed.group.WORLD
            if self.process_group:
                process_group = self.process_group
            world_size = torch.distributed.get_world_size(process_group)
            need_sync = world_size > 1
            if need_sync:
                raise NotImplementedError("SyncBatchNorm across processes is not supported in Kiln (one process)")

        # fallback to framework BN when synchronization is not necessary
        return F.batch_norm(input, running_mean, running_var, self.weight, self.bias, bn_training,
                            exponential_average_factor, self.eps)

    @classmethod
    def convert_sync_batchnorm(cls, module, process_group=None):
        module_output = module
        if isinstance(module, _BatchNorm):
            module_output = torch.nn.SyncBatchNorm(
                module.num_features,
                module.eps,
                module.momentum,
                module.affine,
                module.track_running_stats,
                process_group,
            )
            if module.affine:
                with torch.no_grad():
                    module_output.weight = module.weight
                    module_output.bias = module.bias
            module_output.running_mean = module.running_mean
            module_output.running_var = module.running_var
            module_output.num_batches_tracked = module.num_batches_tracked
            module_output.training = module.training
            if hasattr(module, "qconfig"):
                module_output.qconfig = module.qconfig
        for name, child in module.named_children():
            module_output.add_module(name, cls.convert_sync_batchnorm(child, process_group))
        del module
        return module_output



def __getattr__(name):
    # The lazy batch norms live in modules/lazy.py (imported on first use, as torch.nn does).
    if name in ("LazyBatchNorm1d", "LazyBatchNorm2d", "LazyBatchNorm3d"):
        return getattr(nn, name)
    raise AttributeError(f"module 'torch.nn.modules.batchnorm' has no attribute '{name}'")
