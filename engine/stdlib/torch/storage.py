# torch.storage: UntypedStorage, the byte storage under tensors (torch.UntypedStorage, bindings/tensor.cpp):
# what x.untyped_storage() returns and torch.load hands to a callable map_location
# (`map_location=lambda storage, loc: storage`, `lambda s, loc: s.cuda(0)`).
import torch

__all__ = ["UntypedStorage"]

UntypedStorage = torch.UntypedStorage
