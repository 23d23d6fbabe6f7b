# torchvision.ops.nms and batched_nms as torchvision's CPU kernel computes them: boxes visited in
# descending score order (stable for equal scores), IoU in the boxes' dtype, the threshold compared in
# double; batched_nms one NMS per class past 4000 coordinates, else the coordinate-offset trick.
# Sizes as PyTorch-YOLOv3's multi-label NMS hands them (135 anchors x 80 classes at 96 px: ~10^4
# boxes), which a box-pair loop in Python took minutes over.
import torch
import torchvision
from torchvision.ops import nms, batched_nms

torch.manual_seed(0)

# ties in score keep the earlier box; IoU exactly at the threshold is not "above"
b = torch.tensor([[0., 0., 10., 10.], [0., 0., 10., 10.], [5., 0., 15., 10.], [20., 20., 30., 30.]])
s = torch.tensor([0.9, 0.9, 0.8, 0.8])
print(nms(b, s, 0.5).tolist(), nms(b, s, 1 / 3).tolist(), nms(b, s, 0.3).tolist(), nms(b, s, 0.0).tolist())
# float64 boxes, empty input
print(nms(b.double(), s.double(), 0.3).tolist(), nms(torch.zeros(0, 4), torch.zeros(0), 0.5).dtype)

# many random boxes, one NMS
n = 6000
xy = torch.rand(n, 2) * 96
wh = torch.rand(n, 2) * 30 + 1
boxes = torch.cat([xy, xy + wh], 1)
scores = torch.rand(n)
keep = nms(boxes, scores, 0.45)
print(keep.shape, keep[:12].tolist(), keep[-5:].tolist(), int(keep.sum()))
print(bool((scores[keep][1:] <= scores[keep][:-1]).all()))

# batched: below and above 4000 coordinates (the two code paths keep the same boxes)
cls = torch.randint(0, 80, (n,))
small = batched_nms(boxes[:900], scores[:900], cls[:900], 0.5)
large = batched_nms(boxes, scores, cls, 0.5)
print(small.shape, small[:10].tolist(), large.shape, large[:10].tolist(), int(large.sum()))
trick = nms(boxes + (cls.float() * 4096)[:, None], scores, 0.5)
print(torch.equal(trick.sort()[0], large.sort()[0]))

# errors torchvision's kernel checks
for bb, ss in ((torch.zeros(4), torch.zeros(4)), (torch.zeros(3, 5), torch.zeros(3)),
               (torch.zeros(3, 4), torch.zeros(3, 1)), (torch.zeros(3, 4), torch.zeros(2))):
    try:
        nms(bb, ss, 0.5)
    except RuntimeError as e:
        print("RuntimeError:", str(e).splitlines()[0])
