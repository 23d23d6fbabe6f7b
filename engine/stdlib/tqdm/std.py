# tqdm.std: the module that defines tqdm's console class (`from tqdm.std import tqdm`, and the
# `TqdmWarning` some callers filter); in Kiln, the one tqdm (tqdm/__init__.py).
from tqdm import tqdm, trange


class TqdmWarning(Warning):
    """tqdm's base warning class (tqdm.std.TqdmWarning)."""


__all__ = ["tqdm", "trange", "TqdmWarning"]
