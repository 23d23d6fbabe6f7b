# Spiking neural networks trained with surrogate gradients (SpyTorch tutorials 1 and 2).
#
# Origin (workflow reproduced): fzenke/spytorch notebooks/SpyTorchTutorial1.ipynb @ 6ec2963b and
# SpyTorchTutorial2.ipynb @ a9f64c59: Poisson input spikes from `x_data[mask < prob] = 1.0`,
# weights as leaf tensors created with torch.empty(requires_grad=True) and filled by
# torch.nn.init.normal_, current-based LIF neurons simulated step by step (synaptic and membrane
# traces, reset through boolean-mask assignment, float(np.exp(...)) decay constants), the
# einsum("abc,cd->abd", (x_data, w1)) tuple-operand form, the Heaviside spike with the
# SurrGradSpike autograd.Function (a class attribute `scale`, save_for_backward, fast-sigmoid
# surrogate), max-over-time readout with LogSoftmax + NLLLoss, Adam on a parameter list; tutorial 2's
# recurrent hidden weights, current2firing_time latency coding, sparse_data_generator building
# each batch with torch.sparse.FloatTensor(i, v, size).to_dense(), and the spike-count regularizers.
# Changes for Kiln's corpus: Fashion-MNIST replaced by 128 synthetic 28x28 "images" (two intensity
# patterns; weight_scale 1.5 instead of 0.2 so that their hidden layer spikes); 60/40 time steps
# instead of 200/100, 6 + 4 epochs; plots left out; the accuracy printed.

import numpy as np
import torch
import torch.nn as nn

dtype = torch.float
device = torch.device("cpu")
torch.manual_seed(0)
np.random.seed(0)

# ---------------------------------------------------------------- tutorial 1
nb_inputs = 100
nb_hidden = 4
nb_outputs = 2

time_step = 1e-3
nb_steps = 60

batch_size = 64

freq = 5  # Hz
prob = freq * time_step
mask = torch.rand((batch_size, nb_steps, nb_inputs), device=device, dtype=dtype)
x_data = torch.zeros((batch_size, nb_steps, nb_inputs), device=device, dtype=dtype, requires_grad=False)
x_data[mask < prob] = 1.0
y_data = torch.tensor(1 * (np.random.rand(batch_size) < 0.5), device=device)
print("input spikes", int(x_data.sum().item()), "labels", y_data.dtype, int(y_data.sum()))

tau_mem = 10e-3
tau_syn = 5e-3

alpha = float(np.exp(-time_step / tau_syn))
beta = float(np.exp(-time_step / tau_mem))
print(f"alpha {alpha:.6f} beta {beta:.6f}")

weight_scale = 7 * (1.0 - beta)  # this should give us some spikes to begin with

w1 = torch.empty((nb_inputs, nb_hidden), device=device, dtype=dtype, requires_grad=True)
torch.nn.init.normal_(w1, mean=0.0, std=weight_scale / np.sqrt(nb_inputs))

w2 = torch.empty((nb_hidden, nb_outputs), device=device, dtype=dtype, requires_grad=True)
torch.nn.init.normal_(w2, mean=0.0, std=weight_scale / np.sqrt(nb_hidden))

print("init done", w1.is_leaf, w1.grad_fn)

h1 = torch.einsum("abc,cd->abd", (x_data, w1))


def spike_fn(x):
    out = torch.zeros_like(x)
    out[x > 0] = 1.0
    return out


syn = torch.zeros((batch_size, nb_hidden), device=device, dtype=dtype)
mem = torch.zeros((batch_size, nb_hidden), device=device, dtype=dtype)

mem_rec = []
spk_rec = []

# Here we loop over time
for t in range(nb_steps):
    mthr = mem - 1.0
    out = spike_fn(mthr)
    rst = torch.zeros_like(mem)
    c = mthr > 0
    rst[c] = torch.ones_like(mem)[c]

    new_syn = alpha * syn + h1[:, t]
    new_mem = beta * mem + syn - rst

    mem = new_mem
    syn = new_syn

    mem_rec.append(mem)
    spk_rec.append(out)

