# torch.storage: UntypedStorage, the byte storage under tensors (torch.UntypedStorage, bindings/tensor.cpp):
# what x.untyped_storage() returns and torch.load hands to a callable map_location
# (`map_location=lambda storage, loc: storage`, `lambda s, loc: s.cuda(0)`); and TypedStorage, the
# deprecated dtype view of one that x.storage() returns (torch/storage.py's TypedStorage over
# UntypedStorage): size() in elements, element access reading and writing the tensor's memory through
# a 1-D tensor set_() over the storage, data_ptr, tolist, iteration and PyTorch's printout, with the
# one-time "TypedStorage is deprecated" UserWarning (_warn_typed_storage_removal). Storage tutorials
# (`a.storage().size()`, `a.storage()[0] = 2.0`, `a.storage().data_ptr() == b.storage().data_ptr()`)
# run on it. Not modelled: the legacy <type>Storage classes, from_buffer/from_file, shared memory.
import collections.abc
import io
import warnings

import torch

__all__ = ["TypedStorage", "UntypedStorage"]

UntypedStorage = torch.UntypedStorage

_always_warn_typed_storage_removal = False


def _get_always_warn_typed_storage_removal():
    return _always_warn_typed_storage_removal


def _set_always_warn_typed_storage_removal(always_warn):
    global _always_warn_typed_storage_removal
    assert isinstance(always_warn, bool)
    _always_warn_typed_storage_removal = always_warn


def _warn_typed_storage_removal(stacklevel=2):
    def is_first_time():
        if not hasattr(_warn_typed_storage_removal, "has_warned"):
            return True
        else:
            return not _warn_typed_storage_removal.__dict__["has_warned"]

    if _get_always_warn_typed_storage_removal() or is_first_time():
        message = (
            "TypedStorage is deprecated. It will be removed in the future and "
            "UntypedStorage will be the only storage class. This should only matter "
            "to you if you are using storages directly.  To access UntypedStorage "
            "directly, use tensor.untyped_storage() instead of tensor.storage()"
        )
        warnings.warn(message, UserWarning, stacklevel=stacklevel + 1)
        _warn_typed_storage_removal.__dict__["has_warned"] = True


def _reset_warn_typed_storage_removal():
    _warn_typed_storage_removal.__dict__["has_warned"] = False


def _typed_storage_of(untyped, dtype):
    # Tensor.storage() / Tensor._typed_storage() (bindings/tensor.cpp) build their result here
    return TypedStorage(wrap_storage=untyped, dtype=dtype, _internal=True)


def _load_from_bytes(b):
    return torch.load(io.BytesIO(b), weights_only=False)


def _element_size(dtype):
    return torch.empty((), dtype=dtype).element_size()


