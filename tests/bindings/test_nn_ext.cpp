// The torch.nn layers and torch.nn.functional functions written in Kiln's Python
// (engine/stdlib/torch/nn/_modules_ext.py, _functional_ext.py): float64 gradients against central
// finite differences, values worked out by hand from PyTorch's documented formulas, reprs,
// parameter names and shapes, and the errors.
#include <catch2/catch.hpp>

#include <string>

#include "support/program.h"
#include "vm/interpreter.h"

using kiln::vm::Interpreter;
using kiln::vm::Options;
using kiln::vm::RunResult;

namespace {

std::string out_of(const std::string& body) {
    kiln::testing::ProgramRun r = kiln::testing::run_source("import math\nimport torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n" + body);
    INFO(r.err);
    REQUIRE(r.result.ok);
    return r.out;
}

// gradcheck(name, f, *inputs): autograd's gradient of sum(f(inputs) * w) (w fixed, varied) against
// central differences in float64; prints "name ok" or the worst difference.
const char* kGradcheck = R"(
def gradcheck(name, f, *inputs, eps=1e-6, tol=1e-6):
    inputs = [x.detach().to(torch.float64).requires_grad_(True) for x in inputs]
    out = f(*inputs)
    w = torch.linspace(-1.0, 1.5, out.numel(), dtype=torch.float64).reshape(out.shape)
    grads = torch.autograd.grad((out * w).sum(), inputs)
    worst = 0.0
    for x, g in zip(inputs, grads):
        flat = x.detach().reshape(-1)
        for i in range(flat.numel()):
            base = flat[i].item()
            with torch.no_grad():
                x.view(-1)[i] = base + eps
                hi = (f(*inputs) * w).sum().item()
                x.view(-1)[i] = base - eps
                lo = (f(*inputs) * w).sum().item()
                x.view(-1)[i] = base
            num = (hi - lo) / (2 * eps)
            worst = max(worst, abs(num - g.reshape(-1)[i].item()))
    print(name, "ok" if worst < tol else "BAD " + str(worst))
)";

}  // namespace

