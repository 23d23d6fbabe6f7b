# Real-program corpus (tests/realworld, see README.md): gram-ai/capsule-networks capsule_network.py @
# 6eeda0882bff819b2e788be40cf87fe69f20f26a: "Dynamic Routing Between Capsules" on MNIST-shaped data:
# the shift augmentation (np.random.randint shifts into slice objects), PrimaryCaps as 8 Conv2d capsules
# concatenated and squashed, DigitCaps' routing by agreement (a 5-d broadcast matmul of x[None, :, :, None, :]
# with route_weights[:, None], the transpose/view softmax helper, 3 routing iterations), the masked
# reconstruction decoder, CapsuleLoss (margin loss + MSELoss(size_average=False), with its deprecation
# warning), Adam, and the test-time mask from classes.max(dim=1) through torch.eye(...).index_select.
# The model, the loss and processor() are the origin's. Changes from the origin: `.cuda()` dropped (CPU);
# the decoder's `(x * y[:, :, None]).view(x.size(0), -1)` is `.reshape(...)`: since elementwise results keep
# their input's memory layout (PyTorch >= 1.5), x is a transposed view there and PyTorch 2.11 raises
# "view size is not compatible with input tensor's size and stride" (cezannec/capsule_net_pytorch#4 is the
# same failure); torchnet's Engine, meters and Visdom loggers replaced by a plain loop over two batches of 3
# random 28x28 uint8 images; outputs rounded.
import sys
sys.setrecursionlimit(15000)

import torch
import torch.nn.functional as F
from torch import nn
import numpy as np
from torch.autograd import Variable

BATCH_SIZE = 100
NUM_CLASSES = 10
NUM_EPOCHS = 500
NUM_ROUTING_ITERATIONS = 3


def softmax(input, dim=1):
    transposed_input = input.transpose(dim, len(input.size()) - 1)
    softmaxed_output = F.softmax(transposed_input.contiguous().view(-1, transposed_input.size(-1)), dim=-1)
    return softmaxed_output.view(*transposed_input.size()).transpose(dim, len(input.size()) - 1)


def augmentation(x, max_shift=2):
    _, _, height, width = x.size()

    h_shift, w_shift = np.random.randint(-max_shift, max_shift + 1, size=2)
    source_height_slice = slice(max(0, h_shift), h_shift + height)
    source_width_slice = slice(max(0, w_shift), w_shift + width)
    target_height_slice = slice(max(0, -h_shift), -h_shift + height)
    target_width_slice = slice(max(0, -w_shift), -w_shift + width)

    shifted_image = torch.zeros(*x.size())
    shifted_image[:, :, source_height_slice, source_width_slice] = x[:, :, target_height_slice, target_width_slice]
    return shifted_image.float()


class CapsuleLayer(nn.Module):
    def __init__(self, num_capsules, num_route_nodes, in_channels, out_channels, kernel_size=None, stride=None,
                 num_iterations=NUM_ROUTING_ITERATIONS):
        super(CapsuleLayer, self).__init__()

        self.num_route_nodes = num_route_nodes
        self.num_iterations = num_iterations

        self.num_capsules = num_capsules

        if num_route_nodes != -1:
            self.route_weights = nn.Parameter(torch.randn(num_capsules, num_route_nodes, in_channels, out_channels))
        else:
            self.capsules = nn.ModuleList(
                [nn.Conv2d(in_channels, out_channels, kernel_size=kernel_size, stride=stride, padding=0) for _ in
                 range(num_capsules)])

    def squash(self, tensor, dim=-1):
        squared_norm = (tensor ** 2).sum(dim=dim, keepdim=True)
        scale = squared_norm / (1 + squared_norm)
        return scale * tensor / torch.sqrt(squared_norm)

    def forward(self, x):
        if self.num_route_nodes != -1:
            priors = x[None, :, :, None, :] @ self.route_weights[:, None, :, :, :]

            logits = Variable(torch.zeros(*priors.size()))
            for i in range(self.num_iterations):
                probs = softmax(logits, dim=2)
                outputs = self.squash((probs * priors).sum(dim=2, keepdim=True))

                if i != self.num_iterations - 1:
                    delta_logits = (priors * outputs).sum(dim=-1, keepdim=True)
                    logits = logits + delta_logits
        else:
            outputs = [capsule(x).view(x.size(0), -1, 1) for capsule in self.capsules]
            outputs = torch.cat(outputs, dim=-1)
            outputs = self.squash(outputs)

        return outputs


