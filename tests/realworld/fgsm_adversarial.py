# Real-program corpus (tests/realworld, see README.md): the fast gradient sign method against the
# MNIST example's LeNet: the model (Conv2d/Dropout2d/max_pool2d/view(-1, 320)/F.dropout with
# training=self.training/log_softmax), a batch-size-1 test DataLoader with shuffle, data.requires_grad
# set on the input batch, the initial prediction through output.max(1, keepdim=True)[1], model.zero_grad
# and loss.backward for data.grad, the attack image + epsilon * sign(grad) clamped to [0, 1],
# accuracy per epsilon and up to five adversarial examples kept as numpy arrays, and the
# accuracy-versus-epsilon and example-grid plots: the workflow of pytorch/tutorials
# beginner_source/fgsm_tutorial.py @ 03cd4915be50f10014722c35b8b04736c145d199. Changes: the
# pretrained MNIST weights are replaced by 3 epochs of Adadelta on 200 generated 28x28 digit-like
# images (a class-dependent bright bar plus noise), the test set is 60 such images, and the plots are
# drawn but not shown. Written for Kiln, not copied.
import matplotlib.pyplot as plt
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim
from torch.utils.data import DataLoader, TensorDataset

torch.manual_seed(42)
epsilons = [0, .05, .1, .15, .2, .25, .3]
use_cuda = True


def make_digits(n):
    # class k: a bright horizontal bar at row 2 + 2k over faint noise, values in [0, 1]
    labels = torch.randint(0, 10, (n,))
    images = torch.rand(n, 1, 28, 28) * 0.3
    for i, k in enumerate(labels.tolist()):
        images[i, 0, 2 + 2 * k:4 + 2 * k, 4:24] = 0.9
    return images, labels


class Net(nn.Module):
    def __init__(self):
        super(Net, self).__init__()
        self.conv1 = nn.Conv2d(1, 10, kernel_size=5)
        self.conv2 = nn.Conv2d(10, 20, kernel_size=5)
        self.conv2_drop = nn.Dropout2d()
        self.fc1 = nn.Linear(320, 50)
        self.fc2 = nn.Linear(50, 10)

    def forward(self, x):
        x = F.relu(F.max_pool2d(self.conv1(x), 2))
        x = F.relu(F.max_pool2d(self.conv2_drop(self.conv2(x)), 2))
        x = x.view(-1, 320)
        x = F.relu(self.fc1(x))
        x = F.dropout(x, training=self.training)
        return F.log_softmax(self.fc2(x), dim=1)


print("CUDA Available: ", torch.cuda.is_available())
device = torch.device("cuda" if (use_cuda and torch.cuda.is_available()) else "cpu")
model = Net().to(device)

# stand-in for the pretrained checkpoint: a short training run
train_x, train_y = make_digits(200)
train_loader = DataLoader(TensorDataset(train_x, train_y), batch_size=20, shuffle=True)
optimizer = optim.Adadelta(model.parameters(), lr=1.0)
for epoch in range(3):
    model.train()
    total = 0.0
    for data, target in train_loader:
        optimizer.zero_grad()
        loss = F.nll_loss(model(data), target)
        loss.backward()
        optimizer.step()
        total += loss.item()
    print(f"epoch {epoch}: mean loss {total / len(train_loader):.4f}")

test_x, test_y = make_digits(60)
test_loader = DataLoader(TensorDataset(test_x, test_y), batch_size=1, shuffle=True)
model.eval()


def fgsm_attack(image, epsilon, data_grad):
    # one step along the sign of the input gradient, kept in the image range
    perturbed_image = image + epsilon * data_grad.sign()
    return torch.clamp(perturbed_image, 0, 1)


def test(model, device, test_loader, epsilon):
    correct = 0
    adv_examples = []
    for data, target in test_loader:
        data, target = data.to(device), target.to(device)
        data.requires_grad = True
        output = model(data)
        init_pred = output.max(1, keepdim=True)[1]
        if init_pred.item() != target.item():
            continue
        loss = F.nll_loss(output, target)
        model.zero_grad()
        loss.backward()
        perturbed_data = fgsm_attack(data, epsilon, data.grad.data)
        final_pred = model(perturbed_data).max(1, keepdim=True)[1]
        if final_pred.item() == target.item():
            correct += 1
            if epsilon == 0 and len(adv_examples) < 5:
                adv_examples.append((init_pred.item(), final_pred.item(),
                                     perturbed_data.squeeze().detach().cpu().numpy()))
        elif len(adv_examples) < 5:
            adv_examples.append((init_pred.item(), final_pred.item(),
                                 perturbed_data.squeeze().detach().cpu().numpy()))
    final_acc = correct / float(len(test_loader))
    print("Epsilon: {}\tTest Accuracy = {} / {} = {}".format(epsilon, correct, len(test_loader), final_acc))
    return final_acc, adv_examples


accuracies = []
examples = []
for eps in epsilons:
    acc, ex = test(model, device, test_loader, eps)
    accuracies.append(acc)
    examples.append(ex)
print([len(e) for e in examples], examples[-1][0][2].shape if examples[-1] else None,
      examples[-1][0][2].dtype if examples[-1] else None)

plt.figure(figsize=(5, 5))
plt.plot(epsilons, accuracies, "*-")
plt.yticks(np.arange(0, 1.1, step=0.1))
plt.xticks(np.arange(0, .35, step=0.05))
plt.title("Accuracy vs Epsilon")
plt.xlabel("Epsilon")
plt.ylabel("Accuracy")

cnt = 0
plt.figure(figsize=(8, 10))
for i in range(len(epsilons)):
    for j in range(len(examples[i])):
        cnt += 1
        plt.subplot(len(epsilons), len(examples[0]), cnt)
        plt.xticks([], [])
        plt.yticks([], [])
        if j == 0:
            plt.ylabel("Eps: {}".format(epsilons[i]), fontsize=14)
        orig, adv, ex = examples[i][j]
        plt.title("{} -> {}".format(orig, adv))
        plt.imshow(ex, cmap="gray")
plt.tight_layout()
print("plotted", cnt)
