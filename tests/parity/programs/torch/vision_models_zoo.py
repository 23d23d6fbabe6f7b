# torchvision.models: the other builders (parameter counts against the published numbers), reprs of
# their building blocks, the Weights enums and the legacy pretrained=False keyword.
import torch
from torchvision import models

published = {"resnet34": 21797672, "resnet50": 25557032, "resnext50_32x4d": 25028904,
             "mobilenet_v2": 3504872, "squeezenet1_0": 1248424, "squeezenet1_1": 1235496, "alexnet": 61100840}
for name, count in published.items():
    torch.manual_seed(0)
    m = models.get_model(name)
    n = sum(p.numel() for p in m.parameters())
    print(name, type(m).__name__, n, n == count)
torch.manual_seed(0)
mb = models.mobilenet_v2(num_classes=5)
print(mb.features[0])
print(mb.features[2])
print(mb.classifier)
print(mb.classifier[1].weight[0, :4], mb.features[1].conv[0][0].weight.flatten()[:3])
sq = models.squeezenet1_1(num_classes=7)
print(sq.features[3])
print(sq.classifier)
print(models.alexnet(num_classes=3).classifier)
print(models.resnet50().layer1[0])
print(models.vgg.make_layers(models.vgg.cfgs["A"], batch_norm=True)[:8])
mb.eval()
sq.eval()
x = torch.randn(1, 3, 64, 64)
with torch.no_grad():
    print(mb(x).shape, sq(x).shape)
print(models.ResNet50_Weights.DEFAULT, models.ResNet50_Weights.IMAGENET1K_V1.url)
print(list(models.ResNet50_Weights), models.ResNet18_Weights.verify("IMAGENET1K_V1"))
print(models.get_model_weights("resnet50") is models.ResNet50_Weights, models.VGG16_Weights.DEFAULT)
print(models.get_weight("MobileNet_V2_Weights.IMAGENET1K_V2"), "resnet18" in models.list_models())
print(models.MobileNet_V2_Weights.DEFAULT.meta["num_params"], models.AlexNet_Weights.IMAGENET1K_V1.meta["min_size"])
print(models.resnet18(pretrained=False, num_classes=4).fc)
try:
    models.resnet18(weights=models.VGG16_Weights.DEFAULT)
except TypeError as e:
    print("TypeError:", e)
