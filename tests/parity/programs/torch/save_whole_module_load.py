# A whole model saved by PyTorch 2.11 (torch.save(model), tests/serialize/make_torch_files.py's
# whole_module()) read with weights_only=False: the layer classes come from torch.nn.modules.*.
import torch

obj = torch.load("serialize_files/whole_module.pt", weights_only=False)
m = obj["model"]
print(m)
print(obj["args"], [x.training for x in m.modules()])
print({k: v.shape for k, v in m.state_dict().items()})
m.eval()
print(m(torch.tensor([[0.5, -1.0, 2.0]])))
print(m[0].in_features, m[2].normalized_shape, m[3].p, m[4].bias)
