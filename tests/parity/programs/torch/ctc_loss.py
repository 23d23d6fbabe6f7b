import torch
import torch.nn as nn
import torch.nn.functional as F
# F.ctc_loss / nn.CTCLoss: padded and concatenated targets, tensor and list lengths, shorter inputs,
# empty targets, unbatched input, the reductions (and their grad_fns), blank other than 0,
# zero_infinity for impossible alignments, gradients (ATen's, with respect to log_probs and through
# log_softmax), float32 and float64, and PyTorch's errors.

torch.manual_seed(0)
T, N, C = 6, 3, 5
logits = torch.randn(T, N, C, dtype=torch.float64, requires_grad=True)
lp = logits.log_softmax(2)
targets = torch.tensor([[1, 2, 2, 4], [3, 1, 0, 0], [4, 4, 1, 2]])
il = torch.tensor([6, 5, 6])
tl = torch.tensor([3, 2, 4])

def show(name, v):
    print(name, [f"{x:.5f}" for x in v.detach().double().reshape(-1).tolist()], type(v.grad_fn).__name__)

show("none", F.ctc_loss(lp, targets, il, tl, reduction="none"))
show("mean", F.ctc_loss(lp, targets, il, tl))
show("sum", F.ctc_loss(lp, targets, il, tl, reduction="sum"))
show("lists", F.ctc_loss(lp, targets, [6, 5, 6], [3, 2, 4], reduction="none"))
show("concat", F.ctc_loss(lp, torch.tensor([1, 2, 2, 3, 1, 4, 4, 1, 2]), il, tl, reduction="none"))
show("tuple", F.ctc_loss(lp, targets, (6, 5, 6), (3, 2, 4), reduction="sum"))
show("empty target", F.ctc_loss(lp, targets, il, torch.tensor([0, 2, 1]), reduction="none"))
show("zero input", F.ctc_loss(lp, targets, torch.tensor([0, 5, 6]), torch.tensor([0, 2, 4]), reduction="none"))
show("blank 4", F.ctc_loss(lp, torch.tensor([[0, 1], [2, 3], [1, 1]]), il, torch.tensor([2, 2, 2]), blank=4, reduction="none"))
show("unbatched", F.ctc_loss(lp[:, 0], targets[0, :3], torch.tensor(6), torch.tensor(3), reduction="none"))
show("unbatched mean", F.ctc_loss(lp[:, 1], targets[1, :2], torch.tensor(5), torch.tensor(2)))

# gradient with respect to the log-probabilities (ATen's formula) and through log_softmax
lpl = lp.detach().requires_grad_()
F.ctc_loss(lpl, targets, il, tl).backward()
print("grad lp", lpl.grad[:, 1].round(decimals=5).tolist())
F.ctc_loss(lp, targets, il, tl, reduction="sum").backward()
print("grad logits", logits.grad[:, 0].round(decimals=5).tolist())
print("past input length", logits.grad[5, 1].tolist())

# impossible alignments: inf, or zeros (and zero gradient) with zero_infinity
bad_t = torch.tensor([[1, 1, 1, 1], [2, 3, 0, 0], [1, 2, 3, 4]])
bad_il = torch.tensor([6, 5, 3])
show("inf", F.ctc_loss(lp, bad_t, bad_il, torch.tensor([4, 2, 4]), reduction="none"))
lz = lp.detach().requires_grad_()
z = F.ctc_loss(lz, bad_t, bad_il, torch.tensor([4, 2, 4]), reduction="none", zero_infinity=True)
show("zero_infinity", z)
z.sum().backward()
print("zeroed grads", lz.grad[:, 0].abs().sum().item(), lz.grad[:, 2].abs().sum().item(), lz.grad[:, 1].abs().sum().item() > 0)
show("zero_infinity mean", F.ctc_loss(lp, bad_t, bad_il, torch.tensor([4, 2, 4]), zero_infinity=True))

# float32, the module
lp32 = lp.detach().float().requires_grad_()
loss = nn.CTCLoss()(lp32, targets, il, tl)
show("f32", loss)
loss.backward()
print(lp32.grad.dtype, lp32.grad.shape)
crit = nn.CTCLoss(blank=2, reduction="sum", zero_infinity=True)
print(crit, crit.blank, crit.reduction, crit.zero_infinity)
show("module", crit(lp, torch.tensor([[1, 3], [0, 4], [4, 4]]), il, torch.tensor([2, 2, 2])))
print(torch.ctc_loss(lp.detach(), targets, il, tl, 0, 0, False).round(decimals=6).tolist())

def err(f):
    try:
        f()
    except Exception as e:
        print(type(e).__name__ + ":", e)

err(lambda: F.ctc_loss(lp, targets, il, tl, reduction="avg"))
err(lambda: F.ctc_loss(lp, targets, il, tl, blank=5))
err(lambda: F.ctc_loss(lp, targets, torch.tensor([6, 5]), tl))
err(lambda: F.ctc_loss(lp, targets, il, torch.tensor([3, 2])))
err(lambda: F.ctc_loss(lp, targets, torch.tensor([7, 5, 6]), tl))
err(lambda: F.ctc_loss(lp, targets, torch.tensor([-1, 5, 6]), tl))
err(lambda: F.ctc_loss(lp, targets, il, torch.tensor([3, -2, 4])))
err(lambda: F.ctc_loss(lp, targets, il, torch.tensor([3, 2, 5])))
err(lambda: F.ctc_loss(lp, torch.tensor([1, 2, 3]), il, tl))
err(lambda: F.ctc_loss(lp, targets[:2], il, tl))
err(lambda: F.ctc_loss(lp, targets.unsqueeze(0), il, tl))
err(lambda: F.ctc_loss(lp, targets, il.float(), tl))
err(lambda: F.ctc_loss(lp, targets, il, tl.double()))
err(lambda: F.ctc_loss(lp[0, 0], targets, il, tl))
