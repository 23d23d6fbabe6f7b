# Real-program corpus (tests/realworld, see README.md): transfer learning with torchvision: a dict of
# train/val transform pipelines (RandomResizedCrop + RandomHorizontalFlip vs Resize + CenterCrop, then
# ToTensor and ImageNet Normalize) applied to PIL images, datasets and DataLoaders built per phase with a
# dict comprehension, models.resnet18 with its fc replaced by a new nn.Linear(num_ftrs, 2), a train_model
# loop over phases with set_grad_enabled, StepLR, best-weights tracking with copy.deepcopy, then the
# "fixed feature extractor" variant (requires_grad_ False on the backbone), and make_grid of a batch:
# the workflow of pytorch/tutorials beginner_source/transfer_learning_tutorial.py @
# cdafe761c913948f38dd719c472fde359c0f7ba7. Written for Kiln, not copied; FakeData in place of the
# hymenoptera folder (no downloads), random initial weights in place of IMAGENET1K_V1, 64x64 crops and
# a small learning rate (a randomly initialised ResNet with 4-image BatchNorm batches is chaotic).
import copy

import torch
import torch.nn as nn
import torch.optim as optim
import torchvision
from torch.optim import lr_scheduler
from torchvision import datasets, models, transforms

torch.manual_seed(0)
data_transforms = {
    "train": transforms.Compose([
        transforms.RandomResizedCrop(64),
        transforms.RandomHorizontalFlip(),
        transforms.ToTensor(),
        transforms.Normalize([0.485, 0.456, 0.406], [0.229, 0.224, 0.225]),
    ]),
    "val": transforms.Compose([
        transforms.Resize(72),
        transforms.CenterCrop(64),
        transforms.ToTensor(),
        transforms.Normalize([0.485, 0.456, 0.406], [0.229, 0.224, 0.225]),
    ]),
}
print(data_transforms["val"])
image_datasets = {x: datasets.FakeData(size=16 if x == "train" else 8, image_size=(3, 72, 80), num_classes=2,
                                       transform=data_transforms[x], random_offset=0 if x == "train" else 100)
                  for x in ["train", "val"]}
dataloaders = {x: torch.utils.data.DataLoader(image_datasets[x], batch_size=4, shuffle=(x == "train"))
               for x in ["train", "val"]}
dataset_sizes = {x: len(image_datasets[x]) for x in ["train", "val"]}
class_names = ["ants", "bees"]
print(dataset_sizes)

inputs, classes = next(iter(dataloaders["train"]))
out = torchvision.utils.make_grid(inputs)
print("grid", tuple(out.shape), [class_names[x] for x in classes])


def train_model(model, criterion, optimizer, scheduler, num_epochs=2):
    best_model_wts = copy.deepcopy(model.state_dict())
    best_acc = 0.0
    for epoch in range(num_epochs):
        print(f"Epoch {epoch}/{num_epochs - 1}")
        print("-" * 10)
        for phase in ["train", "val"]:
            model.train() if phase == "train" else model.eval()
            running_loss = 0.0
            running_corrects = 0
            for inputs, labels in dataloaders[phase]:
                optimizer.zero_grad()
                with torch.set_grad_enabled(phase == "train"):
                    outputs = model(inputs)
                    _, preds = torch.max(outputs, 1)
                    loss = criterion(outputs, labels)
                    if phase == "train":
                        loss.backward()
                        optimizer.step()
                running_loss += loss.item() * inputs.size(0)
                running_corrects += torch.sum(preds == labels.data)
            if phase == "train":
                scheduler.step()
            epoch_loss = running_loss / dataset_sizes[phase]
            epoch_acc = running_corrects.double() / dataset_sizes[phase]
            # 3 places: BatchNorm over 4-image batches amplifies rounding differences
            print(f"{phase} Loss: {epoch_loss:.3f} Acc: {epoch_acc:.4f}")
            if phase == "val" and epoch_acc > best_acc:
                best_acc = epoch_acc
                best_model_wts = copy.deepcopy(model.state_dict())
    print(f"Best val Acc: {best_acc:4f}")
    model.load_state_dict(best_model_wts)
    return model


model_ft = models.resnet18(weights=None)
num_ftrs = model_ft.fc.in_features
model_ft.fc = nn.Linear(num_ftrs, 2)
criterion = nn.CrossEntropyLoss()
optimizer_ft = optim.SGD(model_ft.parameters(), lr=1e-4, momentum=0.9)
exp_lr_scheduler = lr_scheduler.StepLR(optimizer_ft, step_size=7, gamma=0.1)
model_ft = train_model(model_ft, criterion, optimizer_ft, exp_lr_scheduler, num_epochs=2)

model_conv = models.resnet18(weights=None)
for param in model_conv.parameters():
    param.requires_grad = False
model_conv.fc = nn.Linear(model_conv.fc.in_features, 2)
print("trainable:", sum(p.numel() for p in model_conv.parameters() if p.requires_grad))
optimizer_conv = optim.SGD(model_conv.fc.parameters(), lr=1e-4, momentum=0.9)
model_conv = train_model(model_conv, criterion, optimizer_conv,
                         lr_scheduler.StepLR(optimizer_conv, step_size=7, gamma=0.1), num_epochs=1)
model_conv.eval()
with torch.no_grad():
    inputs, labels = next(iter(dataloaders["val"]))
    print("predicted:", [class_names[p] for p in model_conv(inputs).argmax(1).tolist()])
