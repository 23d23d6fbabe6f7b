# Real-program corpus (tests/realworld, see README.md): the PyTorch quickstart: DataLoaders over a
# dataset, a NeuralNetwork module (Flatten + Linear/ReLU stack) printed, train/test loops with
# CrossEntropyLoss and SGD printing `loss: {loss:>7f}  [{current:>5d}/{size:>5d}]` and the test
# accuracy, saving the state_dict with torch.save, loading it into a fresh model, and one prediction
# mapped to a class name: the workflow of pytorch/tutorials beginner_source/basics/
# quickstart_tutorial.py, buildmodel_tutorial.py and optimization_tutorial.py @
# 07a339ece661a2b304b8834780470f522eed1e02. Written for Kiln, not copied; random images, a BytesIO
# instead of model.pth.
import io

import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

torch.manual_seed(0)
training_data = TensorDataset(torch.rand(96, 1, 12, 12), torch.randint(0, 10, (96,)))
test_data = TensorDataset(torch.rand(48, 1, 12, 12), torch.randint(0, 10, (48,)))
batch_size = 32
train_dataloader = DataLoader(training_data, batch_size=batch_size)
test_dataloader = DataLoader(test_data, batch_size=batch_size)
for X, y in test_dataloader:
    print(f"Shape of X [N, C, H, W]: {X.shape}")
    print(f"Shape of y: {y.shape} {y.dtype}")
    break
device = torch.accelerator.current_accelerator().type if torch.accelerator.is_available() else "cpu"
print(f"Using {device} device")


class NeuralNetwork(nn.Module):
    def __init__(self):
        super().__init__()
        self.flatten = nn.Flatten()
        self.linear_relu_stack = nn.Sequential(
            nn.Linear(12 * 12, 64),
            nn.ReLU(),
            nn.Linear(64, 64),
            nn.ReLU(),
            nn.Linear(64, 10)
        )

    def forward(self, x):
        x = self.flatten(x)
        return self.linear_relu_stack(x)


model = NeuralNetwork().to(device)
print(model)
X = torch.rand(1, 12, 12, device=device)
pred_probab = nn.Softmax(dim=1)(model(X))
print(f"Predicted class: {pred_probab.argmax(1)}")
for name, param in model.named_parameters():
    print(f"Layer: {name} | Size: {param.size()} | Values : {param[:2, :3] if param.dim() > 1 else param[:2]} \n")
loss_fn = nn.CrossEntropyLoss()
optimizer = torch.optim.SGD(model.parameters(), lr=1e-1)


def train(dataloader, model, loss_fn, optimizer):
    size = len(dataloader.dataset)
    model.train()
    for batch, (X, y) in enumerate(dataloader):
        X, y = X.to(device), y.to(device)
        pred = model(X)
        loss = loss_fn(pred, y)
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()
        if batch % 2 == 0:
            loss, current = loss.item(), (batch + 1) * len(X)
            print(f"loss: {loss:>7f}  [{current:>5d}/{size:>5d}]")


def test(dataloader, model, loss_fn):
    size = len(dataloader.dataset)
    num_batches = len(dataloader)
    model.eval()
    test_loss, correct = 0, 0
    with torch.no_grad():
        for X, y in dataloader:
            X, y = X.to(device), y.to(device)
            pred = model(X)
            test_loss += loss_fn(pred, y).item()
            correct += (pred.argmax(1) == y).type(torch.float).sum().item()
    test_loss /= num_batches
    correct /= size
    print(f"Test Error: \n Accuracy: {(100*correct):>0.1f}%, Avg loss: {test_loss:>8f} \n")


epochs = 3
for t in range(epochs):
    print(f"Epoch {t+1}\n-------------------------------")
    train(train_dataloader, model, loss_fn, optimizer)
    test(test_dataloader, model, loss_fn)
print("Done!")
buffer = io.BytesIO()
torch.save(model.state_dict(), buffer)
print("Saved PyTorch Model State to model.pth")
buffer.seek(0)
model = NeuralNetwork().to(device)
print(model.load_state_dict(torch.load(buffer, weights_only=True)))
classes = ["T-shirt/top", "Trouser", "Pullover", "Dress", "Coat",
           "Sandal", "Shirt", "Sneaker", "Bag", "Ankle boot"]
model.eval()
x, y = test_data[0][0], test_data[0][1]
with torch.no_grad():
    x = x.to(device)
    pred = model(x)
    predicted, actual = classes[pred[0].argmax(0)], classes[y]
    print(f'Predicted: "{predicted}", Actual: "{actual}"')
