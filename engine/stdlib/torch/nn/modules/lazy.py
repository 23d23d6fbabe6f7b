# torch.nn.modules.lazy: LazyModuleMixin and the lazy layers (LazyLinear, LazyConv1d/2d/3d,
# LazyConvTranspose1d/2d/3d, LazyBatchNorm1d/2d/3d, LazyInstanceNorm1d/2d), which infer their input
# size from the first batch. d2l's models are built from them (nn.LazyLinear, nn.LazyConv2d,
# nn.LazyBatchNorm2d), as is much code that follows the book.
#
# As in PyTorch, a lazy layer is its concrete layer (the native Linear/Conv/BatchNorm of
# bindings/nn.cpp, or a Python layer of _modules_ext.py) built with zero input size, whose weights
# are UninitializedParameter/UninitializedBuffer placeholders (native, bindings/nn.cpp). A forward
# pre-hook runs initialize_parameters on the first input: the placeholders are materialized in place
# (an optimizer made before holds the same objects), reset_parameters draws their initial values
# exactly as the concrete layer's constructor would, the hooks are removed and the object's class
# becomes cls_to_become, so it prints and behaves as the plain layer from then on. A load_state_dict
# pre-hook materializes the placeholders from a checkpoint's shapes. Each class's __module__ is the
# PyTorch file that defines it (linear, conv, batchnorm, instancenorm).

import itertools

import torch
import torch.nn as nn
from torch.nn import UninitializedBuffer, UninitializedParameter

__all__ = ["LazyModuleMixin", "LazyLinear", "LazyConv1d", "LazyConv2d", "LazyConv3d", "LazyConvTranspose1d",
           "LazyConvTranspose2d", "LazyConvTranspose3d", "LazyBatchNorm1d", "LazyBatchNorm2d", "LazyBatchNorm3d",
           "LazyInstanceNorm1d", "LazyInstanceNorm2d"]


def is_lazy(param):
    return isinstance(param, (UninitializedParameter, UninitializedBuffer))


class LazyModuleMixin:
    # modules inheriting from this will change their __class__ to the specified
    # one after they are fully initialized
    cls_to_become = None

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._load_hook = self._register_load_state_dict_pre_hook(self._lazy_load_hook)
        self._initialize_hook = self.register_forward_pre_hook(self._infer_parameters, with_kwargs=True)

    def _lazy_load_hook(self, state_dict, prefix, local_metadata, strict, missing_keys, unexpected_keys, error_msgs):
        for name, param in itertools.chain(self._parameters.items(), self._buffers.items()):
            key = prefix + name
            if key in state_dict and param is not None:
                input_param = state_dict[key]
                if is_lazy(param):
                    # The current parameter is not initialized but the one being loaded one is
                    # create a new parameter based on the uninitialized one
                    if not is_lazy(input_param):
                        with torch.no_grad():
                            param.materialize(input_param.shape)
        # _materialize removes hooks, but only for future calls; the current load completes normally.
        if not self.has_uninitialized_params():
            self._lazy_load_pre_materialize_hook()
            self._materialize()

    def _lazy_load_pre_materialize_hook(self):
        pass

    def _materialize(self):
        self._initialize_hook.remove()
        self._load_hook.remove()
        delattr(self, '_initialize_hook')
        delattr(self, '_load_hook')
        if self.cls_to_become is not None:
            self.__class__ = self.cls_to_become

    def initialize_parameters(self, *args, **kwargs):
        raise NotImplementedError(f"initialize_parameters is not implemented for {self.__class__.__name__}")

    def has_uninitialized_params(self):
        for param in itertools.chain(self._parameters.values(), self._buffers.values()):
            if is_lazy(param):
                return True
        return False

    def _infer_parameters(self, module, args, kwargs=None):
        kwargs = kwargs if kwargs else {}
        module.initialize_parameters(*args, **kwargs)
        if module.has_uninitialized_params():
            raise RuntimeError(f'module {self._get_name()} has not been fully initialized')
        module._materialize()

    def _replicate_for_data_parallel(self):
        raise RuntimeError("Modules with uninitialized parameters can't be used with `DataParallel`. "
                           "Run a dummy forward pass to correctly initialize the modules")


# ---- linear ------------------------------------------------------------------------------------------

