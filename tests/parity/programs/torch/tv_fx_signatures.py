# torch.fx prints the annotations of the traced forward: placeholders as `x : torch.Tensor` and the
# return annotation after `->`, or none where the signature has none. torchvision's modules carry its
# source's annotations (issue 30), so their traced code's first line shows each: forwards annotated
# `(x: Tensor) -> Tensor`, `(x: torch.Tensor) -> torch.Tensor`, `(input: Tensor) -> Tensor`, and
# ViT's `(input: torch.Tensor)` with no return annotation.
import torch
import torch.fx as fx
import torchvision
from torchvision.models.resnet import BasicBlock, Bottleneck
from torchvision.models.squeezenet import Fire
from torchvision.models.googlenet import BasicConv2d
from torchvision.models.convnext import LayerNorm2d
from torchvision.models.vision_transformer import EncoderBlock
from torchvision.models.mobilenetv2 import InvertedResidual
from torchvision.ops import misc, StochasticDepth

torch.manual_seed(0)

modules = [
    ("resnet.BasicBlock", BasicBlock(8, 8)),
    ("resnet.Bottleneck", Bottleneck(32, 8)),
    ("squeezenet.Fire", Fire(4, 2, 2, 2)),
    ("googlenet.BasicConv2d", BasicConv2d(3, 4, kernel_size=1)),
    ("convnext.LayerNorm2d", LayerNorm2d(4)),
    ("mobilenetv2.InvertedResidual", InvertedResidual(8, 8, 1, 2)),
    ("vision_transformer.EncoderBlock", EncoderBlock(2, 8, 16, 0.0, 0.0)),
    ("ops.misc.Permute", misc.Permute([0, 2, 3, 1])),
    ("ops.misc.SqueezeExcitation", misc.SqueezeExcitation(8, 2)),
    ("ops.StochasticDepth", StochasticDepth(0.2, "row").eval()),
    ("models.alexnet", torchvision.models.alexnet(num_classes=10)),
]
for name, m in modules:
    gm = fx.symbolic_trace(m)
    header = [line for line in gm.code.splitlines() if line.startswith("def ")]
    print(name, "|", header[0])
    print("  forward annotations:", {k: getattr(v, "__name__", str(v))
                                     for k, v in type(m).forward.__annotations__.items()})
