// The torch.nn / torch.nn.functional / torch.optim bindings (engine/bindings/nn.cpp, functional.cpp,
// optim.cpp), driven by small programs through the interpreter with captured stdout. Expected texts
// are PyTorch 2.11's output for the same programs (module reprs, error messages, optimizer reprs).
#include <catch2/catch.hpp>

#include <string>

#include "vm/interpreter.h"
#include "cuda/cuda.h"

using kiln::vm::Interpreter;
using kiln::vm::Options;
using kiln::vm::RunResult;

namespace {

struct Run {
    std::string out, err;
    RunResult result;
};

Run run(const std::string& body) {
    Run r;
    Options o;
    o.out = [&](std::string_view s) { r.out += s; };
    o.err = [&](std::string_view s) { r.err += s; };
    Interpreter in(o);
    const std::string prelude = "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n";
    r.result = in.run_source(prelude + body, "t.py");
    return r;
}

// stdout of a program that must succeed.
std::string out_of(const std::string& body) {
    Run r = run(body);
    INFO(r.err);
    REQUIRE(r.result.ok);
    return r.out;
}

// "Type: message" of the exception a program ends with.
std::string error_of(const std::string& body) {
    Run r = run(body);
    INFO(r.out);
    REQUIRE_FALSE(r.result.ok);
    return r.result.error_type + ": " + r.result.error_message;
}

const char* kNet = R"(
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 3)
        self.body = nn.Sequential(nn.Linear(3, 3), nn.ReLU())
        self.head = nn.Linear(3, 2, bias=False)
    def forward(self, x):
        return self.head(self.body(self.fc(x)))
net = Net()
)";

}  // namespace

TEST_CASE("nn: built-in layer reprs", "[bindings]") {
    CHECK(out_of("print(nn.Linear(4, 8))\nprint(nn.Linear(2, 3, bias=False))") ==
          "Linear(in_features=4, out_features=8, bias=True)\nLinear(in_features=2, out_features=3, bias=False)\n");
    CHECK(out_of("print(nn.Conv2d(1, 8, 3, padding=1))") ==
          "Conv2d(1, 8, kernel_size=(3, 3), stride=(1, 1), padding=(1, 1))\n");
    CHECK(out_of("print(nn.ReLU(), nn.ReLU(inplace=True), nn.GELU(), nn.Dropout(0.1))") ==
          "ReLU() ReLU(inplace=True) GELU(approximate='none') Dropout(p=0.1, inplace=False)\n");
    CHECK(out_of("print(nn.Flatten(), nn.Softmax(dim=1), nn.MSELoss(), nn.CrossEntropyLoss(), nn.Identity())") ==
          "Flatten(start_dim=1, end_dim=-1) Softmax(dim=1) MSELoss() CrossEntropyLoss() Identity()\n");
    CHECK(out_of("print(nn.BatchNorm1d(4))\nprint(nn.LayerNorm(6))\nprint(nn.Embedding(10, 3))") ==
          "BatchNorm1d(4, eps=1e-05, momentum=0.1, affine=True, track_running_stats=True)\n"
          "LayerNorm((6,), eps=1e-05, elementwise_affine=True)\nEmbedding(10, 3)\n");
    CHECK(out_of("print(nn.MaxPool2d(2), nn.LeakyReLU(0.2))") ==
          "MaxPool2d(kernel_size=2, stride=2, padding=0, dilation=1, ceil_mode=False) LeakyReLU(negative_slope=0.2)\n");
}

TEST_CASE("nn: user module with nested children prints like PyTorch", "[bindings]") {
    CHECK(out_of(std::string(kNet) + "print(net)") ==
          "Net(\n"
          "  (fc): Linear(in_features=4, out_features=3, bias=True)\n"
          "  (body): Sequential(\n"
          "    (0): Linear(in_features=3, out_features=3, bias=True)\n"
          "    (1): ReLU()\n"
          "  )\n"
          "  (head): Linear(in_features=3, out_features=2, bias=False)\n"
          ")\n");
}