# Now we merge the recorded membrane potentials into a single tensor
mem_rec = torch.stack(mem_rec, dim=1)
spk_rec = torch.stack(spk_rec, dim=1)
print("hidden spikes", int(spk_rec.sum().item()), tuple(mem_rec.shape), type(mem_rec.grad_fn).__name__)


def run_snn(inputs):
    h1 = torch.einsum("abc,cd->abd", (inputs, w1))
    syn = torch.zeros((batch_size, nb_hidden), device=device, dtype=dtype)
    mem = torch.zeros((batch_size, nb_hidden), device=device, dtype=dtype)

    mem_rec = []
    spk_rec = []

    # Compute hidden layer activity
    for t in range(nb_steps):
        mthr = mem - 1.0
        out = spike_fn(mthr)
        rst = out.detach()  # We do not want to backprop through the reset

        new_syn = alpha * syn + h1[:, t]
        new_mem = (beta * mem + syn) * (1.0 - rst)

        mem_rec.append(mem)
        spk_rec.append(out)

        mem = new_mem
        syn = new_syn

    mem_rec = torch.stack(mem_rec, dim=1)
    spk_rec = torch.stack(spk_rec, dim=1)

    # Readout layer
    h2 = torch.einsum("abc,cd->abd", (spk_rec, w2))
    flt = torch.zeros((batch_size, nb_outputs), device=device, dtype=dtype)
    out = torch.zeros((batch_size, nb_outputs), device=device, dtype=dtype)
    out_rec = [out]
    for t in range(nb_steps):
        new_flt = alpha * flt + h2[:, t]
        new_out = beta * out + flt

        flt = new_flt
        out = new_out

        out_rec.append(out)

    out_rec = torch.stack(out_rec, dim=1)
    other_recs = [mem_rec, spk_rec]
    return out_rec, other_recs


class SurrGradSpike(torch.autograd.Function):
    """Heaviside step in the forward pass, the gradient of a fast sigmoid in the backward pass."""

    scale = 100.0  # controls steepness of surrogate gradient

    @staticmethod
    def forward(ctx, input):
        ctx.save_for_backward(input)
        out = torch.zeros_like(input)
        out[input > 0] = 1.0
        return out

    @staticmethod
    def backward(ctx, grad_output):
        input, = ctx.saved_tensors
        grad_input = grad_output.clone()
        grad = grad_input / (SurrGradSpike.scale * torch.abs(input) + 1.0) ** 2
        return grad


# here we overwrite our naive spike function by the "SurrGradSpike" nonlinearity which implements a
# surrogate gradient
spike_fn = SurrGradSpike.apply

# The following lines will reinitialize the weights
torch.nn.init.normal_(w1, mean=0.0, std=weight_scale / np.sqrt(nb_inputs))
torch.nn.init.normal_(w2, mean=0.0, std=weight_scale / np.sqrt(nb_hidden))

params = [w1, w2]
optimizer = torch.optim.Adam(params, lr=2e-3, betas=(0.9, 0.999))

log_softmax_fn = nn.LogSoftmax(dim=1)
loss_fn = nn.NLLLoss()

loss_hist = []
for e in range(6):
    output, _ = run_snn(x_data)
    m, _ = torch.max(output, 1)
    log_p_y = log_softmax_fn(m)
    loss_val = loss_fn(log_p_y, y_data)

    optimizer.zero_grad()
    loss_val.backward()
    optimizer.step()
    loss_hist.append(loss_val.item())
print("loss history", [round(l, 4) for l in loss_hist])
print("grad_fn of a spike train:", type(run_snn(x_data)[1][1].grad_fn).__name__)


def print_classification_accuracy():
    """ Dirty little helper function to compute classification accuracy. """
    output, _ = run_snn(x_data)
    m, _ = torch.max(output, 1)  # max over time
    _, am = torch.max(m, 1)  # argmax over output units
    acc = np.mean((y_data == am).detach().cpu().numpy())  # compare to labels
    print("Accuracy %.3f" % acc)


print_classification_accuracy()

