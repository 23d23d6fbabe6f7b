# Real-program corpus (tests/realworld, see README.md): the automatic mixed precision recipe on the CPU:
# a stack of Linear/ReLU layers trained in default precision, then under torch.autocast (bfloat16 on
# the CPU: the Linear outputs come back bfloat16, MSELoss in float32), then with a GradScaler
# (scale/step/update, get_scale, is_enabled), the "all together" loop with enabled= switches,
# unscale_ before clip_grad_norm_, and the checkpoint dict holding the model, optimizer and scaler
# state_dicts loaded back: the workflow of pytorch/tutorials recipes_source/recipes/amp_recipe.py @
# 00b83bfab7d1cd0cd7c53fbba59db65c2e021bb6. Changes: device "cpu" with dtype torch.bfloat16 in autocast
# and torch.amp.GradScaler("cpu") instead of torch.cuda.amp; 16x32 batches, 3 layers, 4 batches and 2
# epochs; timings printed only as comparisons; gc.collect kept, the CUDA memory calls dropped. Written
# for Kiln, not copied.
import gc
import time

import torch

torch.manual_seed(0)
device = "cpu"
start_time = None


def start_timer():
    global start_time
    gc.collect()
    start_time = time.time()


def end_timer_and_print(local_msg):
    print("\n" + local_msg)
    print("Total execution time >= 0:", time.time() - start_time >= 0)


def make_model(in_size, out_size, num_layers):
    layers = []
    for _ in range(num_layers - 1):
        layers += [torch.nn.Linear(in_size, in_size), torch.nn.ReLU()]
    layers.append(torch.nn.Linear(in_size, out_size))
    return torch.nn.Sequential(*tuple(layers)).to(device)


batch_size, in_size, out_size, num_layers = 16, 32, 32, 3
num_batches, epochs = 4, 2
data = [torch.randn(batch_size, in_size, device=device) for _ in range(num_batches)]
targets = [torch.randn(batch_size, out_size, device=device) for _ in range(num_batches)]
loss_fn = torch.nn.MSELoss().to(device)

net = make_model(in_size, out_size, num_layers)
opt = torch.optim.SGD(net.parameters(), lr=0.001)
start_timer()
for epoch in range(epochs):
    for input, target in zip(data, targets):
        loss = loss_fn(net(input), target)
        loss.backward()
        opt.step()
        opt.zero_grad()
end_timer_and_print("Default precision:")
print(f"last loss {loss.item():.4f}")

for input, target in zip(data, targets):
    with torch.autocast(device_type=device, dtype=torch.bfloat16):
        output = net(input)
        loss = loss_fn(output, target)
        print(output.dtype, loss.dtype, torch.is_autocast_enabled(device), torch.get_autocast_dtype(device))
    loss.backward()
    opt.step()
    opt.zero_grad()
    break
print(torch.is_autocast_enabled(device), f"{loss.item():.2f}")

scaler = torch.amp.GradScaler(device)
print(scaler.get_scale(), scaler.is_enabled())
for input, target in zip(data, targets):
    with torch.autocast(device_type=device, dtype=torch.bfloat16):
        loss = loss_fn(net(input), target)
    scaler.scale(loss).backward()
    scaler.step(opt)
    scaler.update()
    opt.zero_grad()
print(scaler.get_scale(), scaler.state_dict()["_growth_tracker"])

use_amp = True
net = make_model(in_size, out_size, num_layers)
opt = torch.optim.SGD(net.parameters(), lr=0.001)
scaler = torch.amp.GradScaler(device, enabled=use_amp)
start_timer()
for epoch in range(epochs):
    for input, target in zip(data, targets):
        with torch.autocast(device_type=device, dtype=torch.bfloat16, enabled=use_amp):
            loss = loss_fn(net(input), target)
        scaler.scale(loss).backward()
        scaler.step(opt)
        scaler.update()
        opt.zero_grad()
end_timer_and_print("Mixed precision:")

for input, target in zip(data, targets):
    with torch.autocast(device_type=device, dtype=torch.bfloat16):
        loss = loss_fn(net(input), target)
    scaler.scale(loss).backward()
    # gradients back at their true size before clipping
    scaler.unscale_(opt)
    norm = torch.nn.utils.clip_grad_norm_(net.parameters(), max_norm=0.1)
    scaler.step(opt)
    scaler.update()
    opt.zero_grad()
print(type(norm).__name__, norm.dtype)

checkpoint = {"model": net.state_dict(), "optimizer": opt.state_dict(), "scaler": scaler.state_dict()}
print(checkpoint["scaler"])
net.load_state_dict(checkpoint["model"])
opt.load_state_dict(checkpoint["optimizer"])
scaler.load_state_dict(checkpoint["scaler"])
with torch.autocast(device_type=device, dtype=torch.bfloat16):
    print(net(data[0]).dtype)
with torch.no_grad():
    print(net(data[0]).dtype, f"{loss_fn(net(data[0]), targets[0]).item():.2f}")

disabled = torch.amp.GradScaler(device, enabled=False)
print(disabled.is_enabled(), disabled.scale(torch.tensor(2.0)))
