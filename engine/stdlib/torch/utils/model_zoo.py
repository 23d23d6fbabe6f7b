# torch.utils.model_zoo: the old name of the hub's weight download, kept by PyTorch as two re-exports
# (torch/utils/model_zoo.py is `from torch.hub import tqdm, load_state_dict_from_url as load_url`).
# Model zoos written before torch.hub existed (lukemelas/EfficientNet-PyTorch, pretrainedmodels, many
# ResNet/VGG ports) import it at module level and call model_zoo.load_url(url) for pretrained weights,
# which Kiln's hub answers from its checkpoint cache or with the offline error.
from torch.hub import load_state_dict_from_url as load_url
from tqdm import tqdm

__all__ = ["load_url", "tqdm"]