# ---------------------------------------------------------------- tutorial 2
nb_inputs = 28 * 28
nb_hidden = 20
nb_outputs = 2
nb_steps = 40
batch_size = 32


def make_images(n, seed):
    rng = np.random.RandomState(seed)
    y = rng.randint(0, 2, n)
    x = rng.rand(n, 28, 28) * 0.4
    x[y == 0, :14, :] += 0.6
    x[y == 1, :, :14] += 0.6
    return np.clip(x, 0, 1) * 255, y


x_train, y_train = make_images(96, 1)
x_test, y_test = make_images(32, 2)
x_train = np.array(x_train, dtype=float)
x_train = x_train.reshape(x_train.shape[0], -1) / 255
x_test = np.array(x_test, dtype=float)
x_test = x_test.reshape(x_test.shape[0], -1) / 255
y_train = np.array(y_train, dtype=int)
y_test = np.array(y_test, dtype=int)


def current2firing_time(x, tau=20, thr=0.2, tmax=1.0, epsilon=1e-7):
    """Computes first firing time latency for a current input x assuming the charge time of a current based LIF neuron."""
    idx = x < thr
    x = np.clip(x, thr + epsilon, 1e9)
    T = tau * np.log(x / (x - thr))
    T[idx] = tmax
    return T


def sparse_data_generator(X, y, batch_size, nb_steps, nb_units, shuffle=True):
    """ This generator takes datasets in analog format and generates spiking network input as sparse tensors."""
    labels_ = np.array(y, dtype=int)
    number_of_batches = len(X) // batch_size
    sample_index = np.arange(len(X))

    # compute discrete firing times
    tau_eff = 20e-3 / time_step
    firing_times = np.array(current2firing_time(X, tau=tau_eff, tmax=nb_steps), dtype=int)
    unit_numbers = np.arange(nb_units)

    if shuffle:
        np.random.shuffle(sample_index)

    total_batch_count = 0
    counter = 0
    while counter < number_of_batches:
        batch_index = sample_index[batch_size * counter:batch_size * (counter + 1)]

        coo = [[] for i in range(3)]
        for bc, idx in enumerate(batch_index):
            c = firing_times[idx] < nb_steps
            times, units = firing_times[idx][c], unit_numbers[c]

            batch = [bc for _ in range(len(times))]
            coo[0].extend(batch)
            coo[1].extend(times)
            coo[2].extend(units)

        i = torch.LongTensor(coo).to(device)
        v = torch.FloatTensor(np.ones(len(coo[0]))).to(device)

        X_batch = torch.sparse.FloatTensor(i, v, torch.Size([batch_size, nb_steps, nb_units])).to(device)
        y_batch = torch.tensor(labels_[batch_index], device=device)

        yield X_batch.to(device=device), y_batch.to(device=device)

        counter += 1


weight_scale = 1.5  # the tutorial's 0.2 leaves the synthetic images' hidden layer silent

w1 = torch.empty((nb_inputs, nb_hidden), device=device, dtype=dtype, requires_grad=True)
torch.nn.init.normal_(w1, mean=0.0, std=weight_scale / np.sqrt(nb_inputs))

w2 = torch.empty((nb_hidden, nb_outputs), device=device, dtype=dtype, requires_grad=True)
torch.nn.init.normal_(w2, mean=0.0, std=weight_scale / np.sqrt(nb_hidden))

v1 = torch.empty((nb_hidden, nb_hidden), device=device, dtype=dtype, requires_grad=True)
torch.nn.init.normal_(v1, mean=0.0, std=weight_scale / np.sqrt(nb_hidden))


