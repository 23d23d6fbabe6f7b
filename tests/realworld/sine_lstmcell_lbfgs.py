# Real-program corpus (tests/realworld, see README.md): two stacked LSTMCells in double precision
# predict a sine wave step by step and then extrapolate it ("future" steps fed back), trained with
# LBFGS and a closure: the workflow of pytorch/examples time_sequence_prediction (train.py,
# generate_sine_wave.py) @ 77f55b912142e11fcfdf5b530231fb9c52f181e8. Written for Kiln, not copied.
import math
import torch
import torch.nn as nn
import torch.optim as optim

HIDDEN = 12


class Sequence(nn.Module):
    def __init__(self):
        super(Sequence, self).__init__()
        self.lstm1 = nn.LSTMCell(1, HIDDEN)
        self.lstm2 = nn.LSTMCell(HIDDEN, HIDDEN)
        self.linear = nn.Linear(HIDDEN, 1)

    def forward(self, input, future=0):
        outputs = []
        h_t = torch.zeros(input.size(0), HIDDEN, dtype=torch.double)
        c_t = torch.zeros(input.size(0), HIDDEN, dtype=torch.double)
        h_t2 = torch.zeros(input.size(0), HIDDEN, dtype=torch.double)
        c_t2 = torch.zeros(input.size(0), HIDDEN, dtype=torch.double)
        for input_t in input.split(1, dim=1):
            h_t, c_t = self.lstm1(input_t, (h_t, c_t))
            h_t2, c_t2 = self.lstm2(h_t, (h_t2, c_t2))
            output = self.linear(h_t2)
            outputs += [output]
        for i in range(future):
            h_t, c_t = self.lstm1(output, (h_t, c_t))
            h_t2, c_t2 = self.lstm2(h_t, (h_t2, c_t2))
            output = self.linear(h_t2)
            outputs += [output]
        return torch.cat(outputs, dim=1)


torch.manual_seed(0)
T, L, N = 20, 40, 6
shift = torch.randint(-4 * T, 4 * T, (N, 1))
x = torch.arange(L).unsqueeze(0) + shift
data = torch.sin(x / 1.0 / T).double()
input, target = data[2:, :-1], data[2:, 1:]
test_input, test_target = data[:2, :-1], data[:2, 1:]
seq = Sequence()
seq.double()
print(next(seq.parameters()).dtype, sum(p.numel() for p in seq.parameters()))
criterion = nn.MSELoss()
optimizer = optim.LBFGS(seq.parameters(), lr=0.8, max_iter=5)
for i in range(2):
    print('STEP: ', i)

    def closure():
        optimizer.zero_grad()
        out = seq(input)
        loss = criterion(out, target)
        print('loss: %.8f' % loss.item())
        loss.backward()
        return loss
    optimizer.step(closure)
    with torch.no_grad():
        future = 10
        pred = seq(test_input, future=future)
        loss = criterion(pred[:, :-future], test_target)
        print('test loss: %.8f' % loss.item(), tuple(pred.shape))
        y = pred.detach().numpy()
print(type(y).__name__, y.shape, y.dtype)
