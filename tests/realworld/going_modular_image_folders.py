# Real-program corpus (tests/realworld, see README.md): the "going modular" workflow of
# mrdbourke/pytorch-deep-learning going_modular/going_modular/{data_setup,model_builder,engine,utils,
# train}.py and helper_functions.py @ baa27b691617461c173ecf3439793cd8cde74e13: an ImageFolder per split
# (train/test, one folder per class) read by the default loader, create_dataloaders returning
# class_names, the TinyVGG model, train_step/test_step/train with tqdm.auto and a results dict,
# set_seeds, accuracy_fn, save_model with a .pth/.pt check, and the decision-boundary grid of
# helper_functions.py (np.linspace over 0-d tensor bounds, meshgrid, softmax argmax). Written for Kiln,
# not copied. The pizza/steak/sushi JPEGs are replaced by small PNG images written with
# torchvision.io.write_png into a temporary directory (removed at the end), one flat colour pattern
# per class so that training has something to learn.
import os
import tempfile
from pathlib import Path
from typing import Dict, List, Tuple

import numpy as np
import torch
from torch import nn
from torch.utils.data import DataLoader
from torchvision import datasets, transforms
from torchvision.io import write_png
from tqdm.auto import tqdm

NUM_WORKERS = 0


def create_dataloaders(train_dir: str, test_dir: str, transform: transforms.Compose, batch_size: int,
                       num_workers: int = NUM_WORKERS):
    train_data = datasets.ImageFolder(train_dir, transform=transform)
    test_data = datasets.ImageFolder(test_dir, transform=transform)
    class_names = train_data.classes
    train_dataloader = DataLoader(train_data, batch_size=batch_size, shuffle=True, num_workers=num_workers,
                                  pin_memory=True)
    test_dataloader = DataLoader(test_data, batch_size=batch_size, shuffle=False, num_workers=num_workers,
                                 pin_memory=True)
    return train_dataloader, test_dataloader, class_names


class TinyVGG(nn.Module):
    def __init__(self, input_shape: int, hidden_units: int, output_shape: int) -> None:
        super().__init__()
        self.conv_block_1 = nn.Sequential(
            nn.Conv2d(in_channels=input_shape, out_channels=hidden_units, kernel_size=3, stride=1, padding=0),
            nn.ReLU(),
            nn.Conv2d(in_channels=hidden_units, out_channels=hidden_units, kernel_size=3, stride=1, padding=0),
            nn.ReLU(),
            nn.MaxPool2d(kernel_size=2, stride=2))
        self.conv_block_2 = nn.Sequential(
            nn.Conv2d(hidden_units, hidden_units, kernel_size=3, padding=0),
            nn.ReLU(),
            nn.Conv2d(hidden_units, hidden_units, kernel_size=3, padding=0),
            nn.ReLU(),
            nn.MaxPool2d(2))
        self.classifier = nn.Sequential(
            nn.Flatten(),
            nn.Linear(in_features=hidden_units * 13 * 13, out_features=output_shape))

    def forward(self, x: torch.Tensor):
        return self.classifier(self.conv_block_2(self.conv_block_1(x)))


def train_step(model, dataloader, loss_fn, optimizer, device) -> Tuple[float, float]:
    model.train()
    train_loss, train_acc = 0, 0
    for batch, (X, y) in enumerate(dataloader):
        X, y = X.to(device), y.to(device)
        y_pred = model(X)
        loss = loss_fn(y_pred, y)
        train_loss += loss.item()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        y_pred_class = torch.argmax(torch.softmax(y_pred, dim=1), dim=1)
        train_acc += (y_pred_class == y).sum().item() / len(y_pred)
    return train_loss / len(dataloader), train_acc / len(dataloader)


def test_step(model, dataloader, loss_fn, device) -> Tuple[float, float]:
    model.eval()
    test_loss, test_acc = 0, 0
    with torch.inference_mode():
        for batch, (X, y) in enumerate(dataloader):
            X, y = X.to(device), y.to(device)
            test_pred_logits = model(X)
            test_loss += loss_fn(test_pred_logits, y).item()
            test_pred_labels = test_pred_logits.argmax(dim=1)
            test_acc += ((test_pred_labels == y).sum().item() / len(test_pred_labels))
    return test_loss / len(dataloader), test_acc / len(dataloader)


def train(model, train_dataloader, test_dataloader, optimizer, loss_fn, epochs, device) -> Dict[str, List]:
    results = {"train_loss": [], "train_acc": [], "test_loss": [], "test_acc": []}
    for epoch in tqdm(range(epochs)):
        train_loss, train_acc = train_step(model, train_dataloader, loss_fn, optimizer, device)
        test_loss, test_acc = test_step(model, test_dataloader, loss_fn, device)
        print(f"Epoch: {epoch+1} | train_loss: {train_loss:.4f} | train_acc: {train_acc:.4f} | "
              f"test_loss: {test_loss:.4f} | test_acc: {test_acc:.4f}")
        results["train_loss"].append(train_loss)
        results["train_acc"].append(train_acc)
        results["test_loss"].append(test_loss)
        results["test_acc"].append(test_acc)
    return results