TEST_CASE("nn: user extra_repr and nesting of user modules", "[bindings]") {
    CHECK(out_of(R"(
class Block(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.d = d
        self.ln = nn.LayerNorm(d)
    def extra_repr(self):
        return f"d={self.d}"
    def forward(self, x):
        return self.ln(x)
print(nn.Sequential(Block(2), Block(3)))
print(nn.Sequential(Block(2))(torch.ones(1, 2)).shape)
)") == "Sequential(\n  (0): Block(\n    d=2\n    (ln): LayerNorm((2,), eps=1e-05, elementwise_affine=True)\n  )\n"
       "  (1): Block(\n    d=3\n    (ln): LayerNorm((3,), eps=1e-05, elementwise_affine=True)\n  )\n)\n"
       "torch.Size([1, 2])\n");
}

TEST_CASE("nn: parameters order, count and identity", "[bindings]") {
    CHECK(out_of(std::string(kNet) + R"(
print([n for n, p in net.named_parameters()])
print(len(list(net.parameters())), sum(p.numel() for p in net.parameters()))
print(next(iter(net.parameters())) is net.fc.weight, net.fc is net.fc, net.body[0] is net.body[0])
print(type(net.fc.weight).__name__, net.head.bias)
)") == "['fc.weight', 'fc.bias', 'body.0.weight', 'body.0.bias', 'head.weight']\n5 33\nTrue True True\n"
       "Parameter None\n");
}

TEST_CASE("nn: state_dict keys and OrderedDict printing", "[bindings]") {
    CHECK(out_of(std::string(kNet) + "print(list(net.state_dict().keys()))") ==
          "['fc.weight', 'fc.bias', 'body.0.weight', 'body.0.bias', 'head.weight']\n");
    CHECK(out_of(R"(
lin = nn.Linear(2, 1)
with torch.no_grad():
    lin.weight.copy_(torch.tensor([[1.0, 2.0]]))
    lin.bias.fill_(0.5)
sd = lin.state_dict()
print(sd)
print(len(sd), 'bias' in sd, sd['weight'].requires_grad)
)") == "OrderedDict({'weight': tensor([[1., 2.]]), 'bias': tensor([0.5000])})\n2 True False\n");
    CHECK(out_of("bn = nn.BatchNorm1d(2)\nprint(list(bn.state_dict().keys()))") ==
          "['weight', 'bias', 'running_mean', 'running_var', 'num_batches_tracked']\n");
}

TEST_CASE("nn: load_state_dict results and errors", "[bindings]") {
    CHECK(out_of(R"(
a, b = nn.Linear(2, 2), nn.Linear(2, 2)
print(b.load_state_dict(a.state_dict()))
print(torch.equal(a.weight, b.weight))
sd = a.state_dict()
sd['extra'] = torch.zeros(1)
r = b.load_state_dict(sd, strict=False)
print(r)
print(r.unexpected_keys)
)") == "<All keys matched successfully>\nTrue\n_IncompatibleKeys(missing_keys=[], unexpected_keys=['extra'])\n"
       "['extra']\n");
    CHECK(error_of("nn.Linear(2, 2).load_state_dict({'weight': torch.zeros(2, 2)})") ==
          "RuntimeError: Error(s) in loading state_dict for Linear:\n\tMissing key(s) in state_dict: \"bias\". ");
}

TEST_CASE("nn: a 3-step SGD training loop on a tiny Linear", "[bindings]") {
    CHECK(out_of(R"(
lin = nn.Linear(2, 1)
with torch.no_grad():
    lin.weight.copy_(torch.tensor([[0.5, -0.25]]))
    lin.bias.fill_(0.1)
opt = torch.optim.SGD(lin.parameters(), lr=0.1)
x = torch.tensor([[1.0, 2.0], [3.0, 4.0]])
t = torch.tensor([[1.0], [2.0]])
for i in range(3):
    opt.zero_grad()
    loss = F.mse_loss(lin(x), t)
    loss.backward()
    opt.step()
    print(i, round(loss.item(), 4))
)") == "0 1.385\n1 6.3824\n2 29.7494\n");
}

TEST_CASE("nn: user module trains with Adam, CrossEntropyLoss and a scheduler", "[bindings]") {
    Run r = run(R"(
torch.manual_seed(0)
model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 3))
opt = torch.optim.Adam(model.parameters(), lr=0.05)
sched = torch.optim.lr_scheduler.StepLR(opt, step_size=2, gamma=0.5)
x = torch.randn(12, 4)
y = torch.tensor([0, 1, 2] * 4)
crit = nn.CrossEntropyLoss()
losses = []
for step in range(20):
    opt.zero_grad()
    loss = crit(model(x), y)
    loss.backward()
    opt.step()
    sched.step()
    losses.append(loss.item())
print(losses[-1] < losses[0], sched.get_last_lr())
)");
    INFO(r.err);
    REQUIRE(r.result.ok);
    CHECK(r.out == "True [4.8828125e-05]\n");
}

TEST_CASE("nn: assigning a plain tensor over a parameter", "[bindings]") {
    CHECK(error_of("m = nn.Linear(2, 2)\nm.weight = torch.zeros(2, 2)") ==
          "TypeError: cannot assign 'torch.FloatTensor' as parameter 'weight' (torch.nn.Parameter or None expected)");
    CHECK(error_of("m = nn.Sequential(nn.ReLU())\nm[0] = 3") == "TypeError: int is not a Module subclass");
}

TEST_CASE("nn: errors before Module.__init__ and for missing attributes", "[bindings]") {
    CHECK(error_of(R"(
class Bad(nn.Module):
    def __init__(self):
        self.fc = nn.Linear(1, 1)
Bad()
)") == "AttributeError: cannot assign module before Module.__init__() call");
    CHECK(error_of(R"(
class Bad(nn.Module):
    def __init__(self):
        self.w = nn.Parameter(torch.zeros(1))
Bad()
)") == "AttributeError: cannot assign parameters before Module.__init__() call");
    CHECK(error_of(std::string(kNet) + "net.foo") == "AttributeError: 'Net' object has no attribute 'foo'");
}

TEST_CASE("nn: missing forward and bad inputs raise Python exceptions", "[bindings]") {
    CHECK(error_of("class M(nn.Module):\n    pass\nM()(torch.ones(1))") ==
          "NotImplementedError: Module [M] is missing the required \"forward\" function");
    CHECK(error_of("nn.Linear(2, 2)(torch.ones(3, 3))") ==
          "RuntimeError: mat1 and mat2 shapes cannot be multiplied (3x3 and 2x2)");
    CHECK(error_of("nn.Linear('a', 2)") ==
          "TypeError: empty(): argument 'size' failed to unpack the object at pos 2 with error \"type must be tuple of "
          "ints,but got str\"");
    CHECK(error_of("nn.Linear(2, 2)('x')").rfind("TypeError: ", 0) == 0);
    CHECK(error_of("nn.ModuleList([nn.ReLU()])[3]") == "IndexError: index 3 is out of range");
}

TEST_CASE("nn: forward with several args, kwargs and non-tensor results", "[bindings]") {
    CHECK(out_of(R"(
class Two(nn.Module):
    def forward(self, a, b, scale=1.0):
        return {'sum': (a + b) * scale, 'n': 2}
m = Two()
r = m(torch.ones(2), torch.ones(2), scale=3.0)
print(r['sum'], r['n'])
)") == "tensor([6., 6.]) 2\n");
}

TEST_CASE("nn: setattr routing (parameters, buffers, None, plain values)", "[bindings]") {
    CHECK(out_of(R"(
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.ones(2))
        self.register_buffer('b', torch.zeros(2))
        self.register_buffer('tmp', torch.zeros(1), persistent=False)
        self.child = nn.Linear(2, 2)
        self.k = 3
m = M()
m.b = torch.ones(2)
print(m.b, m.k, list(m.state_dict().keys()))
m.child = None
m.w = None
print(m, [n for n, _ in m.named_parameters()])
)") == "tensor([1., 1.]) 3 ['w', 'b', 'child.weight', 'child.bias']\nM(\n  (child): None\n) []\n");
}

TEST_CASE("nn: train/eval flags and training attribute", "[bindings]") {
    CHECK(out_of(std::string(kNet) + R"(
print(net.training, net.eval() is net, net.training, net.body[1].training)
net.train()
print(net.body[0].training)
net.training = False
print(net.training, net.fc.training)
)") == "True True False False\nTrue\nFalse True\n");
}

TEST_CASE("nn: modules, children and named_modules", "[bindings]") {
    CHECK(out_of(std::string(kNet) + R"(
print([n for n, _ in net.named_modules()])
print([type(c).__name__ for c in net.children()])
print(len(list(net.modules())))
print(net.get_submodule('body.0'))
)") == "['', 'fc', 'body', 'body.0', 'body.1', 'head']\n['Linear', 'Sequential', 'Linear']\n6\n"
       "Linear(in_features=3, out_features=3, bias=True)\n");
}

TEST_CASE("nn: containers index, slice, append and iterate", "[bindings]") {
    CHECK(out_of(R"(
s = nn.Sequential(nn.Linear(1, 2), nn.ReLU(), nn.Linear(2, 1))
print(len(s), s[1], s[-1])
print(s[1:])
s.append(nn.Tanh())
print([type(m).__name__ for m in s])
ml = nn.ModuleList([nn.Linear(2, 2) for _ in range(3)])
ml.append(nn.ReLU())
print(ml)
)") == "3 ReLU() Linear(in_features=2, out_features=1, bias=True)\n"
       "Sequential(\n  (1): ReLU()\n  (2): Linear(in_features=2, out_features=1, bias=True)\n)\n"
       "['Linear', 'ReLU', 'Linear', 'Tanh']\n"
       "ModuleList(\n  (0-2): 3 x Linear(in_features=2, out_features=2, bias=True)\n  (3): ReLU()\n)\n");
}

TEST_CASE("nn: layer attributes read like PyTorch", "[bindings]") {
    CHECK(out_of(R"(
c = nn.Conv2d(3, 16, 5, stride=2)
l = nn.Linear(4, 5)
bn = nn.BatchNorm2d(7)
print(c.kernel_size, c.stride, c.in_channels, l.in_features, l.out_features)
print(bn.running_mean.shape, bn.num_batches_tracked, bn.momentum, nn.LayerNorm([2, 3]).normalized_shape)
print(nn.CrossEntropyLoss(reduction='sum').reduction, nn.Softmax(dim=-1).dim)
)") == "(5, 5) (2, 2) 3 4 5\ntorch.Size([7]) tensor(0) 0.1 (2, 3)\nsum -1\n");
}

TEST_CASE("nn: MultiheadAttention returns (output, weights)", "[bindings]") {
    CHECK(out_of(R"(
mha = nn.MultiheadAttention(8, 2, batch_first=True)
q = torch.ones(1, 3, 8)
out, w = mha(q, q, q)
print(out.shape, w.shape)
out, w = mha(q, q, q, need_weights=False)
print(w)
print(mha)
)") == "torch.Size([1, 3, 8]) torch.Size([1, 3, 3])\nNone\nMultiheadAttention(\n"
       "  (out_proj): NonDynamicallyQuantizableLinear(in_features=8, out_features=8, bias=True)\n)\n");
}

TEST_CASE("nn: user subclass of a built-in layer", "[bindings]") {
    CHECK(out_of(R"(
class Double(nn.Linear):
    def forward(self, x):
        return super().forward(x) * 2
m = Double(2, 1)
with torch.no_grad():
    m.weight.fill_(1.0)
    m.bias.fill_(0.0)
print(m, m(torch.ones(1, 2)))
)") == "Double(in_features=2, out_features=1, bias=True) tensor([[4.]], grad_fn=<MulBackward0>)\n");
}

TEST_CASE("nn: to/double/requires_grad_/apply/zero_grad", "[bindings]") {
    CHECK(out_of(R"(
m = nn.Sequential(nn.Linear(2, 2), nn.Tanh())
print(m.double()[0].weight.dtype, m.to(torch.float32)[0].bias.dtype)
m.requires_grad_(False)
print([p.requires_grad for p in m.parameters()])
names = []
m.apply(lambda mod: names.append(type(mod).__name__))
print(names)
m.requires_grad_(True)
m(torch.ones(1, 2)).sum().backward()
print(m[0].weight.grad is None)
m.zero_grad()
print(m[0].weight.grad)
)") == "torch.float64 torch.float32\n[False, False]\n['Linear', 'Tanh', 'Sequential']\nFalse\nNone\n");
    if (!kiln::cuda::built())
        CHECK(error_of("nn.Linear(1, 1).cuda()") == "AssertionError: Torch not compiled with CUDA enabled");
}

TEST_CASE("nn.init and nn.utils", "[bindings]") {
    CHECK(out_of(R"(
w = torch.empty(2, 3)
print(nn.init.constant_(w, 0.5) is w, w.sum().item())
nn.init.zeros_(w)
print(w.abs().sum().item(), nn.init.calculate_gain('relu'), nn.init.calculate_gain('linear'))
p = nn.Parameter(torch.ones(2))
p.grad = torch.tensor([3.0, 4.0])
print(nn.utils.clip_grad_norm_([p], 1.0), p.grad)
)") == "True 3.0\n0.0 1.4142135623730951 1\ntensor(5.) tensor([0.6000, 0.8000])\n");
}

TEST_CASE("functional: activations and softmax", "[bindings]") {
    CHECK(out_of(R"(
x = torch.tensor([-1.0, 0.0, 2.0])
print(F.relu(x), F.leaky_relu(x, 0.1))
print(F.softmax(torch.tensor([1.0, 2.0, 3.0]), dim=0))
print(F.log_softmax(torch.tensor([[0.0, 0.0]]), dim=1))
print(F.gelu(torch.tensor([1.0])), F.silu(torch.tensor([1.0])))
)") == "tensor([0., 0., 2.]) tensor([-0.1000,  0.0000,  2.0000])\ntensor([0.0900, 0.2447, 0.6652])\n"
       "tensor([[-0.6931, -0.6931]])\ntensor([0.8413]) tensor([0.7311])\n");
}

TEST_CASE("functional: losses", "[bindings]") {
    CHECK(out_of(R"(
a = torch.tensor([0.2, 0.9])
t = torch.tensor([0.0, 1.0])
print(F.mse_loss(a, t), F.l1_loss(a, t, reduction='sum'))
print(F.binary_cross_entropy(a, t), F.smooth_l1_loss(torch.tensor([0.2, 3.0]), t))
logits = torch.tensor([[2.0, 0.5, 0.1], [0.1, 0.2, 3.0]])
print(F.cross_entropy(logits, torch.tensor([0, 2])), F.nll_loss(F.log_softmax(logits, dim=1), torch.tensor([0, 2])))
)") == "tensor(0.0250) tensor(0.3000)\ntensor(0.1643) tensor(0.7600)\ntensor(0.2132) tensor(0.2132)\n");
}

TEST_CASE("functional: shapes of linear, conv2d, pooling, pad, one_hot", "[bindings]") {
    CHECK(out_of(R"(
x = torch.ones(1, 1, 4, 4)
w = torch.ones(2, 1, 3, 3)
print(F.conv2d(x, w, padding=1).shape, F.max_pool2d(x, 2).shape, F.adaptive_avg_pool2d(x, 1).shape)
print(F.linear(torch.ones(2, 3), torch.ones(4, 3)).shape)
print(F.pad(torch.ones(1, 2), (1, 1), value=0.5))
print(F.one_hot(torch.tensor([0, 2]), 3))
)") == "torch.Size([1, 2, 4, 4]) torch.Size([1, 1, 2, 2]) torch.Size([1, 1, 1, 1])\ntorch.Size([2, 4])\n"
       "tensor([[0.5000, 1.0000, 1.0000, 0.5000]])\ntensor([[1, 0, 0],\n        [0, 0, 1]])\n");
    CHECK(error_of("F.relu(3)").rfind("TypeError: ", 0) == 0);
    CHECK(error_of("F.dropout(torch.ones(2), p=1.5)") ==
          "ValueError: dropout probability has to be between 0 and 1, but got 1.5");
}

TEST_CASE("optim: reprs and param_groups", "[bindings]") {
    CHECK(out_of(R"(
p = nn.Parameter(torch.zeros(1))
opt = torch.optim.SGD([p], lr=0.1, momentum=0.9)
print(opt)
opt.param_groups[0]['lr'] = 0.5
print(opt.param_groups[0]['lr'], len(opt.param_groups))
)") == "SGD (\nParameter Group 0\n    dampening: 0\n    differentiable: False\n    foreach: None\n    fused: None\n"
       "    lr: 0.1\n    maximize: False\n    momentum: 0.9\n    nesterov: False\n    weight_decay: 0\n)\n0.5 1\n");
    CHECK(out_of("print(torch.optim.Adam([nn.Parameter(torch.zeros(1))]))") ==
          "Adam (\nParameter Group 0\n    amsgrad: False\n    betas: (0.9, 0.999)\n    capturable: False\n"
          "    decoupled_weight_decay: False\n    differentiable: False\n    eps: 1e-08\n    foreach: None\n"
          "    fused: None\n    lr: 0.001\n    maximize: False\n    weight_decay: 0\n)\n");
}

TEST_CASE("optim: changing group['lr'] affects the next step, param groups", "[bindings]") {
    CHECK(out_of(R"(
p = nn.Parameter(torch.tensor([1.0]))
q = nn.Parameter(torch.tensor([1.0]))
opt = torch.optim.SGD([{'params': [p]}, {'params': [q], 'lr': 1.0}], lr=0.1)
(p * 2 + q * 2).sum().backward()
opt.step()
print(p.item(), q.item())
opt.param_groups[0]['lr'] = 0.0
opt.step()
print(p.item(), q.item())
opt.zero_grad()
print(p.grad, q.grad)
)") == "0.800000011920929 -1.0\n0.800000011920929 -3.0\nNone None\n");
}

TEST_CASE("optim: constructor errors", "[bindings]") {
    CHECK(error_of("torch.optim.SGD([], lr=0.1)") == "ValueError: optimizer got an empty parameter list");
    CHECK(error_of("torch.optim.SGD([nn.Parameter(torch.zeros(1))], lr=-1)") ==
          "ValueError: Invalid learning rate: -1");
    CHECK(error_of("torch.optim.SGD(torch.zeros(2))") ==
          "TypeError: params argument given to the optimizer should be an iterable of Tensors or dicts, but got "
          "torch.FloatTensor");
    CHECK(error_of("torch.optim.Adam([nn.Parameter(torch.zeros(1))], betas=(0.9, 1.0))") ==
          "ValueError: Invalid beta parameter at index 1: 1.0");
}
