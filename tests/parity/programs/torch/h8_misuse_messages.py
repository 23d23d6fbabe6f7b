# Messages of common PyTorch misuse whose exact wording Kiln could not check against PyTorch's sources
# alone (argument-parser overloads, native nn.Module constructors, dtype checks inside kernels, warnings):
# each line prints the exception type and text, or the warning's first sentence.
import warnings
import torch
import torch.nn as nn
import torch.nn.functional as F


def attempt(name, fn):
    try:
        r = fn()
        print(name, "ok", r if not isinstance(r, torch.Tensor) else (r.dtype, tuple(r.shape)))
    except Exception as e:  # noqa: BLE001 - the message is the point
        print(name, type(e).__name__, str(e).split("\n")[0][:200])


def warned(name, fn):
    with warnings.catch_warnings(record=True) as ws:
        warnings.simplefilter("always")
        try:
            fn()
        except Exception as e:  # noqa: BLE001
            print(name, "raised", type(e).__name__, str(e).split("\n")[0][:200])
    for w in ws:
        print(name, w.category.__name__, str(w.message).split(". ")[0][:160])
    if not ws:
        print(name, "no warning")


torch.manual_seed(0)
t = torch.zeros(6)
attempt("zeros_float", lambda: torch.zeros(2.5))
attempt("zeros_tuple_float", lambda: torch.zeros((2, 3.0)))
attempt("view_float", lambda: t.view(2.0, 3))
attempt("reshape_str", lambda: t.reshape("2", 3))
attempt("randn_tuple_float", lambda: torch.randn((2, 2.0)))
attempt("randint_float_high", lambda: torch.randint(0, 2.5, (2,)))
attempt("cat_two_tensors", lambda: torch.cat(torch.zeros(2), torch.zeros(2)))
attempt("softmax_no_dim", lambda: torch.softmax(torch.zeros(2, 3)))
attempt("conv_missing_kernel", lambda: nn.Conv2d(3, 8))
attempt("dropout_p_str", lambda: nn.Dropout(p="0.5"))
attempt("linear_float_features", lambda: nn.Linear(2.5, 3))
m = nn.Linear(2, 2)
attempt("sgd_params_method", lambda: torch.optim.SGD(m.parameters, lr=0.1))
warned("sgd_param_twice", lambda: torch.optim.SGD([m.weight, m.weight], lr=0.1))
attempt("manual_seed_2_64", lambda: torch.manual_seed(2 ** 64))
attempt("return_types_item", lambda: torch.zeros(2).max(dim=0).item())
attempt("shape_call", lambda: torch.zeros(2).shape())


class NoSuper(nn.Module):
    def __init__(self):
        self.scale = 2.0

    def forward(self, x):
        return x * self.scale


attempt("no_super_init_call", lambda: NoSuper()(torch.zeros(2)))
p = torch.full((3,), 0.5)
attempt("bce_long_target", lambda: F.binary_cross_entropy(p, torch.tensor([1, 0, 1])))
x = torch.zeros(3, requires_grad=True)
attempt("mse_long_target_forward", lambda: F.mse_loss(x, torch.tensor([1, 0, 1])))
attempt("mse_long_target_backward", lambda: F.mse_loss(x, torch.tensor([1, 0, 1])).backward())
attempt("ce_swapped_args", lambda: F.cross_entropy(torch.tensor([1, 2, 0]), torch.zeros(3, 5)))
attempt("nll_int32_target", lambda: F.nll_loss(torch.zeros(3, 5), torch.tensor([1, 2, 0], dtype=torch.int32)))
attempt("gather_int32", lambda: torch.zeros(2, 2).gather(1, torch.tensor([[0], [1]], dtype=torch.int32)))
attempt("scatter_int32", lambda: torch.zeros(2, 2).scatter(1, torch.tensor([[0], [1]], dtype=torch.int32), 1.0))
attempt("max_pool_long", lambda: F.max_pool2d(torch.zeros(1, 1, 4, 4, dtype=torch.long), 2))
attempt("avg_pool_long", lambda: F.avg_pool2d(torch.zeros(1, 1, 4, 4, dtype=torch.long), 2))


def saved_output_modified():
    a = torch.zeros(2, requires_grad=True)
    y = torch.sigmoid(a)
    y.mul_(2)
    y.sum().backward()


attempt("saved_output_modified", saved_output_modified)


def nonleaf_grad():
    a = torch.zeros(2, requires_grad=True)
    y = a * 2
    y.sum().backward()
    return y.grad


warned("nonleaf_grad", nonleaf_grad)
warned("mse_shape", lambda: F.mse_loss(torch.zeros(3, 1), torch.zeros(3)))
warned("kl_div_mean", lambda: F.kl_div(torch.zeros(2, 3), torch.zeros(2, 3)))


def scheduler_first():
    opt = torch.optim.SGD(m.parameters(), lr=0.1)
    s = torch.optim.lr_scheduler.StepLR(opt, step_size=1)
    s.step()


warned("scheduler_before_optimizer", scheduler_first)
attempt("weighted_sampler_negative",
        lambda: list(torch.utils.data.WeightedRandomSampler([0.5, -1.0], 2)))
