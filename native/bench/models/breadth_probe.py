# Breadth probe (issue 32): models outside the suite, each in the shape common public code gives it
# (MobileNetV2 for CIFAR, a small U-Net, an LSTM text classifier, a bidirectional GRU, nn.TransformerEncoder,
# a VGG with BatchNorm): eager and compiled forward (eval, no_grad) and an SGD training step, one engine
# per run, to find kernels far off PyTorch's (the depthwise convolutions were: 2026-11-30-local-2core-s65-
# cpu-outliers.md). Not the model suite: one line per model, no ratios; run it in both engines and compare.
#
#   kiln breadth_probe.py kiln THREADS [small]  /  python3 breadth_probe.py torch THREADS [small]
#   prints BREADTH|engine|model|threads|fwd eager ms|fwd compiled ms|first ms|train eager ms
import sys, time
import torch
import torch.nn as nn
import torch.nn.functional as F
ENG = sys.argv[1]; THREADS = int(sys.argv[2]); SMALL = len(sys.argv) > 3
torch.set_num_threads(THREADS)

def conv_bn(i, o, s): return nn.Sequential(nn.Conv2d(i, o, 3, s, 1, bias=False), nn.BatchNorm2d(o), nn.ReLU6(inplace=True))
class InvertedResidual(nn.Module):
    def __init__(self, inp, oup, stride, t):
        super().__init__()
        h = inp * t
        self.use_res = stride == 1 and inp == oup
        self.conv = nn.Sequential(nn.Conv2d(inp, h, 1, bias=False), nn.BatchNorm2d(h), nn.ReLU6(inplace=True),
                                  nn.Conv2d(h, h, 3, stride, 1, groups=h, bias=False), nn.BatchNorm2d(h), nn.ReLU6(inplace=True),
                                  nn.Conv2d(h, oup, 1, bias=False), nn.BatchNorm2d(oup))
    def forward(self, x): return x + self.conv(x) if self.use_res else self.conv(x)
class MobileNetV2(nn.Module):
    def __init__(self, n=10):
        super().__init__()
        cfg = [(1, 16, 1, 1), (6, 24, 2, 1), (6, 32, 3, 2), (6, 64, 4, 2), (6, 96, 3, 1), (6, 160, 3, 2), (6, 320, 1, 1)]
        layers = [conv_bn(3, 32, 1)]; c = 32
        for t, o, r, s in cfg:
            for i in range(r):
                layers.append(InvertedResidual(c, o, s if i == 0 else 1, t)); c = o
        layers += [nn.Conv2d(c, 1280, 1, bias=False), nn.BatchNorm2d(1280), nn.ReLU6(inplace=True)]
        self.features = nn.Sequential(*layers); self.fc = nn.Linear(1280, n)
    def forward(self, x): return self.fc(F.adaptive_avg_pool2d(self.features(x), 1).flatten(1))
class UNetSmall(nn.Module):
    def __init__(self):
        super().__init__()
        def blk(i, o): return nn.Sequential(nn.Conv2d(i, o, 3, padding=1), nn.ReLU(), nn.Conv2d(o, o, 3, padding=1), nn.ReLU())
        self.d1, self.d2, self.d3 = blk(3, 32), blk(32, 64), blk(64, 128)
        self.u2, self.c2 = nn.ConvTranspose2d(128, 64, 2, 2), blk(128, 64)
        self.u1, self.c1 = nn.ConvTranspose2d(64, 32, 2, 2), blk(64, 32)
        self.out = nn.Conv2d(32, 2, 1)
    def forward(self, x):
        a = self.d1(x); b = self.d2(F.max_pool2d(a, 2)); c = self.d3(F.max_pool2d(b, 2))
        b2 = self.c2(torch.cat([self.u2(c), b], 1)); a2 = self.c1(torch.cat([self.u1(b2), a], 1))
        return self.out(a2)
class LSTMClassifier(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(5000, 128); self.lstm = nn.LSTM(128, 256, 2, batch_first=True); self.fc = nn.Linear(256, 5)
    def forward(self, x):
        o, (h, c) = self.lstm(self.emb(x)); return self.fc(h[-1])
class GRUSeq(nn.Module):
    def __init__(self):
        super().__init__()
        self.gru = nn.GRU(64, 128, 1, batch_first=True, bidirectional=True); self.fc = nn.Linear(256, 64)
    def forward(self, x): return self.fc(self.gru(x)[0])
def encoder():
    layer = nn.TransformerEncoderLayer(256, 8, 1024, dropout=0.1, batch_first=True)
    return nn.TransformerEncoder(layer, 4, enable_nested_tensor=False)
class VGGish(nn.Module):
    def __init__(self):
        super().__init__()
        cfg = [64, 'M', 128, 'M', 256, 256, 'M', 512, 512, 'M']; layers = []; c = 3
        for v in cfg:
            if v == 'M': layers.append(nn.MaxPool2d(2))
            else: layers += [nn.Conv2d(c, v, 3, padding=1), nn.BatchNorm2d(v), nn.ReLU(inplace=True)]; c = v
        self.f = nn.Sequential(*layers); self.fc = nn.Linear(512 * 16, 10)
    def forward(self, x): return self.fc(self.f(x).flatten(1))

b = 4 if SMALL else 1
cases = [
    ("mobilenetv2_32x32", MobileNetV2, lambda: torch.randn(16 * b, 3, 32, 32), lambda o: o.sum()),
    ("unet_64x64", UNetSmall, lambda: torch.randn(4 * b, 3, 64, 64), lambda o: o.mean()),
    ("lstm_cls_T100", LSTMClassifier, lambda: torch.randint(5000, (16 * b, 100)), lambda o: o.sum()),
    ("gru_bi_T50", GRUSeq, lambda: torch.randn(16 * b, 50, 64), lambda o: o.mean()),
    ("transformer_enc_T128", encoder, lambda: torch.randn(8 * b, 128, 256), lambda o: o.mean()),
    ("vgg_bn_64x64", VGGish, lambda: torch.randn(8 * b, 3, 64, 64), lambda o: o.sum()),
]
clock = time.perf_counter
def bench(f, budget=0.6):
    f(); f()
    t = clock(); n = 0
    while clock() - t < 0.2: f(); n += 1
    per = max(1, int(budget / 5 / ((clock() - t) / n)))
    rs = []
    for r in range(5):
        t = clock()
        for i in range(per): f()
        rs.append((clock() - t) / per * 1000)
    rs.sort(); return rs[2]
for name, mk, inp, lossf in cases:
    try:
        torch.manual_seed(0); m = mk(); x = inp()
        m.eval()
        with torch.no_grad():
            fe = bench(lambda: m(x))
            c = torch.compile(m); t0 = clock(); c(x); first = (clock() - t0) * 1000
            fc = bench(lambda: c(x))
        m.train()
        opt = torch.optim.SGD(m.parameters(), lr=0.01, momentum=0.9)
        def step():
            opt.zero_grad(); lossf(m(x)).backward(); opt.step()
        tr = bench(step)
        print("BREADTH|%s|%s|%d|fwd eager %.3f|fwd compiled %.3f|first %.0f|train eager %.3f" % (ENG, name, THREADS, fe, fc, first, tr), flush=True)
    except Exception as e:
        print("BREADTH|%s|%s|%d|ERROR %s: %s" % (ENG, name, THREADS, type(e).__name__, str(e)[:200]), flush=True)
