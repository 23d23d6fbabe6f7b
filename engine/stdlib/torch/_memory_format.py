# torch.memory_format and its four values (torch.contiguous_format, torch.preserve_format,
# torch.channels_last, torch.channels_last_3d), which programs pass as memory_format= to clone,
# contiguous, to, is_contiguous and the *_like factories; the layouts themselves are made natively
# (engine/ops/output_layout.h), convolutions, batch norm and the GPU's max pool keeping channels_last
# as ATen's do. Dynamo treats the values as constants (as its common_constant_types).

__all__ = ["memory_format", "contiguous_format", "preserve_format", "channels_last", "channels_last_3d"]


class memory_format:
    __module__ = "torch"

    def __init__(self, name):
        self._name = name

    def __repr__(self):
        return "torch." + self._name

    def __reduce__(self):
        return self._name


contiguous_format = memory_format("contiguous_format")
preserve_format = memory_format("preserve_format")
channels_last = memory_format("channels_last")
channels_last_3d = memory_format("channels_last_3d")
