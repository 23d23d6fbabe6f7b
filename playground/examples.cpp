// The Examples menu: small PyTorch programs, each chosen to show one thing about capture (see
// examples.h). Every one runs in Kiln; tests/playground/test_examples.cpp runs them all in each mode.
#include "examples.h"

namespace kiln::playground {

const std::vector<Example>& example_list() {
    static const std::vector<Example> list = {
        {"simplenet", "SimpleNet: a two-layer MLP, one graph",
         R"PY(import torch
import torch.nn as nn

class SimpleNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(4, 8)
        self.fc2 = nn.Linear(8, 2)

    def forward(self, x):
        h = torch.relu(self.fc1(x))
        return self.fc2(h).softmax(dim=-1)

torch.manual_seed(0)
model = SimpleNet()
compiled = torch.compile(model)
x = torch.randn(3, 4)
with torch.no_grad():  # inference: the back end fuses relu and softmax
    print(compiled(x))
    print(torch.allclose(compiled(x), model(x)))
)PY"},
        {"branch", "Data-dependent branch: a graph break and guards",
         R"PY(import torch

def f(x):
    y = x * 2
    # The branch depends on the data in x: Dynamo cannot know it
    # while capturing, so it breaks the graph here and guards the rest.
    if y.sum() > 0:
        return y.sin()
    return y.cos()

cf = torch.compile(f)
print(cf(torch.ones(4)))
print(cf(-torch.ones(4)))
)PY"},
        {"print_break", "print() inside a compiled function: a graph break",
         R"PY(import torch

def f(x):
    a = torch.sin(x)
    print("inside f:", a.shape)   # print() is a graph break
    b = torch.cos(a)
    return a + b

cf = torch.compile(f)
x = torch.randn(8)
print(cf(x))
)PY"},
        {"recompile", "Shape change: a recompile, then a dynamic graph",
         R"PY(import torch

def f(x):
    return (x * 2 + 1).relu()

cf = torch.compile(f)
cf(torch.randn(4))      # compiles for size 4
cf(torch.randn(4))      # guard hit: reuses the graph
cf(torch.randn(8))      # size changed: recompiles with a dynamic size
print(cf(torch.randn(16)).shape)  # the dynamic graph serves every size
)PY"},
        {"transformer", "TransformerBlock: attention + MLP, fused kernels",
         R"PY(import math
import torch
import torch.nn as nn
import torch.nn.functional as F

class TransformerBlock(nn.Module):
    def __init__(self, d, heads):
        super().__init__()
        self.heads = heads
        self.ln1 = nn.LayerNorm(d)
        self.qkv = nn.Linear(d, 3 * d)
        self.proj = nn.Linear(d, d)
        self.ln2 = nn.LayerNorm(d)
        self.fc1 = nn.Linear(d, 4 * d)
        self.fc2 = nn.Linear(4 * d, d)

    def forward(self, x):
        b, t, d = x.shape
        h = self.ln1(x)
        q, k, v = self.qkv(h).split(d, dim=-1)
        q = q.view(b, t, self.heads, d // self.heads).transpose(1, 2)
        k = k.view(b, t, self.heads, d // self.heads).transpose(1, 2)
        v = v.view(b, t, self.heads, d // self.heads).transpose(1, 2)
        att = (q @ k.transpose(-2, -1)) / math.sqrt(d // self.heads)
        att = att.softmax(dim=-1)
        y = (att @ v).transpose(1, 2).reshape(b, t, d)
        x = x + self.proj(y)
        return x + self.fc2(F.gelu(self.fc1(self.ln2(x))))

torch.manual_seed(0)
block = TransformerBlock(16, 2)
x = torch.randn(2, 5, 16)
with torch.no_grad():
    out = torch.compile(block)(x)
print(out.shape)
print(torch.allclose(out, block(x), atol=1e-5))
)PY"},
        {"training", "Training loop: a compiled loss, SGD steps",
         R"PY(import torch
import torch.nn as nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(2, 16), nn.Tanh(), nn.Linear(16, 1))
opt = torch.optim.SGD(model.parameters(), lr=0.1)
x = torch.randn(64, 2)
y = (x[:, 0] * x[:, 1]).unsqueeze(1)

@torch.compile
def loss_fn(pred, target):
    return ((pred - target) ** 2).mean()

for step in range(30):
    opt.zero_grad()
    loss = loss_fn(model(x), y)
    loss.backward()
    opt.step()
    if step % 10 == 0:
        print(f"step {step}: loss {loss.item():.4f}")
print(f"final loss {loss.item():.4f}")
)PY"},
    };
    return list;
}

const Example* find_example(const std::string& id) {
    for (const Example& e : example_list())
        if (id == e.id) return &e;
    return nullptr;
}

}  // namespace kiln::playground
