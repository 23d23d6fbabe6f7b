# torch.storage: UntypedStorage, the byte storage under tensors (torch.UntypedStorage, bindings/tensor.cpp):
# what x.untyped_storage() returns and torch.load hands to a callable map_location
# (`map_location=lambda storage, loc: storage`, `lambda s, loc: s.cuda(0)`); and TypedStorage, the
# deprecated typed view of it that x.storage() still returns in PyTorch 2 (older code and books index
# it, take its size() in elements and compare data_ptr()s to show which tensors share memory). Each
# public TypedStorage call warns once per process, as PyTorch's _warn_typed_storage_removal does;
# element access goes through a 1-D tensor set_ over the bytes.
import warnings

import torch

__all__ = ["UntypedStorage", "TypedStorage"]

UntypedStorage = torch.UntypedStorage

_has_warned = False


def _warn_typed_storage_removal(stacklevel=2):
    global _has_warned
    if not _has_warned:
        message = (
            "TypedStorage is deprecated. It will be removed in the future and "
            "UntypedStorage will be the only storage class. This should only matter "
            "to you if you are using storages directly.  To access UntypedStorage "
            "directly, use tensor.untyped_storage() instead of tensor.storage()"
        )
        warnings.warn(message, UserWarning, stacklevel=stacklevel + 1)
        _has_warned = True


def _reset_warn_typed_storage_removal():
    global _has_warned
    _has_warned = False