TEST_CASE("nn ext: float64 gradients match finite differences", "[nn][nn_ext][autograd]") {
    std::string out = out_of(std::string(kGradcheck) + R"(
torch.manual_seed(0)
x4 = torch.randn(2, 3, 3, 4)
gradcheck("conv_transpose2d", lambda x, w, b: F.conv_transpose2d(x, w, b, stride=2, padding=1, output_padding=1),
          torch.randn(1, 2, 3, 3), torch.randn(2, 3, 3, 2), torch.randn(3))
gradcheck("conv_transpose2d_groups", lambda x, w: F.conv_transpose2d(x, w, groups=2, dilation=2),
          torch.randn(1, 4, 2, 3), torch.randn(4, 1, 2, 2))
gradcheck("conv_transpose1d", lambda x, w: F.conv_transpose1d(x, w, stride=3, padding=2), torch.randn(2, 2, 4),
          torch.randn(2, 3, 4))
gradcheck("interpolate_nearest", lambda x: F.interpolate(x, scale_factor=1.7), torch.randn(1, 2, 3, 3))
gradcheck("interpolate_bilinear", lambda x: F.interpolate(x, size=(5, 7), mode="bilinear"), torch.randn(1, 2, 3, 4))
gradcheck("interpolate_bilinear_ac", lambda x: F.interpolate(x, size=(2, 6), mode="bilinear", align_corners=True),
          torch.randn(2, 1, 3, 4))
gradcheck("interpolate_linear", lambda x: F.interpolate(x, scale_factor=2.5, mode="linear"), torch.randn(1, 2, 4))
gradcheck("interpolate_bicubic", lambda x: F.interpolate(x, size=(5, 3), mode="bicubic"), torch.randn(1, 2, 3, 4))
gradcheck("pixel_shuffle", lambda x: F.pixel_shuffle(x, 2), torch.randn(1, 8, 2, 3))
gradcheck("max_pool1d", lambda x: F.max_pool1d(x, 3, 2, 1), torch.randn(2, 2, 7))
gradcheck("avg_pool1d", lambda x: F.avg_pool1d(x, 3, 2, 1, count_include_pad=False), torch.randn(2, 2, 7))
gradcheck("adaptive_avg_pool1d", lambda x: F.adaptive_avg_pool1d(x, 3), torch.randn(2, 2, 7))
gradcheck("instance_norm", lambda x, w, b: F.instance_norm(x, weight=w, bias=b), x4, torch.randn(3), torch.randn(3))
gradcheck("rms_norm", lambda x, w: F.rms_norm(x, (4,), w), torch.randn(3, 4), torch.randn(4))
gradcheck("prelu", lambda x, w: F.prelu(x, w), torch.randn(2, 3, 4), torch.randn(3))
gradcheck("celu", lambda x: F.celu(x, 0.7), torch.randn(10))
a, p, n = torch.randn(4, 5), torch.randn(4, 5), torch.randn(4, 5)
t = torch.tensor([1.0, -1.0, 1.0, -1.0])
gradcheck("cosine_embedding_loss", lambda a, b: F.cosine_embedding_loss(a, b, t, margin=0.1), a, p)
gradcheck("margin_ranking_loss", lambda a, b: F.margin_ranking_loss(a, b, t, margin=0.3), torch.randn(4), torch.randn(4))
gradcheck("triplet_margin_loss", lambda a, b, c: F.triplet_margin_loss(a, b, c, swap=True), a, p, n)
gradcheck("hinge_embedding_loss", lambda x: F.hinge_embedding_loss(x, t, reduction="sum"), torch.randn(4))
gradcheck("soft_margin_loss", lambda x: F.soft_margin_loss(x, t), torch.randn(4))
gradcheck("multilabel_soft_margin_loss", lambda x: F.multilabel_soft_margin_loss(x, (p > 0).double()), a)
gradcheck("gaussian_nll_loss", lambda x, v: F.gaussian_nll_loss(x, p, v, full=True), a, torch.rand(4, 5) + 0.5)
counts = torch.rand(4, 5) * 3
gradcheck("poisson_nll_loss", lambda x: F.poisson_nll_loss(x, counts, full=True), a)
gradcheck("kl_div", lambda x: F.kl_div(x, torch.softmax(p, 1), reduction="batchmean"), torch.log_softmax(a, 1))
)");
    INFO(out);
    CHECK(out.find("BAD") == std::string::npos);
    CHECK(std::count(out.begin(), out.end(), '\n') == 25);
}

