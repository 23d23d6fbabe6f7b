# torchvision.transforms.functional on PIL images the way segmentation augmentations call it
# (pytorch-semseg's AdjustGamma and RandomTranslate, and the reflect/edge/symmetric pads of crop
# pipelines): adjust_gamma goes through Image.point with a 256-entry table per band, invert and
# solarize through ImageOps, and the non-constant pads through np.pad (a negative padding crops
# first; a palette image keeps its palette).
import numpy as np
from PIL import Image
import torchvision.transforms.functional as TF

np.random.seed(0)
rgb = Image.fromarray((np.random.rand(5, 6, 3) * 255).astype(np.uint8))
grey = Image.fromarray((np.random.rand(4, 5) * 255).astype(np.uint8))
for g, gain in [(0.5, 1), (1.7, 1), (1.0, 0.8)]:
    out = TF.adjust_gamma(rgb, g, gain)
    print("gamma", g, gain, out.mode, np.array(out)[0, :2].tolist())
print("gamma L", TF.adjust_gamma(grey, 2.2).mode, np.array(TF.adjust_gamma(grey, 2.2))[0].tolist())
print("invert", np.array(TF.invert(rgb))[1, 0].tolist(), np.array(TF.invert(grey))[0].tolist())
print("solarize", np.array(TF.solarize(grey, 128))[1].tolist())
print("point", np.array(grey.point(lambda v: v // 2))[0].tolist(), np.array(rgb.point([255 - i for i in range(256)] * 3))[0, 0].tolist())
for mode in ["edge", "reflect", "symmetric"]:
    p = TF.pad(grey, [2, 1], padding_mode=mode)
    print(mode, p.size, np.array(p)[0].tolist())
    q = TF.pad(rgb, [1, 0, 2, 1], padding_mode=mode)
    print(mode, q.size, np.array(q)[-1, :, 0].tolist())
neg = TF.pad(grey, [-1, 1, 2, -1], padding_mode="reflect")
print("negative", neg.size, np.array(neg).tolist())
mask = Image.fromarray(np.array([[0, 1, 2], [3, 4, 5]], dtype=np.uint8))
mask.putpalette([0, 0, 0, 10, 20, 30, 40, 50, 60])
pm = TF.pad(mask, [1, 1], padding_mode="reflect")
print("palette", pm.mode, np.array(pm).tolist(), pm.getpalette()[3:6])
