# torch.fx.passes.infra as graph-rewriting code uses it: PassBase subclasses and plain functions
# returning PassResult run by a PassManager (recompiling each GraphModule, ordering passes by
# this_before_that_pass_constraint, running checks), pass_result_wrapper for passes returning a
# module or None, and the error a failing pass is reported with.
import torch
from torch import fx
from torch.fx.passes.infra.pass_base import PassBase, PassResult
from torch.fx.passes.infra.pass_manager import PassManager, pass_result_wrapper, this_before_that_pass_constraint


class M(torch.nn.Module):
    def forward(self, x, y):
        return torch.add(x, y).relu()


class ReplaceAddWithMul(PassBase):
    def __init__(self):
        self.calls = 0

    def call(self, gm):
        modified = False
        for node in gm.graph.nodes:
            if node.op == "call_function" and node.target == torch.add:
                node.target = torch.mul
                modified = True
        self.calls += 1
        return PassResult(gm, modified)

    def requires(self, gm):
        print("requires", len(gm.graph.nodes))

    def ensures(self, gm):
        print("ensures", [n.target.__name__ for n in gm.graph.nodes if n.op == "call_function"])


def relu_to_sigmoid(gm):
    for node in gm.graph.nodes:
        if node.op == "call_method" and node.target == "relu":
            node.target = "sigmoid"
    return PassResult(gm, True)


def lint_only(gm):
    gm.graph.lint()


first = ReplaceAddWithMul()
pm = PassManager(passes=[relu_to_sigmoid, first], steps=3, run_checks_after_each_pass=True)
pm.add_constraint(this_before_that_pass_constraint(first, relu_to_sigmoid))
checked = []
pm.add_checks(lambda m: checked.append(type(m).__name__))
gm = fx.symbolic_trace(M())
res = pm(gm)
print(type(res).__name__, res.modified, res.graph_module is gm, isinstance(res, tuple))
print([p.__name__ if hasattr(p, "__name__") else type(p).__name__ for p in pm.passes])
print(first.calls, checked)
print(res.graph_module.code.strip())
x, y = torch.tensor([1.0, -2.0]), torch.tensor([3.0, 0.5])
print(res.graph_module(x, y))

wrapped = pass_result_wrapper(lint_only)
print(wrapped.__name__, wrapped(gm).modified)
print(PassManager([pass_result_wrapper(lambda m: m)])(gm).modified)

try:
    PassManager([lambda m: m])(gm)
except Exception as e:
    print(type(e).__name__, e)
    print(type(e.__cause__).__name__, e.__cause__)

try:
    ReplaceAddWithMulBroken = type("Broken", (PassBase,), {"call": lambda self, gm: None})
    ReplaceAddWithMulBroken()
except TypeError as e:
    print("TypeError", str(e).split(" with")[0])

try:
    pm.add_checks(lambda a, b: None)
except TypeError as e:
    print(e)