TEST_CASE("nn ext: values by hand", "[nn][nn_ext]") {
    CHECK(out_of(R"(
x = torch.arange(16.0).reshape(1, 1, 4, 4)
# nearest x2 repeats; bilinear 4 -> 3 rows (scale 4/3): row 0 samples 0.1667 -> 0 * 5/6 + 4 * 1/6
print(F.interpolate(x, scale_factor=2)[0, 0, 1].tolist())
print([round(v, 4) for v in F.interpolate(x, size=(3, 5), mode="bilinear")[0, 0, 0].tolist()])
print(F.interpolate(x, size=(3, 5), mode="bilinear", align_corners=True)[0, 0, 1].tolist())
# bicubic (Keys, A = -0.75): the identity size keeps the input; constants stay constant (weights sum to 1)
print(F.interpolate(x, size=(4, 4), mode="bicubic").equal(x), F.interpolate(torch.ones(1, 1, 3, 3), size=(5, 4), mode="bicubic").sub(1).abs().max().item() < 1e-6)
# transposed convolution of ones by arange(4): stride 2 tiles the kernel; stride 1 sums overlaps
w = torch.arange(4.0).reshape(1, 1, 2, 2)
print(F.conv_transpose2d(torch.ones(1, 1, 2, 2), w, stride=2)[0, 0].tolist())
print(F.conv_transpose2d(torch.ones(1, 1, 2, 2), w)[0, 0].tolist())
print(F.pixel_shuffle(torch.arange(8.0).reshape(1, 4, 1, 2), 2)[0, 0].tolist())
print(F.max_pool1d(torch.tensor([[1.0, 3, 2, 5, 4]]), 2).tolist(), F.avg_pool1d(torch.tensor([[1.0, 3, 2, 5, 4]]), 2).tolist())
print([round(v, 4) for v in F.adaptive_avg_pool1d(torch.tensor([[1.0, 3, 2, 5, 4]]), 2)[0].tolist()])
print([round(v, 4) for v in F.rms_norm(torch.tensor([3.0, 4.0]), (2,)).tolist()])
print(F.prelu(torch.tensor([[-1.0, 2.0], [-4.0, -2.0]]), torch.tensor([0.25, 0.5])).tolist())
a = torch.tensor([[1.0, 0.0], [0.0, 1.0]])
b = torch.tensor([[1.0, 1.0], [1.0, 0.0]])
print(round(F.cosine_embedding_loss(a, b, torch.tensor([1, -1])).item(), 6), round((1 - 1 / math.sqrt(2)) / 2, 6))
print(F.margin_ranking_loss(torch.tensor([1.0, 2.0]), torch.tensor([2.0, 1.0]), torch.tensor([1.0, 1.0])).item())
print(F.hinge_embedding_loss(torch.tensor([0.5, 2.0]), torch.tensor([1, -1])).item())
print(round(F.soft_margin_loss(torch.tensor([0.0]), torch.tensor([1.0])).item(), 6), round(math.log(2), 6))
print(round(F.gaussian_nll_loss(torch.tensor([1.0]), torch.tensor([3.0]), torch.tensor([2.0])).item(), 6),
      round(0.5 * (math.log(2) + 2), 6))
print(round(F.poisson_nll_loss(torch.tensor([1.0]), torch.tensor([2.0])).item(), 6), round(math.e - 2, 6))
)") == "[0.0, 0.0, 1.0, 1.0, 2.0, 2.0, 3.0, 3.0]\n"
           "[0.6667, 1.3667, 2.1667, 2.9667, 3.6667]\n"
           "[6.0, 6.75, 7.5, 8.25, 9.0]\n"
           "True True\n"
           "[[0.0, 1.0, 0.0, 1.0], [2.0, 3.0, 2.0, 3.0], [0.0, 1.0, 0.0, 1.0], [2.0, 3.0, 2.0, 3.0]]\n"
           "[[0.0, 1.0, 1.0], [2.0, 6.0, 4.0], [2.0, 5.0, 3.0]]\n"
           "[[0.0, 2.0, 1.0, 3.0], [4.0, 6.0, 5.0, 7.0]]\n"
           "[[3.0, 5.0]] [[2.0, 3.5]]\n"
           "[2.0, 3.6667]\n"
           "[0.8485, 1.1314]\n"
           "[[-0.25, 2.0], [-1.0, -1.0]]\n"
           "0.146447 0.146447\n"
           "0.5\n"
           "0.25\n"
           "0.693147 0.693147\n"
           "1.346574 1.346574\n"
           "0.718282 0.718282\n");
}

