import torch
import torch.nn as nn
import torch.nn.functional as F
# A small classifier trained with CrossEntropyLoss and SGD with momentum; loss and accuracy per epoch.
model = nn.Sequential(nn.Linear(2, 4), nn.ReLU(), nn.Linear(4, 2))
with torch.no_grad():
    model[0].weight.copy_(torch.tensor([[1.0, 0.0], [0.0, 1.0], [-1.0, 0.0], [0.0, -1.0]]))
    model[0].bias.zero_()
    model[2].weight.copy_(torch.tensor([[0.5, -0.5, 0.25, 0.0], [-0.25, 0.5, 0.0, 0.5]]))
    model[2].bias.zero_()
x = torch.tensor([[1.0, 0.0], [0.0, 1.0], [-1.0, 0.5], [0.5, -1.0]])
labels = torch.tensor([0, 1, 0, 1])
opt = torch.optim.SGD(model.parameters(), lr=0.5, momentum=0.9)
loss_fn = nn.CrossEntropyLoss()
logits = model(x)
print(logits)
print(logits.argmax(dim=1), loss_fn(logits, labels))
for epoch in range(6):
    opt.zero_grad()
    logits = model(x)
    loss = loss_fn(logits, labels)
    loss.backward()
    opt.step()
    acc = (logits.argmax(dim=1) == labels).float().mean().item()
    print(f"epoch {epoch} loss {loss.item():.6f} acc {acc:.2f}")
model.eval()
print(model.training, model[0].training)
with torch.no_grad():
    probs = F.softmax(model(x), dim=1)
print(probs.argmax(dim=1), probs.shape, probs.requires_grad)
print([f"{p:.3f}" for p in probs[:, 0].tolist()])
correct = 0
for i in range(len(labels)):
    if int(probs[i].argmax()) == int(labels[i]):
        correct += 1
print("correct", correct, "of", len(labels))
print(sorted([n for n, p in model.named_parameters()]))
