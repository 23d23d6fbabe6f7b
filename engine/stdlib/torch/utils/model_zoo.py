# torch.utils.model_zoo: PyTorch's older name for the hub's weight download, still imported by
# model definition files written before torch.hub (`import torch.utils.model_zoo as model_zoo`,
# `model_zoo.load_url(model_urls['resnet18'])`). As in PyTorch it re-exports torch.hub's
# load_state_dict_from_url as load_url, and tqdm.
from torch.hub import load_state_dict_from_url as load_url, tqdm  # noqa: F401