TEST_CASE("nn ext: layers' reprs, parameters and init", "[nn][nn_ext]") {
    CHECK(out_of(R"(
torch.manual_seed(0)
ct = nn.ConvTranspose2d(4, 6, 3, stride=2, padding=1, output_padding=1, groups=2, bias=True)
print(ct)
print([(n, tuple(p.shape)) for n, p in ct.named_parameters()])
bound = 1 / math.sqrt(3 * 9)
print(ct.weight.abs().max().item() <= bound, ct.bias.abs().max().item() <= bound)
print(ct(torch.zeros(1, 4, 5, 5)).shape, ct(torch.zeros(1, 4, 5, 5), output_size=[9, 9]).shape)
print(nn.Upsample(scale_factor=2, mode="bilinear"), nn.UpsamplingBilinear2d(size=(2, 3)))
print(nn.InstanceNorm2d(3, affine=True), [n for n, _ in nn.InstanceNorm2d(3, track_running_stats=True).named_buffers()])
print(nn.RMSNorm([2, 3]), nn.PReLU(3), nn.Threshold(0.5, -1.0, True), nn.MaxPool1d(2), nn.AvgPool1d(2, 1))
pl = nn.ParameterList([torch.zeros(2, 3), nn.Parameter(torch.ones(1))])
print(pl)
print(nn.ParameterDict({"w": torch.zeros(2)}), [n for n, _ in nn.Sequential(pl).named_parameters()])
print(nn.TripletMarginLoss(margin=0.5), type(nn.KLDivLoss()).__module__, type(nn.PixelShuffle(2)).__module__)
)") == "ConvTranspose2d(4, 6, kernel_size=(3, 3), stride=(2, 2), padding=(1, 1), output_padding=(1, 1), groups=2)\n"
           "[('weight', (4, 3, 3, 3)), ('bias', (6,))]\n"
           "True True\n"
           "torch.Size([1, 6, 10, 10]) torch.Size([1, 6, 9, 9])\n"
           "Upsample(scale_factor=2.0, mode='bilinear') UpsamplingBilinear2d(size=(2, 3), mode='bilinear')\n"
           "InstanceNorm2d(3, eps=1e-05, momentum=0.1, affine=True, track_running_stats=False) "
           "['running_mean', 'running_var', 'num_batches_tracked']\n"
           "RMSNorm((2, 3), eps=None, elementwise_affine=True) PReLU(num_parameters=3) "
           "Threshold(threshold=0.5, value=-1.0, inplace=True) "
           "MaxPool1d(kernel_size=2, stride=2, padding=0, dilation=1, ceil_mode=False) "
           "AvgPool1d(kernel_size=(2,), stride=(1,), padding=(0,))\n"
           "ParameterList(\n"
           "    (0): Parameter containing: [torch.float32 of size 2x3]\n"
           "    (1): Parameter containing: [torch.float32 of size 1]\n"
           ")\n"
           "ParameterDict(  (w): Parameter containing: [torch.FloatTensor of size 2]) ['0.0', '0.1']\n"
           "TripletMarginLoss() torch.nn.modules.loss torch.nn.modules.pixelshuffle\n");
}

TEST_CASE("nn ext: errors", "[nn][nn_ext][errors]") {
    CHECK(out_of(R"(
for f in [lambda: F.pixel_shuffle(torch.zeros(1, 5, 2, 2), 2),
          lambda: F.interpolate(torch.zeros(1, 1, 2, 2), size=3, scale_factor=2),
          lambda: F.interpolate(torch.zeros(1, 1, 2, 2)),
          lambda: F.interpolate(torch.zeros(1, 1, 2, 2), scale_factor=2, align_corners=True),
          lambda: nn.InstanceNorm1d(3)(torch.zeros(2, 3, 4, 5)),
          lambda: nn.ConvTranspose2d(3, 4, 2, groups=2),
          lambda: F.gaussian_nll_loss(torch.zeros(2), torch.zeros(2), -torch.ones(2))]:
    try:
        f()
        print("no error")
    except (RuntimeError, ValueError) as e:
        print(type(e).__name__ + ":", e)
)") == "RuntimeError: pixel_shuffle expects its input's 'channel' dimension to be divisible by the square of "
           "upscale_factor, but input.size(-3)=5 is not divisible by 4\n"
           "ValueError: only one of size or scale_factor should be defined\n"
           "ValueError: either size or scale_factor should be defined\n"
           "ValueError: align_corners option can only be set with the interpolating modes: linear | bilinear | "
           "bicubic | trilinear\n"
           "ValueError: expected 2D or 3D input (got 4D input)\n"
           "ValueError: in_channels must be divisible by groups\n"
           "ValueError: var has negative entry/entries\n");
}