def save_model(model: torch.nn.Module, target_dir: str, model_name: str):
    target_dir_path = Path(target_dir)
    target_dir_path.mkdir(parents=True, exist_ok=True)
    assert model_name.endswith(".pth") or model_name.endswith(".pt"), "model_name should end with '.pt' or '.pth'"
    model_save_path = target_dir_path / model_name
    print(f"[INFO] Saving model to: {model_save_path.name}")
    torch.save(obj=model.state_dict(), f=model_save_path)
    return model_save_path


def set_seeds(seed: int = 42):
    torch.manual_seed(seed)
    torch.cuda.manual_seed(seed)


def accuracy_fn(y_true, y_pred):
    correct = torch.eq(y_true, y_pred).sum().item()
    return (correct / len(y_pred)) * 100


def make_image_folders(root: Path, per_class: Dict[str, int]):
    # One colour pattern per class, with noise, written as 72x80 PNGs (uint8 CHW) per split/class.
    g = torch.Generator().manual_seed(7)
    base = {"pizza": (200, 80, 40), "steak": (120, 40, 30), "sushi": (230, 230, 220)}
    for split, n in per_class.items():
        for name, rgb in base.items():
            d = root / split / name
            d.mkdir(parents=True)
            for i in range(n):
                img = torch.tensor(rgb, dtype=torch.int64).view(3, 1, 1).expand(3, 72, 80).clone()
                img = (img + torch.randint(-40, 41, (3, 72, 80), generator=g)).clamp(0, 255).to(torch.uint8)
                write_png(img, str(d / f"{i}.png"))


if __name__ == "__main__":
    NUM_EPOCHS = 3
    BATCH_SIZE = 4
    HIDDEN_UNITS = 4
    LEARNING_RATE = 0.001
    device = "cuda" if torch.cuda.is_available() else "cpu"
    with tempfile.TemporaryDirectory() as tmp:
        image_path = Path(tmp) / "data" / "pizza_steak_sushi"
        make_image_folders(image_path, {"train": 4, "test": 2})
        train_dir, test_dir = image_path / "train", image_path / "test"
        data_transform = transforms.Compose([transforms.Resize((64, 64)), transforms.ToTensor()])
        set_seeds(42)
        train_dataloader, test_dataloader, class_names = create_dataloaders(
            train_dir=str(train_dir), test_dir=str(test_dir), transform=data_transform, batch_size=BATCH_SIZE)
        print(class_names, len(train_dataloader), len(test_dataloader))
        img, label = next(iter(train_dataloader))
        print(f"Image shape: {img.shape} -> [batch_size, color_channels, height, width]")
        print(f"Label shape: {label.shape}")
        model = TinyVGG(input_shape=3, hidden_units=HIDDEN_UNITS, output_shape=len(class_names)).to(device)
        loss_fn = torch.nn.CrossEntropyLoss()
        optimizer = torch.optim.Adam(model.parameters(), lr=LEARNING_RATE)
        results = train(model=model, train_dataloader=train_dataloader, test_dataloader=test_dataloader,
                        loss_fn=loss_fn, optimizer=optimizer, epochs=NUM_EPOCHS, device=device)
        print({k: len(v) for k, v in results.items()})
        path = save_model(model=model, target_dir=os.path.join(tmp, "models"),
                          model_name="05_going_modular_script_mode_tinyvgg_model.pth")
        loaded = TinyVGG(3, HIDDEN_UNITS, len(class_names))
        loaded.load_state_dict(torch.load(path))
        X, y = next(iter(test_dataloader))
        with torch.inference_mode():
            same = torch.allclose(loaded(X), model(X))
            preds = loaded(X).argmax(dim=1)
        print("reloaded matches:", same, "accuracy:", accuracy_fn(y, preds))

    # helper_functions.plot_decision_boundary's grid, without the plotting
    set_seeds(42)
    X = torch.randn(60, 2)
    x_min, x_max = X[:, 0].min() - 0.1, X[:, 0].max() + 0.1
    y_min, y_max = X[:, 1].min() - 0.1, X[:, 1].max() + 0.1
    xx, yy = np.meshgrid(np.linspace(x_min, x_max, 101), np.linspace(y_min, y_max, 101))
    X_to_pred_on = torch.from_numpy(np.column_stack((xx.ravel(), yy.ravel()))).float()
    blob_model = nn.Sequential(nn.Linear(2, 8), nn.ReLU(), nn.Linear(8, 4))
    blob_model.eval()
    with torch.inference_mode():
        y_pred = torch.softmax(blob_model(X_to_pred_on), dim=1).argmax(dim=1).reshape(xx.shape)
    print(xx.dtype, tuple(y_pred.shape), torch.bincount(y_pred.flatten(), minlength=4).sum().item())
