# Three torch API rules real tutorials and course code lean on (probe 19a):
# - an int in a device position is an accelerator ordinal (PyTorch's deviceFromLong): torch.device(0),
#   x.to(rank), model.to(args.gpu); a negative one is refused before anything else; in a CUDA build an
#   ordinal is a CUDA device even without a GPU, and using it raises what 'cuda' raises there (its text
#   depends on the machine: no driver, or CUDA hidden as in the reference run, so only the type is printed);
# - the legacy constructor's keyword-only device (torch.Tensor([[SOS_token]], device=device) in
#   2018-era seq2seq tutorials), which for torch.Tensor / torch.*Tensor must be a CPU device, while
#   x.new(..., device=) takes one;
# - the torch.functional module (`import torch.functional as F` in dvgodoy's PyTorchStepByStep):
#   torch/functional.py's functions, the torch.<name> objects themselves, not torch.nn.functional.
import torch
import torch.functional as TF


def attempt(label, fn):
    try:
        r = fn()
        print(label, "->", r)
    except Exception as e:  # noqa: BLE001 - the error type and text are what is compared
        print(label, "->", type(e).__name__ + ":", e)


def attempt_type(label, fn):
    try:
        print(label, "->", fn())
    except Exception as e:  # noqa: BLE001
        print(label, "->", type(e).__name__)


x = torch.arange(4.0)
attempt("torch.device(-1)", lambda: torch.device(-1))
attempt("x.to(-2)", lambda: x.to(-2))
attempt("Linear.to(-1)", lambda: torch.nn.Linear(2, 2).to(-1))
attempt("torch.device('cpu', 0)", lambda: torch.device("cpu", 0))
if not torch.cuda.is_available():
    attempt("torch.device(0)", lambda: torch.device(0))
    attempt_type("x.to(0)", lambda: x.to(0))
    attempt_type("Linear.to(1)", lambda: torch.nn.Linear(2, 2).to(1))
else:  # the same lines with a GPU: ordinals name CUDA devices
    print("torch.device(0) ->", "device(type='cuda', index=0)" if torch.device(0).type == "cuda" else "?")

SOS_token = 0
t = torch.Tensor([[SOS_token]], device="cpu").long()
print(t, t.dtype, t.shape)
print(torch.Tensor(2, 3, device=torch.device("cpu")).shape, torch.FloatTensor([1, 2], device="cpu"))
attempt("Tensor(device='cuda')", lambda: torch.Tensor([[1]], device="cuda"))
attempt("LongTensor(device='cuda:0')", lambda: torch.LongTensor([1], device="cuda:0"))
print(x.new([1, 2], device="cpu"), x.new(2, device=None).shape)

print(sorted(n for n in ["einsum", "split", "meshgrid", "norm", "unique", "tensordot", "broadcast_tensors",
                         "cdist", "block_diag", "cartesian_prod", "atleast_2d", "chain_matmul"] if hasattr(TF, n)))
print(TF.einsum is torch.einsum, TF.split is torch.split, hasattr(TF, "relu"), torch.functional is TF)
print(TF.einsum("ij,j->i", torch.ones(2, 3), torch.arange(3.0)), TF.split(torch.arange(5), 2))
a, b = TF.meshgrid(torch.arange(2), torch.arange(3), indexing="ij")
print(a.shape, b.tolist(), TF.unique(torch.tensor([3, 1, 3, 2])))
