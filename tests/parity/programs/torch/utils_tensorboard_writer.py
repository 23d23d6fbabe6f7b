# torch.utils.tensorboard.SummaryWriter as training scripts use it (pytorch-cifar100's train.py,
# makemore): the log directory is made, add_scalar / add_scalars / add_histogram / add_text /
# add_graph / flush / close accept what PyTorch accepts, and a tensor that is not one number is
# refused as a scalar. (Needs the tensorboard package for PyTorch's golden.)
import os

import torch
from torch.utils.tensorboard import SummaryWriter

torch.manual_seed(0)
w = SummaryWriter(log_dir="tb_runs/exp1")
print(os.path.isdir("tb_runs/exp1"), w.get_logdir(), w.log_dir)
net = torch.nn.Linear(3, 2)
for step in range(3):
    loss = net(torch.randn(4, 3)).pow(2).mean()
    w.add_scalar("Loss/train", loss.item(), step)
    w.add_scalar("Loss/tensor", loss, step)
    w.add_scalars("Acc", {"train": 0.5 + step, "test": 0.25}, step)
w.add_histogram("weights", net.weight, 0)
w.add_text("note", "hello", 0)
w.add_hparams({"lr": 0.1, "bs": 4}, {"hparam/loss": 1.0})
try:
    w.add_scalar("bad", torch.ones(3), 0)
except Exception as e:
    print(type(e).__name__)
w.flush()
w.close()
with SummaryWriter("tb_runs/exp2", comment="x") as w2:
    w2.add_scalar("a", 1.0)
print(os.path.isdir("tb_runs/exp2"))
import shutil
shutil.rmtree("tb_runs")
print(os.path.exists("tb_runs"))