TEST_CASE("nn.init extras and nn.utils vector helpers", "[nn][nn_ext]") {
    // orthogonal_: Q of the QR of the normal draw, signs fixed so that R's diagonal is positive, so
    // Q^T A is upper triangular with a positive diagonal (A: the same draw, same seed).
    CHECK(out_of(R"(
for rows, cols in [(5, 3), (3, 5), (16, 144), (40, 40)]:
    torch.manual_seed(0)
    a = torch.empty(rows, cols).normal_(0, 1)
    torch.manual_seed(0)
    q = nn.init.orthogonal_(torch.empty(rows, cols))
    if rows < cols:
        a, q = a.t(), q.t()
    r = q.t() @ a
    k = min(rows, cols)
    eye_err = (q.t() @ q - torch.eye(k)).abs().max().item()
    lower = torch.tril(r, -1).abs().max().item() if k > 1 else 0.0
    print(rows, cols, eye_err < 1e-5, lower < 1e-4, all(r[i, i].item() > 0 for i in range(k)))
w = nn.init.orthogonal_(torch.empty(4, 2, 3, 3), gain=2.0)
print(((w.reshape(4, -1) @ w.reshape(4, -1).t()) / 4 - torch.eye(4)).abs().max().item() < 1e-5)
print(nn.init.eye_(torch.empty(2, 3)).tolist(), nn.init.dirac_(torch.empty(2, 2, 3))[1].tolist())
lin = nn.Linear(2, 3)
v = nn.utils.parameters_to_vector(lin.parameters())
nn.utils.vector_to_parameters(torch.arange(9.0), lin.parameters())
print(v.shape, lin.weight.tolist(), lin.bias.tolist())
for f in [lambda: nn.init.orthogonal_(torch.empty(3)), lambda: nn.init.eye_(torch.empty(2, 2, 2))]:
    try:
        f()
    except ValueError as e:
        print(e)
)") == "5 3 True True True\n3 5 True True True\n16 144 True True True\n40 40 True True True\nTrue\n"
           "[[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]] [[0.0, 0.0, 0.0], [0.0, 1.0, 0.0]]\n"
           "torch.Size([9]) [[0.0, 1.0], [2.0, 3.0], [4.0, 5.0]] [6.0, 7.0, 8.0]\n"
           "Only tensors with 2 or more dimensions are supported\nOnly tensors with 2 dimensions are supported\n");
}

TEST_CASE("nn ext: shrink activations, LRN, Bilinear, margin losses", "[nn][nn_ext]") {
    std::string out = out_of(std::string(kGradcheck) + R"(
torch.manual_seed(0)
gradcheck("softshrink", lambda x: F.softshrink(x, 0.3), torch.randn(12))
gradcheck("tanhshrink", lambda x: F.tanhshrink(x), torch.randn(6))
gradcheck("local_response_norm", lambda x: F.local_response_norm(x, 3, alpha=0.1, k=2.0), torch.randn(2, 5, 2, 3))
gradcheck("local_response_norm_3d", lambda x: F.local_response_norm(x, 2), torch.randn(2, 4, 3))
gradcheck("bilinear", lambda a, b, w, c: F.bilinear(a, b, w, c), torch.randn(3, 2), torch.randn(3, 4),
          torch.randn(5, 2, 4), torch.randn(5))
y = torch.tensor([2, 0, 3])
gradcheck("multi_margin_loss", lambda x: F.multi_margin_loss(x, y, p=2, margin=0.7), torch.randn(3, 4))
gradcheck("multi_margin_loss_w", lambda x: F.multi_margin_loss(x, y, weight=torch.tensor([1.0, 2.0, 0.5, 3.0])),
          torch.randn(3, 4))
gradcheck("multilabel_margin_loss", lambda x: F.multilabel_margin_loss(x, torch.tensor([[3, 0, -1, 1], [1, -1, 0, 0]])),
          torch.randn(2, 4))
# PyTorch's documented examples
print(round(F.multi_margin_loss(torch.tensor([[0.1, 0.2, 0.4, 0.8]]), torch.tensor([3])).item(), 4))
print(round(F.multilabel_margin_loss(torch.tensor([[0.1, 0.2, 0.4, 0.8]]), torch.tensor([[3, 0, -1, 1]])).item(), 4))
print(nn.Softshrink(), nn.Hardshrink(0.25), nn.LocalResponseNorm(2), nn.Bilinear(2, 3, 4, bias=False),
      nn.AdaptiveMaxPool2d((2, 1)), nn.MultiMarginLoss(p=2))
)");
    INFO(out);
    CHECK(out.find("BAD") == std::string::npos);
    CHECK(out.find("0.325\n0.85\nSoftshrink(0.5) Hardshrink(0.25) LocalResponseNorm(2, alpha=0.0001, beta=0.75, k=1.0) "
                   "Bilinear(in1_features=2, in2_features=3, out_features=4, bias=False) "
                   "AdaptiveMaxPool2d(output_size=(2, 1)) MultiMarginLoss()\n") != std::string::npos);
    CHECK(std::count(out.begin(), out.end(), '\n') == 11);
}