def run_snn_rec(inputs):
    syn = torch.zeros((batch_size, nb_hidden), device=device, dtype=dtype)
    mem = torch.zeros((batch_size, nb_hidden), device=device, dtype=dtype)

    mem_rec = []
    spk_rec = []

    # Compute hidden layer activity
    out = torch.zeros((batch_size, nb_hidden), device=device, dtype=dtype)
    h1_from_input = torch.einsum("abc,cd->abd", (inputs, w1))
    for t in range(nb_steps):
        h1 = h1_from_input[:, t] + torch.einsum("ab,bc->ac", (out, v1))
        mthr = mem - 1.0
        out = spike_fn(mthr)
        rst = out.detach()  # We do not want to backprop through the reset

        new_syn = alpha * syn + h1
        new_mem = (beta * mem + syn) * (1.0 - rst)

        mem_rec.append(mem)
        spk_rec.append(out)

        mem = new_mem
        syn = new_syn

    mem_rec = torch.stack(mem_rec, dim=1)
    spk_rec = torch.stack(spk_rec, dim=1)

    # Readout layer
    h2 = torch.einsum("abc,cd->abd", (spk_rec, w2))
    flt = torch.zeros((batch_size, nb_outputs), device=device, dtype=dtype)
    out = torch.zeros((batch_size, nb_outputs), device=device, dtype=dtype)
    out_rec = [out]
    for t in range(nb_steps):
        new_flt = alpha * flt + h2[:, t]
        new_out = beta * out + flt

        flt = new_flt
        out = new_out

        out_rec.append(out)

    out_rec = torch.stack(out_rec, dim=1)
    other_recs = [mem_rec, spk_rec]
    return out_rec, other_recs


def train(x_data, y_data, lr=1e-3, nb_epochs=10):
    params = [w1, w2, v1]
    optimizer = torch.optim.Adamax(params, lr=lr, betas=(0.9, 0.999))

    log_softmax_fn = nn.LogSoftmax(dim=1)
    loss_fn = nn.NLLLoss()

    loss_hist = []
    for e in range(nb_epochs):
        local_loss = []
        for x_local, y_local in sparse_data_generator(x_data, y_data, batch_size, nb_steps, nb_inputs):
            output, recs = run_snn_rec(x_local.to_dense())
            _, spks = recs
            m, _ = torch.max(output, 1)
            log_p_y = log_softmax_fn(m)

            # Here we set up our regularizer loss
            # The strength paramters here are merely a guess and there should be ample room for improvement by
            # tuning these paramters.
            reg_loss = 1e-5 * torch.sum(spks)  # L1 loss on total number of spikes
            reg_loss += 1e-5 * torch.mean(torch.sum(torch.sum(spks, dim=0), dim=0) ** 2)  # L2 loss on spikes per neuron

            # Here we combine supervised loss and the regularizer
            loss_val = loss_fn(log_p_y, y_local) + reg_loss

            optimizer.zero_grad()
            loss_val.backward()
            optimizer.step()
            local_loss.append(loss_val.item())
        mean_loss = np.mean(local_loss)
        print("Epoch %i: loss=%.3f" % (e + 1, mean_loss))
        loss_hist.append(mean_loss)

    return loss_hist


def compute_classification_accuracy(x_data, y_data):
    """ Computes classification accuracy on supplied data in batches. """
    accs = []
    for x_local, y_local in sparse_data_generator(x_data, y_data, batch_size, nb_steps, nb_inputs, shuffle=False):
        output, _ = run_snn_rec(x_local.to_dense())
        m, _ = torch.max(output, 1)  # max over time
        _, am = torch.max(m, 1)  # argmax over output units
        tmp = np.mean((y_local == am).detach().cpu().numpy())  # compare to labels
        accs.append(tmp)
    return np.mean(accs)


ft = current2firing_time(x_train[:2, :6], tau=20e-3 / time_step, tmax=nb_steps)
print("firing times", np.round(ft, 3).tolist())
xb, yb = next(sparse_data_generator(x_train, y_train, batch_size, nb_steps, nb_inputs, shuffle=False))
print("sparse batch", xb.is_sparse, tuple(xb.shape), xb._nnz(), int(xb.to_dense().sum().item()), yb[:8].tolist())
loss_hist = train(x_train, y_train, lr=2e-3, nb_epochs=4)
print("Training accuracy: %.3f" % (compute_classification_accuracy(x_train, y_train)))
print("Test accuracy: %.3f" % (compute_classification_accuracy(x_test, y_test)))
