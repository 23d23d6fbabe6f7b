# torch.hub with a local hubconf.py (source="local"): list/help/load, entry-point arguments, the
# dependencies check, a missing entry point and a bad source; get_dir/set_dir; a cached weights file
# read by load_state_dict_from_url.
import os
import tempfile
import torch

root = tempfile.mkdtemp()
repo = os.path.join(root, "tinyrepo")
os.makedirs(repo)
with open(os.path.join(repo, "hubconf.py"), "w") as f:
    f.write('dependencies = ["torch", "math"]\n'
            "import torch\n"
            "from torch import nn\n\n"
            "def mlp(hidden=4, pretrained=False):\n"
            '    """A two-layer MLP."""\n'
            "    torch.manual_seed(0)\n"
            "    return nn.Sequential(nn.Linear(3, hidden), nn.ReLU(), nn.Linear(hidden, 1))\n\n"
            "def _private():\n"
            "    return None\n\n"
            "NOT_CALLABLE = 3\n")
m = torch.hub.load(repo, "mlp", source="local", hidden=5)
print(m)
print(torch.hub.load(repo, "mlp", 2, source="local")[0].weight.shape)
torch.hub.set_dir(os.path.join(root, "hub"))
print(os.path.relpath(torch.hub.get_dir(), root))
for bad in (lambda: torch.hub.load(repo, "nope", source="local"), lambda: torch.hub.load(repo, "mlp", source="ftp")):
    try:
        bad()
    except (RuntimeError, ValueError) as e:
        print(type(e).__name__ + ":", e)
with open(os.path.join(repo, "hubconf.py"), "a") as f:
    f.write('dependencies = ["torch", "surely_not_installed_pkg"]\n')
try:
    torch.hub.load(repo, "mlp", source="local")
except RuntimeError as e:
    print("RuntimeError:", e)
ckpt = os.path.join(root, "hub", "checkpoints")
os.makedirs(ckpt)
torch.save({"w": torch.arange(3.0)}, os.path.join(ckpt, "tiny-0123abcd.pth"))
sd = torch.hub.load_state_dict_from_url("https://example.com/models/tiny-0123abcd.pth")
print(sd)