TEST_CASE("nn ext: torch.fx records the Python F functions as PyTorch's calls", "[nn][nn_ext][fx]") {
    // PyTorch's Python F functions re-pack the call (leading arguments positional, the rest keywords
    // with defaults); its C ones (conv_transpose2d, pixel_shuffle, softshrink) keep the call as made
    // and are named by torch's module.
    std::string code = out_of(R"(
import torch.fx
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.up = nn.Upsample(scale_factor=2)
    def forward(self, x, w):
        y = F.conv_transpose2d(self.up(x), w, stride=2)
        return F.pixel_shuffle(y, 2), F.softshrink(x), F.interpolate(x, scale_factor=0.5), F.rms_norm(x, (3,))
print(torch.fx.symbolic_trace(M()).code)
)");
    CHECK_THAT(code, Catch::Contains("up = self.up(x)\n"));
    CHECK_THAT(code, Catch::Contains("conv_transpose2d = torch.conv_transpose2d(up, w, stride = 2)"));
    CHECK_THAT(code, Catch::Contains("pixel_shuffle = torch.pixel_shuffle(conv_transpose2d, 2)"));
    CHECK_THAT(code, Catch::Contains("softshrink = torch._C._nn.softshrink(x)"));
    CHECK_THAT(code, Catch::Contains("interpolate = torch.nn.functional.interpolate(x, size = None, scale_factor = 0.5, "
                                     "mode = 'nearest', align_corners = None, recompute_scale_factor = None, "
                                     "antialias = False)"));
    CHECK_THAT(code, Catch::Contains("rms_norm = torch.nn.functional.rms_norm(x, (3,), weight = None, eps = None)"));
}

TEST_CASE("F.embedding max_norm renormalizes the rows looked up, in place", "[nn][nn_ext]") {
    // rows over max_norm are scaled by max_norm / (norm + 1e-7): [3, 4, 0] (norm 5) -> [0.6, 0.8, 0],
    // [1, 2, 2] (norm 3) -> [1/3, 2/3, 2/3]; [0.3, 0.4, 0] (norm 0.5) and rows not looked up stay.
    CHECK(out_of(R"(
w = nn.Parameter(torch.tensor([[0.0, 0, 0], [3, 4, 0], [0.3, 0.4, 0], [1, 2, 2], [2, 0, 0]]))
out = F.embedding(torch.tensor([[1, 2], [1, 3]]), w, max_norm=1.0)
print([[round(v, 5) for v in r] for r in w.tolist()])
out.sum().backward()
print(w.grad.tolist())
w = torch.tensor([[3.0, 4.0], [1.0, 0.0]])
print([round(v, 5) for v in F.embedding(torch.tensor([0]), w, max_norm=2.0, norm_type=1.0)[0].tolist()])
)") == "[[0.0, 0.0, 0.0], [0.6, 0.8, 0.0], [0.3, 0.4, 0.0], [0.33333, 0.66667, 0.66667], [2.0, 0.0, 0.0]]\n"
           "[[0.0, 0.0, 0.0], [2.0, 2.0, 2.0], [1.0, 1.0, 1.0], [1.0, 1.0, 1.0], [0.0, 0.0, 0.0]]\n"
           "[0.85714, 1.14286]\n");
}

