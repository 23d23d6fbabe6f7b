# Real-program corpus (tests/realworld, see README.md): an LSTM reads image rows as a sequence and
# classifies them (batch_first LSTM, BatchNorm1d, Dropout2d on 2-D input, log_softmax), the workflow of
# pytorch/examples mnist_rnn/main.py @ 77f55b912142e11fcfdf5b530231fb9c52f181e8. Written for Kiln,
# not copied; random data, small sizes.
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim
from torch.optim.lr_scheduler import StepLR


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.rnn = nn.LSTM(input_size=12, hidden_size=24, batch_first=True)
        self.batchnorm = nn.BatchNorm1d(24)
        self.dropout1 = nn.Dropout(0.25)
        self.fc1 = nn.Linear(24, 16)
        self.fc2 = nn.Linear(16, 10)

    def forward(self, input):
        input = input.reshape(-1, 12, 12)
        output, (h_n, c_n) = self.rnn(input)
        output = output[:, -1, :]
        output = self.batchnorm(output)
        output = self.dropout1(output)
        output = F.relu(self.fc1(output))
        return F.log_softmax(self.fc2(output), dim=1)


torch.manual_seed(1)
model = Net()
print(model)
for name, p in model.rnn.named_parameters():
    print(name, tuple(p.shape))
x = torch.rand(64, 1, 12, 12)
y = torch.randint(0, 10, (64,))
loader = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(x, y), batch_size=16, shuffle=True)
optimizer = optim.Adadelta(model.parameters(), lr=0.1)
scheduler = StepLR(optimizer, step_size=1, gamma=0.7)
for epoch in range(1, 3):
    model.train()
    for batch_idx, (data, target) in enumerate(loader):
        optimizer.zero_grad()
        loss = F.nll_loss(model(data), target)
        loss.backward()
        optimizer.step()
        print(f'epoch {epoch} batch {batch_idx} loss {loss.item():.4f}')
    scheduler.step()
model.eval()
with torch.no_grad():
    out = model(x)
    correct = out.argmax(dim=1).eq(y).sum().item()
print(out.shape, correct, f"{model.batchnorm.running_mean.abs().mean().item():.4f}")