# torch/storage.py's _dtype_to_storage_type_map: the dtypes that had a legacy storage class.
_LEGACY_STORAGE_NAMES = {
    torch.double: "DoubleStorage", torch.float: "FloatStorage", torch.half: "HalfStorage", torch.long: "LongStorage",
    torch.int: "IntStorage", torch.int16: "ShortStorage", torch.int8: "CharStorage", torch.uint8: "ByteStorage",
    torch.bool: "BoolStorage", torch.bfloat16: "BFloat16Storage",
}


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
            self.dtype = dtype
            if not isinstance(wrap_storage, torch.UntypedStorage):
                raise TypeError(arg_error_msg + f"\nArgument 'wrap_storage' must be UntypedStorage, but got {type(wrap_storage)}")
            self._untyped_storage = wrap_storage
        else:
            self.dtype = torch.get_default_dtype() if dtype is None else dtype
            device = torch.device("cpu" if device is None else device)
            if len(args) == 0:
                self._untyped_storage = torch.empty(0, dtype=self.dtype, device=device).untyped_storage()
            elif len(args) == 1:
                if isinstance(args[0], int):
                    self._untyped_storage = torch.empty(int(args[0]), dtype=self.dtype, device=device).untyped_storage()
                elif isinstance(args[0], collections.abc.Sequence):
                    self._untyped_storage = torch.tensor(args[0], dtype=self.dtype, device=device).untyped_storage()
                else:
                    raise TypeError(arg_error_msg + f"\nArgument type not recognized: {type(args[0])}")
            else:
                raise RuntimeError(arg_error_msg + "\nToo many positional arguments")

    @property
    def _dtype(self):
        return self.dtype

    @property
    def is_cuda(self):
        _warn_typed_storage_removal()
        return self._untyped_storage.device.type == "cuda"

    def untyped(self):
        _warn_typed_storage_removal()
        return self._untyped_storage

    def _new_wrapped_storage(self, untyped_storage):
        return TypedStorage(wrap_storage=untyped_storage, dtype=self.dtype, _internal=True)

    def __len__(self):
        _warn_typed_storage_removal()
        return self._size()

    def _maybe_wrap_index(self, idx, is_stop=False):
        if idx is None:
            return self._size() if is_stop else 0
        if type(idx) != int:
            raise TypeError(f"can't index a {type(self)} with {type(idx)}")
        if is_stop:
            if (idx > self._size()) or (idx < -self._size()):
                raise IndexError(f"index {idx} out of range for storage of size {self.size()}")
            if idx > 0:
                return idx
            return idx % self._size()
        if (idx >= self._size()) or (idx < -self._size()):
            raise IndexError(f"index {idx} out of range for storage of size {self.size()}")
        return idx % self._size()

    def __reduce__(self):
        # PyTorch's: the storage written by the legacy torch.save format, read back by _load_from_bytes
        b = io.BytesIO()
        torch.save(self, b, _use_new_zipfile_serialization=False)
        return (_load_from_bytes, (b.getvalue(),))

    def _as_tensor(self):
        return torch.tensor([], dtype=self.dtype, device=self._untyped_storage.device).set_(self)

    def __setitem__(self, idx, value):
        _warn_typed_storage_removal()
        return self._setitem(idx, value)

    def _setitem(self, idx, value):
        if not isinstance(idx, (int, slice)):
            raise RuntimeError(f"can't index a {type(self)} with {type(idx)}")
        if isinstance(value, (TypedStorage, torch.UntypedStorage)):
            raise RuntimeError(f"cannot set item with value type {type(value)}")
        tmp_tensor = self._as_tensor()
        tmp_tensor[idx] = value

    def __getitem__(self, idx):
        _warn_typed_storage_removal()
        return self._getitem(idx)

    def _getitem(self, idx):
        if isinstance(idx, slice):
            raise RuntimeError("slices are only supported in UntypedStorage.__getitem__")
        elif not isinstance(idx, int):
            raise RuntimeError(f"can't index a {type(self)} with {type(idx)}")
        idx_wrapped = self._maybe_wrap_index(idx)
        return self._as_tensor()[idx_wrapped].item()

    def copy_(self, source, non_blocking=None):
        _warn_typed_storage_removal()
        # a byte copy, as UntypedStorage.copy_ makes it
        src = source._untyped_storage if isinstance(source, TypedStorage) else source
        torch.tensor([], dtype=torch.uint8).set_(self._untyped_storage).copy_(torch.tensor([], dtype=torch.uint8).set_(src))
        return self

    def resize_(self, size):
        # torch/storage.py's: the untyped storage resized to size elements' bytes
        _warn_typed_storage_removal()
        self._untyped_storage.resize_(size * self._element_size())

    def nbytes(self):
        _warn_typed_storage_removal()
        return self._nbytes()

    def _nbytes(self):
        return self._untyped_storage.nbytes()

    def type(self, dtype=None, non_blocking=False):
        _warn_typed_storage_removal()
        if dtype is None:
            # the legacy <Type>Storage class's path for the dtypes that had one (torch.LongStorage,
            # torch.cuda.FloatStorage), as TypedStorage._get_legacy_storage_class names it
            legacy = _LEGACY_STORAGE_NAMES.get(self.dtype)
            if legacy is not None:
                return ("torch.cuda." if self._untyped_storage.device.type == "cuda" else "torch.") + legacy
            return ".".join([self.__module__, type(self).__name__])
        raise NotImplementedError("TypedStorage.type(dtype) is not supported in Kiln")

    def element_size(self):
        _warn_typed_storage_removal()
        return self._element_size()

    def _element_size(self):
        return _element_size(self.dtype)

    def get_device(self):
        _warn_typed_storage_removal()
        d = self._untyped_storage.device
        return -1 if d.type == "cpu" else d.index

    def __str__(self):
        _warn_typed_storage_removal()
        info_str = f"[torch.storage.TypedStorage(dtype={self.dtype}, device={self.device}) of size {len(self)}]"
        data_str = " " + "\n ".join(str(self[i]) for i in range(self.size()))
        return data_str + "\n" + info_str

    def __repr__(self):
        _warn_typed_storage_removal()
        return str(self)

    def __iter__(self):
        _warn_typed_storage_removal()
        return iter(self[i] for i in range(self.size()))

    def __copy__(self):
        _warn_typed_storage_removal()
        return self._new_wrapped_storage(self._untyped_storage.clone())

    def __deepcopy__(self, memo):
        _warn_typed_storage_removal()
        return self._new_wrapped_storage(self._untyped_storage.clone())

    def clone(self):
        _warn_typed_storage_removal()
        return self._new_wrapped_storage(self._untyped_storage.clone())

    def tolist(self):
        _warn_typed_storage_removal()
        return list(self)

    def cpu(self):
        _warn_typed_storage_removal()
        return self._new_wrapped_storage(self._untyped_storage.cpu())

    def cuda(self, device=None, non_blocking=False):
        _warn_typed_storage_removal()
        return self._new_wrapped_storage(self._untyped_storage.cuda())

    def fill_(self, value):
        _warn_typed_storage_removal()
        self._setitem(slice(0, self._size()), value)
        return self

    @property
    def device(self):
        _warn_typed_storage_removal()
        return self._untyped_storage.device

    def size(self):
        _warn_typed_storage_removal()
        return self._size()

    def _size(self):
        return self._untyped_storage.nbytes() // self._element_size()

    def data_ptr(self):
        _warn_typed_storage_removal()
        return self._data_ptr()

    def _data_ptr(self):
        return self._untyped_storage.data_ptr()

    def __sizeof__(self):
        _warn_typed_storage_removal()
        return object.__sizeof__(self) + self.nbytes()

    def _to(self, dtype):
        if not isinstance(dtype, torch.dtype):
            raise TypeError(f"Argument 'dtype' must be torch.dtype, not {type(dtype)}")
        storage = self._as_tensor().to(dtype)._typed_storage()
        if storage.data_ptr() == self.data_ptr():
            storage = storage.clone()
        return storage

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


def is_storage(obj):
    return type(obj) in (TypedStorage, UntypedStorage)
