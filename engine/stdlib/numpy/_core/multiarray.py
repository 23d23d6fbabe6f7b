# numpy._core.multiarray's pickle hooks, the globals a pickled NumPy value names (torch.save of a
# checkpoint holding arrays or NumPy scalars, as NumPy 2 writes it and as Kiln's torch.save writes it):
# _reconstruct makes the array that ndarray.__setstate__ then fills from (version, shape, dtype,
# is_fortran, bytes); scalar rebuilds a NumPy scalar from its dtype and its bytes.
import numpy as np

__all__ = ["_reconstruct", "scalar"]


def _reconstruct(subtype, shape, dtype):
    # dtype is the placeholder type code NumPy pickles (b'b'); __setstate__ sets the real one
    return np.zeros(shape, dtype=np.uint8)


def scalar(dtype, obj=None):
    if obj is None:
        return np.zeros((), dtype=dtype)[()]
    if not isinstance(obj, bytes):
        raise TypeError("initializing object must be a bytes object")
    return np.frombuffer(obj, dtype=dtype)[0]
