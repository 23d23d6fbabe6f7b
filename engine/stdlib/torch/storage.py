# torch.storage: UntypedStorage, the byte storage under tensors, as torch.load hands it to a callable
# map_location (`map_location=lambda storage, loc: storage`, `lambda s, loc: s.cuda(0)`): the storage
# read from the checkpoint is on the CPU, the callable may move it (cpu/cuda/to) or return it, and the
# tensors built on it land where the returned storage lives (None keeps the saved location, as
# PyTorch's restore_location does). A Kiln UntypedStorage holds the loader's 1-d tensor of the storage's
# elements; its size and bytes are that tensor's bytes (PyTorch's UntypedStorage is bytes too).
import torch

__all__ = ["UntypedStorage"]


class UntypedStorage:
    def __init__(self, *args, device=None):
        raise NotImplementedError("torch.UntypedStorage(...) is not constructible in Kiln: storages come from "
                                  "torch.load's map_location callable")

    @property
    def device(self):
        return self._tensor.device

    @property
    def is_cuda(self):
        return self._tensor.device.type == "cuda"

    @property
    def is_sparse(self):
        return False

    def nbytes(self):
        return self._tensor.numel() * self._tensor.element_size()

    def size(self):
        return self.nbytes()

    def __len__(self):
        return self.nbytes()

    def element_size(self):
        return 1

    def type(self, dtype=None, non_blocking=False):
        if dtype is None:
            return "torch.storage.UntypedStorage"
        raise NotImplementedError("UntypedStorage.type(dtype) is not supported in Kiln")

    def cpu(self):
        if self._tensor.device.type == "cpu":
            return self
        return _from_tensor(self._tensor.cpu())

    def cuda(self, device=None, non_blocking=False):
        t = self._tensor.cuda(device, non_blocking=non_blocking)
        return self if t is self._tensor else _from_tensor(t)

    def to(self, *, device, non_blocking=False):
        t = self._tensor.to(device, non_blocking=non_blocking)
        return self if t is self._tensor else _from_tensor(t)

    def clone(self):
        return _from_tensor(self._tensor.clone())

    def tolist(self):
        return self._tensor.view(torch.uint8).tolist()

    def __getitem__(self, idx):
        return self._tensor.view(torch.uint8)[idx].tolist()

    def __iter__(self):
        return iter(self.tolist())

    def __repr__(self):
        # PyTorch's _StorageBase.__str__: one byte a line, then the type, device and size
        info = f"[torch.storage.UntypedStorage(device={self.device}) of size {len(self)}]"
        return " " + "\n ".join(str(b) for b in self.tolist()) + "\n" + info

    __str__ = __repr__


def _from_tensor(t):
    # The storage over the loader's 1-d tensor `t` (not a copy).
    s = UntypedStorage.__new__(UntypedStorage)
    s._tensor = t
    return s
