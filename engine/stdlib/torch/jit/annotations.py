# torch.jit.annotations for Kiln: the typing names PyTorch's module re-exports (from
# torch._jit_internal) for TorchScript-compatible annotations. Model code written for old TorchScript
# imports them from here (`from torch.jit.annotations import List, Tuple, Optional`: timm's densenet,
# torchvision's detection models of the 0.x era), so only the names matter; they are typing's own
# objects, as in PyTorch. BroadcastingList1/2/3 are the List[T]-like hints TorchScript accepts for an
# int-or-list argument (a subscript gives List[T]). Not here: the signature parser
# (get_signature, parse_type_line, ann_to_type), which is internal to the TorchScript compiler.
from typing import Any, Callable, Dict, List, Optional, Tuple, Union

from torch import Tensor
from torch.jit import Future


class _BroadcastingList:
    def __init__(self, n):
        self._n = n

    def __getitem__(self, types):
        return List[types]

    def __repr__(self):
        return "BroadcastingList%d" % self._n


BroadcastingList1 = _BroadcastingList(1)
BroadcastingList2 = _BroadcastingList(2)
BroadcastingList3 = _BroadcastingList(3)
