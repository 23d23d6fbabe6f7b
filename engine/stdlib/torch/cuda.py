# torch.cuda, the parts in Kiln's Python (the native factory, bindings/torch_module.cpp, runs first
# and provides is_available, device_count, current_device, synchronize, memory queries, seeds):
# the `device` context manager that training scripts wrap their loop in (`with
# torch.cuda.device(args.gpu_index):` in SimCLR's run.py, where -1 means the CPU) and `device_of`.
# As in PyTorch, a negative index makes both no-ops without touching CUDA; a real index goes
# through current_device(), so without a GPU it fails with PyTorch's lazy-initialisation error.
# Kiln drives one GPU: an index past device_count() is PyTorch's "invalid device ordinal".
import torch


def _get_device_index(device, optional=False, allow_cpu=False):
    if isinstance(device, str):
        device = torch.device(device)
    if isinstance(device, torch.device):
        if allow_cpu:
            if device.type not in ["cuda", "cpu"]:
                raise ValueError(f"Expected a cuda or cpu device, but got: {device}")
        elif device.type != "cuda":
            raise ValueError(f"Expected a cuda device, but got: {device}")
        if device.type == "cpu":
            return -1
        device = device.index
    if device is None:
        if optional:
            # torch._utils._get_current_device_index: the current CUDA device, -1 without one
            return current_device() if is_available() else -1
        raise ValueError(f"Expected a torch.device with a specified index or an integer, but got:{device}")
    return int(device)


def _exchange_device(idx):
    if idx < 0:
        return -1
    prev = current_device()
    if idx >= device_count():
        raise RuntimeError("CUDA error: invalid device ordinal")
    return prev


class device:
    def __init__(self, device):
        self.idx = _get_device_index(device, optional=True)
        self.prev_idx = -1

    def __enter__(self):
        self.prev_idx = _exchange_device(self.idx)

    def __exit__(self, type, value, traceback):
        self.idx = _exchange_device(self.prev_idx)
        return False


class device_of(device):
    def __init__(self, obj):
        idx = obj.get_device() if obj.is_cuda else -1
        super().__init__(idx)


# torch.cuda._initialized: the module flag PyTorch's lazy initialization sets, which RNG bookkeeping
# reads (`if torch.cuda._initialized:` in RevTorch-style reversible blocks before get_device_states).
# Kiln's CUDA is ready from the start when there is a GPU, so the flag is is_initialized()'s answer.
_initialized = is_initialized()