class LazyLinear(LazyModuleMixin, nn.Linear):
    cls_to_become = nn.Linear

    def __init__(self, out_features, bias=True, device=None, dtype=None):
        factory_kwargs = {"device": device, "dtype": dtype}
        # bias is hardcoded to False to avoid creating tensor
        # that will soon be overwritten.
        super().__init__(0, 0, False)
        self.weight = UninitializedParameter(**factory_kwargs)
        self.out_features = out_features
        if bias:
            self.bias = UninitializedParameter(**factory_kwargs)

    def reset_parameters(self):
        if not self.has_uninitialized_params() and self.in_features != 0:
            super().reset_parameters()

    def initialize_parameters(self, input):
        if self.has_uninitialized_params():
            with torch.no_grad():
                self.in_features = input.shape[-1]
                self.weight.materialize((self.out_features, self.in_features))
                if self.bias is not None:
                    self.bias.materialize((self.out_features,))
                self.reset_parameters()

    def _lazy_load_pre_materialize_hook(self):
        self.in_features = self.weight.shape[1]


LazyLinear.__module__ = "torch.nn.modules.linear"


# ---- convolutions ------------------------------------------------------------------------------------

class _LazyConvXdMixin(LazyModuleMixin):
    def reset_parameters(self):
        if not self.has_uninitialized_params() and self.in_channels != 0:
            super().reset_parameters()

    def initialize_parameters(self, input, *args, **kwargs):
        if self.has_uninitialized_params():
            self.in_channels = self._get_in_channels(input)
            if self.in_channels % self.groups != 0:
                raise ValueError("in_channels must be divisible by groups")
            if self.transposed:
                self.weight.materialize((self.in_channels, self.out_channels // self.groups, *self.kernel_size))
            else:
                self.weight.materialize((self.out_channels, self.in_channels // self.groups, *self.kernel_size))
            if self.bias is not None:
                self.bias.materialize((self.out_channels,))
            self.reset_parameters()

    def _get_in_channels(self, input):
        num_spatial_dims = self._get_num_spatial_dims()
        num_dims_no_batch = num_spatial_dims + 1  # +1 for channels dim
        num_dims_batch = num_dims_no_batch + 1
        if input.dim() not in (num_dims_no_batch, num_dims_batch):
            raise RuntimeError(f"Expected {num_dims_no_batch}D (unbatched) or {num_dims_batch}D (batched) input "
                               f"to {self.__class__.__name__}, but got input of size: {input.shape}")
        return input.shape[1] if input.dim() == num_dims_batch else input.shape[0]

    def _get_num_spatial_dims(self):
        raise NotImplementedError

    def _lazy_load_pre_materialize_hook(self):
        if self.transposed:
            self.in_channels = self.weight.shape[0]
        else:
            self.in_channels = self.weight.shape[1] * self.groups


def _lazy_conv(base, ndim):
    class LazyConv(_LazyConvXdMixin, base):
        cls_to_become = base

        def __init__(self, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1, bias=True,
                     padding_mode="zeros", device=None, dtype=None):
            factory_kwargs = {"device": device, "dtype": dtype}
            # bias is hardcoded to False to avoid creating tensor
            # that will soon be overwritten.
            base.__init__(self, 0, 0, kernel_size, stride, padding, dilation, groups, False, padding_mode)
            self._lazy_hooks()
            self.weight = UninitializedParameter(**factory_kwargs)
            self.out_channels = out_channels
            if bias:
                self.bias = UninitializedParameter(**factory_kwargs)

        def _get_num_spatial_dims(self):
            return ndim

    return LazyConv


def _lazy_conv_transpose(base, ndim):
    class LazyConvTranspose(_LazyConvXdMixin, base):
        cls_to_become = base

        def __init__(self, out_channels, kernel_size, stride=1, padding=0, output_padding=0, groups=1, bias=True,
                     dilation=1, padding_mode="zeros", device=None, dtype=None):
            factory_kwargs = {"device": device, "dtype": dtype}
            base.__init__(self, 0, 0, kernel_size, stride, padding, output_padding, groups, False, dilation,
                          padding_mode)
            self._lazy_hooks()
            self.weight = UninitializedParameter(**factory_kwargs)
            self.out_channels = out_channels
            if bias:
                self.bias = UninitializedParameter(**factory_kwargs)

        def _get_num_spatial_dims(self):
            return ndim

    return LazyConvTranspose


# ---- normalization -----------------------------------------------------------------------------------

class _LazyNormBase(LazyModuleMixin):
    def _lazy_norm_init(self, base, eps, momentum, affine, track_running_stats, device, dtype):
        factory_kwargs = {"device": device, "dtype": dtype}
        # affine and track_running_stats are hardcoded to False to
        # avoid creating tensors that will soon be overwritten.
        base.__init__(self, 0, eps, momentum, False, False)
        self._lazy_hooks()
        self.affine = affine
        self.track_running_stats = track_running_stats
        if self.affine:
            self.weight = UninitializedParameter(**factory_kwargs)
            self.bias = UninitializedParameter(**factory_kwargs)
        if self.track_running_stats:
            self.running_mean = UninitializedBuffer(**factory_kwargs)
            self.running_var = UninitializedBuffer(**factory_kwargs)
            self.num_batches_tracked = torch.tensor(0, dtype=torch.long, device=device)

    def reset_parameters(self):
        if not self.has_uninitialized_params() and self.num_features != 0:
            super().reset_parameters()

    def initialize_parameters(self, input):
        if self.has_uninitialized_params():
            self.num_features = input.shape[1]
            if self.affine:
                self.weight.materialize((self.num_features,))
                self.bias.materialize((self.num_features,))
            if self.track_running_stats:
                self.running_mean.materialize((self.num_features,))
                self.running_var.materialize((self.num_features,))
            self.reset_parameters()


def _lazy_norm(base, affine_default, track_default):
    class LazyNorm(_LazyNormBase, base):
        cls_to_become = base

        def __init__(self, eps=1e-5, momentum=0.1, affine=affine_default, track_running_stats=track_default,
                     device=None, dtype=None):
            self._lazy_norm_init(base, eps, momentum, affine, track_running_stats, device, dtype)

    return LazyNorm


def _lazy_hooks(self):
    # LazyModuleMixin.__init__'s hooks, for the layers whose constructor calls the concrete layer's
    # __init__ directly (their arguments differ from the concrete layer's).
    self._load_hook = self._register_load_state_dict_pre_hook(self._lazy_load_hook)
    self._initialize_hook = self.register_forward_pre_hook(self._infer_parameters, with_kwargs=True)


LazyModuleMixin._lazy_hooks = _lazy_hooks


def _named(cls, name, module):
    cls.__name__ = name
    cls.__qualname__ = name
    cls.__module__ = module
    return cls


LazyConv1d = _named(_lazy_conv(nn.Conv1d, 1), "LazyConv1d", "torch.nn.modules.conv")
LazyConv2d = _named(_lazy_conv(nn.Conv2d, 2), "LazyConv2d", "torch.nn.modules.conv")
LazyConv3d = _named(_lazy_conv(nn.Conv3d, 3), "LazyConv3d", "torch.nn.modules.conv")
LazyConvTranspose1d = _named(_lazy_conv_transpose(nn.ConvTranspose1d, 1), "LazyConvTranspose1d", "torch.nn.modules.conv")
LazyConvTranspose2d = _named(_lazy_conv_transpose(nn.ConvTranspose2d, 2), "LazyConvTranspose2d", "torch.nn.modules.conv")
LazyConvTranspose3d = _named(_lazy_conv_transpose(nn.ConvTranspose3d, 3), "LazyConvTranspose3d", "torch.nn.modules.conv")
LazyBatchNorm1d = _named(_lazy_norm(nn.BatchNorm1d, True, True), "LazyBatchNorm1d", "torch.nn.modules.batchnorm")
LazyBatchNorm2d = _named(_lazy_norm(nn.BatchNorm2d, True, True), "LazyBatchNorm2d", "torch.nn.modules.batchnorm")
LazyBatchNorm3d = _named(_lazy_norm(nn.BatchNorm3d, True, True), "LazyBatchNorm3d", "torch.nn.modules.batchnorm")
# PyTorch's lazy instance norms take _LazyNormBase's defaults (affine and track_running_stats True),
# not InstanceNorm's.
LazyInstanceNorm1d = _named(_lazy_norm(nn.InstanceNorm1d, True, True), "LazyInstanceNorm1d",
                            "torch.nn.modules.instancenorm")
LazyInstanceNorm2d = _named(_lazy_norm(nn.InstanceNorm2d, True, True), "LazyInstanceNorm2d",
                            "torch.nn.modules.instancenorm")