class TypedStorage:
    is_sparse = False

    def __init__(self, *args, device=None, dtype=None, wrap_storage=None, _internal=False):
        if not _internal:
            _warn_typed_storage_removal()
        arg_error_msg = (
            "TypedStorage.__init__ received an invalid combination "
            "of arguments. Expected one of:\n"
            " * (*, torch.device device, torch.dtype dtype)\n"
            " * (int size, *, torch.device device, torch.dtype dtype)\n"
            " * (Sequence data, *, torch.device device, torch.dtype dtype)\n"
            " * (*, UntypedStorage wrap_storage, torch.dtype dtype)"
        )
        if wrap_storage is not None:
            if len(args) != 0:
                raise RuntimeError(arg_error_msg + "\nNo positional arguments should be given when using 'wrap_storage'")
            if dtype is None:
                raise RuntimeError(arg_error_msg + "\nArgument 'dtype' must be specified")
            if not isinstance(dtype, torch.dtype):
                raise TypeError(arg_error_msg + f"\nArgument 'dtype' must be torch.dtype, not {type(dtype)}")
            if device is not None:
                raise RuntimeError(arg_error_msg + "\nArgument 'device' should not be specified when 'wrap_storage' is given")
            if not isinstance(wrap_storage, torch.UntypedStorage):
                raise TypeError(arg_error_msg + f"\nArgument 'wrap_storage' must be UntypedStorage, but got {type(wrap_storage)}")
            self.dtype = dtype
            self._untyped_storage = wrap_storage
            return
        self.dtype = torch.get_default_dtype() if dtype is None else dtype
        device = torch.device("cpu" if device is None else device)
        if len(args) == 0:
            data = torch.empty(0, dtype=self.dtype, device=device)
        elif len(args) == 1 and isinstance(args[0], int):
            data = torch.zeros(args[0], dtype=self.dtype, device=device)
        elif len(args) == 1 and isinstance(args[0], (list, tuple)):
            data = torch.tensor(args[0], dtype=self.dtype, device=device)
        elif len(args) == 1:
            raise TypeError(arg_error_msg + f"\nArgument type not recognized: {type(args[0])}")
        else:
            raise RuntimeError(arg_error_msg + "\nToo many positional arguments")
        self._untyped_storage = data.untyped_storage()

    # The storage's elements as a 1-D tensor of its dtype (shares the bytes).
    def _flat(self):
        return torch.empty(0, dtype=self.dtype, device=self._untyped_storage.device).set_(self._untyped_storage)

    def _size(self):
        return self._untyped_storage.nbytes() // self._element_size()

    def _element_size(self):
        return torch.empty(0, dtype=self.dtype).element_size()

    def _new_wrapped_storage(self, untyped_storage):
        return TypedStorage(wrap_storage=untyped_storage, dtype=self.dtype, _internal=True)

    def _maybe_wrap_index(self, idx):
        if type(idx) != int:
            raise TypeError(f"can't index a {type(self)} with {type(idx)}")
        if idx >= self._size() or idx < -self._size():
            raise IndexError(f"index {idx} out of range for storage of size {self._size()}")
        return idx % self._size()

    @property
    def device(self):
        _warn_typed_storage_removal()
        return self._untyped_storage.device

    @property
    def is_cuda(self):
        _warn_typed_storage_removal()
        return self._untyped_storage.device.type == "cuda"

    def untyped(self):
        _warn_typed_storage_removal()
        return self._untyped_storage

    def size(self):
        _warn_typed_storage_removal()
        return self._size()

    def __len__(self):
        _warn_typed_storage_removal()
        return self._size()

    def nbytes(self):
        _warn_typed_storage_removal()
        return self._untyped_storage.nbytes()

    def element_size(self):
        _warn_typed_storage_removal()
        return self._element_size()

    def data_ptr(self):
        _warn_typed_storage_removal()
        return self._untyped_storage.data_ptr()

    def get_device(self):
        _warn_typed_storage_removal()
        return self._untyped_storage.device.index if self._untyped_storage.device.type == "cuda" else -1

    def __getitem__(self, idx):
        _warn_typed_storage_removal()
        if isinstance(idx, slice):
            raise RuntimeError("slices are only supported in UntypedStorage.__getitem__")
        if not isinstance(idx, int):
            raise RuntimeError(f"can't index a {type(self)} with {type(idx)}")
        return self._flat()[self._maybe_wrap_index(idx)].item()

    def __setitem__(self, idx, value):
        _warn_typed_storage_removal()
        if not isinstance(idx, (int, slice)):
            raise RuntimeError(f"can't index a {type(self)} with {type(idx)}")
        self._flat()[idx] = value

    def fill_(self, value):
        _warn_typed_storage_removal()
        self._flat().fill_(value)
        return self

    def __iter__(self):
        _warn_typed_storage_removal()
        return iter(self._flat().tolist())

    def tolist(self):
        _warn_typed_storage_removal()
        return self._flat().tolist()

    def __str__(self):
        _warn_typed_storage_removal()
        info_str = f"[{torch.typename(self)}(dtype={self.dtype}, device={self.device}) of size {len(self)}]"
        data_str = " " + "\n ".join(str(v) for v in self._flat().tolist())
        return data_str + "\n" + info_str

    def __repr__(self):
        _warn_typed_storage_removal()
        return str(self)

    def copy_(self, source, non_blocking=None):
        _warn_typed_storage_removal()
        src = source._flat() if isinstance(source, TypedStorage) else source
        self._flat().copy_(src)
        return self

    def clone(self):
        _warn_typed_storage_removal()
        return self._new_wrapped_storage(self._untyped_storage.clone())

    def cpu(self):
        _warn_typed_storage_removal()
        return self._new_wrapped_storage(self._untyped_storage.cpu())

    def cuda(self, device=None, non_blocking=False):
        _warn_typed_storage_removal()
        return self._new_wrapped_storage(self._untyped_storage.cuda())

    def type(self, dtype=None, non_blocking=False):
        _warn_typed_storage_removal()
        if dtype is None:
            return "torch.storage.TypedStorage"
        return self._untyped_storage.type(dtype, non_blocking)

    def _to(self, dtype):
        if not isinstance(dtype, torch.dtype):
            raise TypeError(f"Argument 'dtype' must be torch.dtype, not {type(dtype)}")
        flat = self._flat()
        out = flat.to(dtype)
        if out.data_ptr() == flat.data_ptr():
            out = out.clone()
        return TypedStorage(wrap_storage=out.untyped_storage(), dtype=dtype, _internal=True)

    def double(self):
        _warn_typed_storage_removal()
        return self._to(torch.double)

    def float(self):
        _warn_typed_storage_removal()
        return self._to(torch.float)

    def half(self):
        _warn_typed_storage_removal()
        return self._to(torch.half)

    def long(self):
        _warn_typed_storage_removal()
        return self._to(torch.long)

    def int(self):
        _warn_typed_storage_removal()
        return self._to(torch.int)

    def short(self):
        _warn_typed_storage_removal()
        return self._to(torch.short)

    def char(self):
        _warn_typed_storage_removal()
        return self._to(torch.int8)

    def byte(self):
        _warn_typed_storage_removal()
        return self._to(torch.uint8)

    def bool(self):
        _warn_typed_storage_removal()
        return self._to(torch.bool)

    def bfloat16(self):
        _warn_typed_storage_removal()
        return self._to(torch.bfloat16)


TypedStorage.__module__ = "torch.storage"


# Tensor.storage() (deprecated: warns once) and Tensor._typed_storage() (no warning): the tensor's
# whole storage typed by its dtype.
def _tensor_storage(self):
    _warn_typed_storage_removal(stacklevel=2)
    return _tensor_typed_storage(self)


def _tensor_typed_storage(self):
    return TypedStorage(wrap_storage=self.untyped_storage(), dtype=self.dtype, _internal=True)


def is_storage(obj):
    return type(obj) in (TypedStorage, UntypedStorage)