class CapsuleNet(nn.Module):
    def __init__(self):
        super(CapsuleNet, self).__init__()

        self.conv1 = nn.Conv2d(in_channels=1, out_channels=256, kernel_size=9, stride=1)
        self.primary_capsules = CapsuleLayer(num_capsules=8, num_route_nodes=-1, in_channels=256, out_channels=32,
                                             kernel_size=9, stride=2)
        self.digit_capsules = CapsuleLayer(num_capsules=NUM_CLASSES, num_route_nodes=32 * 6 * 6, in_channels=8,
                                           out_channels=16)

        self.decoder = nn.Sequential(
            nn.Linear(16 * NUM_CLASSES, 512),
            nn.ReLU(inplace=True),
            nn.Linear(512, 1024),
            nn.ReLU(inplace=True),
            nn.Linear(1024, 784),
            nn.Sigmoid()
        )

    def forward(self, x, y=None):
        x = F.relu(self.conv1(x), inplace=True)
        x = self.primary_capsules(x)
        x = self.digit_capsules(x).squeeze().transpose(0, 1)

        classes = (x ** 2).sum(dim=-1) ** 0.5
        classes = F.softmax(classes, dim=-1)

        if y is None:
            # In all batches, get the most active capsule.
            _, max_length_indices = classes.max(dim=1)
            y = Variable(torch.eye(NUM_CLASSES)).index_select(dim=0, index=max_length_indices.data)

        reconstructions = self.decoder((x * y[:, :, None]).reshape(x.size(0), -1))

        return classes, reconstructions


class CapsuleLoss(nn.Module):
    def __init__(self):
        super(CapsuleLoss, self).__init__()
        self.reconstruction_loss = nn.MSELoss(size_average=False)

    def forward(self, images, labels, classes, reconstructions):
        left = F.relu(0.9 - classes, inplace=True) ** 2
        right = F.relu(classes - 0.1, inplace=True) ** 2

        margin_loss = labels * left + 0.5 * (1. - labels) * right
        margin_loss = margin_loss.sum()

        assert torch.numel(images) == torch.numel(reconstructions)
        images = images.view(reconstructions.size()[0], -1)
        reconstruction_loss = self.reconstruction_loss(reconstructions, images)

        return (margin_loss + 0.0005 * reconstruction_loss) / images.size(0)



if __name__ == "__main__":
    from torch.optim import Adam
    torch.manual_seed(0)
    np.random.seed(0)

    model = CapsuleNet()
    print("# parameters:", sum(param.numel() for param in model.parameters()))
    optimizer = Adam(model.parameters())
    capsule_loss = CapsuleLoss()

    def processor(sample):
        data, labels, training = sample

        data = augmentation(data.unsqueeze(1).float() / 255.0)
        labels = torch.LongTensor(labels)

        labels = torch.eye(NUM_CLASSES).index_select(dim=0, index=labels)

        data = Variable(data)
        labels = Variable(labels)

        if training:
            classes, reconstructions = model(data, labels)
        else:
            classes, reconstructions = model(data)

        loss = capsule_loss(data, labels, classes, reconstructions)

        return loss, classes

    images = torch.randint(0, 256, (6, 28, 28), dtype=torch.uint8)
    targets = torch.randint(0, NUM_CLASSES, (6,))
    model.train()
    for step in range(2):
        optimizer.zero_grad()
        loss, classes = processor((images[:3], targets[:3], True))
        loss.backward()
        optimizer.step()
        print(f"[Step {step}] Training Loss: {loss.item():.4f} max class prob {classes.max().item():.4f}")
    with torch.no_grad():
        loss, classes = processor((images[3:], targets[3:], False))
    accuracy = (classes.argmax(1) == targets[3:]).float().mean().item() * 100
    print(f"Testing Loss: {loss.item():.4f} (Accuracy: {accuracy:.2f}%)", tuple(classes.shape))
    print("route_weights grad", f"{model.digit_capsules.route_weights.grad.abs().sum().item():.4f}")