TEST_CASE("F.affine_grid and F.grid_sample", "[nn][nn_ext]") {
    using kiln::testing::program_output;
    // Known values: the identity's grid with align_corners=True is the corners [-1, 1]; without it,
    // pixel centers; sampling at the identity's grid gives the input back, in every padding mode.
    CHECK(program_output(R"(
theta = torch.tensor([[[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]]])
print(F.affine_grid(theta, (1, 1, 2, 2), align_corners=True).tolist())
print(F.affine_grid(theta, (1, 1, 2, 2), align_corners=False).tolist())
x = torch.arange(24.0).reshape(1, 2, 3, 4)
for pad in ("zeros", "border", "reflection"):
    for mode in ("bilinear", "nearest"):
        for ac in (True, False):
            g = F.affine_grid(theta, (1, 2, 3, 4), align_corners=ac)
            print(pad, mode, ac, torch.allclose(F.grid_sample(x, g, mode=mode, padding_mode=pad, align_corners=ac), x))
)") == "[[[[-1.0, -1.0], [1.0, -1.0]], [[-1.0, 1.0], [1.0, 1.0]]]]\n"
           "[[[[-0.5, -0.5], [0.5, -0.5]], [[-0.5, 0.5], [0.5, 0.5]]]]\n"
           "zeros bilinear True True\nzeros bilinear False True\nzeros nearest True True\nzeros nearest False True\n"
           "border bilinear True True\nborder bilinear False True\nborder nearest True True\nborder nearest False True\n"
           "reflection bilinear True True\nreflection bilinear False True\nreflection nearest True True\n"
           "reflection nearest False True\n");
    // A shift by half the image (theta's x translation 1.0 with align_corners=True moves one
    // half-width): the left half reads the right half, the rest is outside (zeros) or the border.
    CHECK(program_output(R"(
x = torch.tensor([[[[1.0, 2.0, 3.0]]]])
theta = torch.tensor([[[1.0, 0.0, 1.0], [0.0, 1.0, 0.0]]])
g = F.affine_grid(theta, (1, 1, 1, 3), align_corners=True)
print(F.grid_sample(x, g, align_corners=True).tolist(), F.grid_sample(x, g, padding_mode="border", align_corners=True).tolist())
w = torch.ones(1, 1, 1, 3, requires_grad=True)
F.grid_sample(w, g, align_corners=True).sum().backward()
print(w.grad.tolist())
)") == "[[[[2.0, 3.0, 0.0]]]] [[[[2.0, 3.0, 3.0]]]]\n[[[[0.0, 1.0, 1.0]]]]\n");
}

TEST_CASE("legacy tensor types: torch.FloatTensor, torch.LongTensor, Tensor.type", "[nn][bindings]") {
    using kiln::testing::program_output;
    CHECK(program_output(R"(
print(torch.LongTensor([1, 2]), torch.FloatTensor([[1, 2]]), torch.FloatTensor(2, 3).shape)
print(torch.DoubleTensor([0.5]).dtype, torch.BoolTensor([1, 0]))
x = torch.tensor([1.5, 2.5])
print(x.type(torch.LongTensor), x.type('torch.DoubleTensor').dtype, x.type())
)") == "tensor([1, 2]) tensor([[1., 2.]]) torch.Size([2, 3])\n"
           "torch.float64 tensor([ True, False])\n"
           "tensor([1, 2]) torch.float64 torch.FloatTensor\n");
}
