# Real-program corpus (tests/realworld, see README.md): the shape of gordicaleksa/pytorch-GANs
# (models/definitions/vanilla_gan.py, conditional_gan.py, train_vanilla_gan.py, train_cgan.py,
# generate_imagery.py, utils/utils.py @ 2119f6d9). It exercises MLP blocks returned as layer lists and
# splatted into nn.Sequential, a generator reshaping with `view(n, 1, *shape)`, BCELoss with ones/zeros
# targets for the discriminator and generator steps (detach of the fakes), Adam(0.0002, betas=(0.5,
# 0.999)), an Enum of GAN types checked with an assert over `.name`s, one-hot conditioning through
# F.one_hot(...).type(torch.FloatTensor) concatenated to the inputs, debug grids via nn.Upsample
# (scale_factor=2.5, nearest) + torchvision save_image(normalize=True, nrow=int(np.sqrt(n))) written as
# PNG, zfill-numbered file names found with re.fullmatch, a training-state dict through torch.save/load,
# and generate_imagery's postprocessing (np.moveaxis, np.repeat to RGB, min/max scaling) with linear
# and spherical (np.arccos of normalized dot products) latent interpolation. Changes: random images in
# [-1, 1] instead of MNIST, one short epoch each, files in a temporary directory (the original writes
# .jpg through PIL; PNG here), no tensorboard, cv2 or timing. Written for Kiln, not copied.
import argparse
import enum
import os
import re
import shutil
import tempfile

import numpy as np
import torch
from torch import nn
from torch.optim import Adam
from torch.utils.data import DataLoader, TensorDataset
from torchvision.utils import make_grid, save_image

LATENT_SPACE_DIM = 100
MNIST_IMG_SIZE = 28
MNIST_NUM_CLASSES = 10


class GANType(enum.Enum):
    VANILLA = 0,
    CGAN = 1,
    DCGAN = 2


# --- models/definitions/vanilla_gan.py and conditional_gan.py -------------------------------------------
def vanilla_block(in_feat, out_feat, normalize=True, activation=None):
    layers = [nn.Linear(in_feat, out_feat)]
    if normalize:
        layers.append(nn.BatchNorm1d(out_feat))
    layers.append(nn.LeakyReLU(0.2) if activation is None else activation)
    return layers


class GeneratorNet(torch.nn.Module):
    def __init__(self, img_shape=(MNIST_IMG_SIZE, MNIST_IMG_SIZE), cond_dim=0, widths=(256, 512, 1024)):
        super().__init__()
        self.generated_img_shape = img_shape
        n = [LATENT_SPACE_DIM + cond_dim, *widths, img_shape[0] * img_shape[1]]
        self.net = nn.Sequential(
            *vanilla_block(n[0], n[1]),
            *vanilla_block(n[1], n[2]),
            *vanilla_block(n[2], n[3]),
            *vanilla_block(n[3], n[4], normalize=False, activation=nn.Tanh())
        )

    def forward(self, latent_vector_batch, one_hot_conditioning_vector_batch=None):
        if one_hot_conditioning_vector_batch is not None:
            latent_vector_batch = torch.cat((latent_vector_batch, one_hot_conditioning_vector_batch), 1)
        img_batch_flattened = self.net(latent_vector_batch)
        return img_batch_flattened.view(img_batch_flattened.shape[0], 1, *self.generated_img_shape)


class DiscriminatorNet(torch.nn.Module):
    def __init__(self, img_shape=(MNIST_IMG_SIZE, MNIST_IMG_SIZE), cond_dim=0, widths=(512, 256)):
        super().__init__()
        n = [img_shape[0] * img_shape[1] + cond_dim, *widths, 1]
        self.net = nn.Sequential(
            *vanilla_block(n[0], n[1], normalize=False),
            *vanilla_block(n[1], n[2], normalize=False),
            *vanilla_block(n[2], n[3], normalize=False, activation=nn.Sigmoid())
        )

    def forward(self, img_batch, one_hot_conditioning_vector_batch=None):
        img_batch_flattened = img_batch.view(img_batch.shape[0], -1)
        if one_hot_conditioning_vector_batch is not None:
            img_batch_flattened = torch.cat((img_batch_flattened, one_hot_conditioning_vector_batch), 1)
        return self.net(img_batch_flattened)


# --- utils/utils.py ------------------------------------------------------------------------------------
def get_gaussian_latent_batch(batch_size, device):
    return torch.randn((batch_size, LATENT_SPACE_DIM), device=device)


def get_gan(device, gan_type_name):
    assert gan_type_name in [gan_type.name for gan_type in GANType], f'Unknown GAN type = {gan_type_name}.'
    cond = MNIST_NUM_CLASSES if gan_type_name == GANType.CGAN.name else 0
    if gan_type_name == GANType.DCGAN.name:
        raise Exception(f'GAN type {gan_type_name} not yet supported.')
    d_net = DiscriminatorNet(cond_dim=cond, widths=(128, 64)).train().to(device)
    g_net = GeneratorNet(cond_dim=cond, widths=(64, 128, 256)).train().to(device)
    return d_net, g_net


def get_optimizers(d_net, g_net):
    d_opt = Adam(d_net.parameters(), lr=0.0002, betas=(0.5, 0.999))
    g_opt = Adam(g_net.parameters(), lr=0.0002, betas=(0.5, 0.999))
    return d_opt, g_opt


def get_training_state(generator_net, gan_type_name):
    return {"commit_hash": "0" * 40, "state_dict": generator_net.state_dict(), "gan_type": gan_type_name}


def get_available_binary_name(binaries_path, gan_type_enum=GANType.VANILLA):
    def valid_binary_name(binary_name):
        pattern = re.compile(rf'{gan_type_enum.name}_[0-9]{{6}}\.pth')
        return re.fullmatch(pattern, binary_name) is not None

    prefix = gan_type_enum.name
    valid_binary_names = list(filter(valid_binary_name, os.listdir(binaries_path)))
    if len(valid_binary_names) > 0:
        last_binary_name = sorted(valid_binary_names)[-1]
        new_suffix = int(last_binary_name.split('.')[0][-6:]) + 1
        return f'{prefix}_{str(new_suffix).zfill(6)}.pth'
    return f'{prefix}_000000.pth'


def get_mnist_data_loader(batch_size):
    g = torch.Generator().manual_seed(0)
    images = torch.rand(96, 1, MNIST_IMG_SIZE, MNIST_IMG_SIZE, generator=g) * 2 - 1
    labels = torch.randint(0, MNIST_NUM_CLASSES, (96,), generator=g)
    return DataLoader(TensorDataset(images, labels), batch_size=batch_size, shuffle=True, drop_last=True)


# --- train_vanilla_gan.py / train_cgan.py ----------------------------------------------------------
def train_gan(training_config, gan_type):
    device = torch.device("cpu")
    mnist_data_loader = get_mnist_data_loader(training_config['batch_size'])
    discriminator_net, generator_net = get_gan(device, gan_type.name)
    discriminator_opt, generator_opt = get_optimizers(discriminator_net, generator_net)
    adversarial_loss = nn.BCELoss()
    real_images_gt = torch.ones((training_config['batch_size'], 1), device=device)
    fake_images_gt = torch.zeros((training_config['batch_size'], 1), device=device)
    ref_batch_size = 16
    ref_noise_batch = get_gaussian_latent_batch(ref_batch_size, device)
    ref_labels = torch.tensor(np.arange(ref_batch_size) % MNIST_NUM_CLASSES, dtype=torch.int64)
    ref_labels_one_hot = torch.nn.functional.one_hot(ref_labels, MNIST_NUM_CLASSES).type(torch.FloatTensor).to(device)
    cond = gan_type == GANType.CGAN
    discriminator_loss_values, generator_loss_values = [], []
    img_cnt = 0
    for epoch in range(training_config['num_epochs']):
        for batch_idx, (real_images, labels) in enumerate(mnist_data_loader):
            labels_one_hot = torch.nn.functional.one_hot(labels, MNIST_NUM_CLASSES).type(torch.FloatTensor).to(device) if cond else None
            discriminator_opt.zero_grad()
            real_discriminator_loss = adversarial_loss(discriminator_net(real_images, labels_one_hot), real_images_gt)
            fake_images = generator_net(get_gaussian_latent_batch(training_config['batch_size'], device), labels_one_hot)
            fake_images_predictions = discriminator_net(fake_images.detach(), labels_one_hot)
            fake_discriminator_loss = adversarial_loss(fake_images_predictions, fake_images_gt)
            discriminator_loss = real_discriminator_loss + fake_discriminator_loss
            discriminator_loss.backward()
            discriminator_opt.step()
            generator_opt.zero_grad()
            generated_images_predictions = discriminator_net(
                generator_net(get_gaussian_latent_batch(training_config['batch_size'], device), labels_one_hot), labels_one_hot)
            generator_loss = adversarial_loss(generated_images_predictions, real_images_gt)
            generator_loss.backward()
            generator_opt.step()
            generator_loss_values.append(generator_loss.item())
            discriminator_loss_values.append(discriminator_loss.item())
            if batch_idx % training_config['console_log_freq'] == 0:
                print(f'GAN training: epoch={epoch + 1} | batch= [{batch_idx + 1}/{len(mnist_data_loader)}] '
                      f'| D loss={discriminator_loss.item():.4f} | G loss={generator_loss.item():.4f}')
            if batch_idx % training_config['debug_imagery_log_freq'] == 0:
                with torch.no_grad():
                    log_generated_images = generator_net(ref_noise_batch, ref_labels_one_hot if cond else None)
                    log_generated_images_resized = nn.Upsample(scale_factor=2.5, mode='nearest')(log_generated_images)
                    grid = make_grid(log_generated_images_resized, nrow=int(np.sqrt(ref_batch_size)), normalize=True)
                    save_image(log_generated_images_resized, os.path.join(training_config['debug_path'], f'{str(img_cnt).zfill(6)}.png'),
                               nrow=int(np.sqrt(ref_batch_size)), normalize=True)
                    img_cnt += 1
                    print('debug grid', tuple(grid.shape), f'{grid.min().item():.3f} {grid.max().item():.3f}')
    path = os.path.join(training_config['binaries_path'], get_available_binary_name(training_config['binaries_path'], gan_type))
    torch.save(get_training_state(generator_net, gan_type.name), path)
    return generator_net, path


# --- generate_imagery.py -----------------------------------------------------------------------------
def postprocess_generated_img(generated_img_tensor):
    assert isinstance(generated_img_tensor, torch.Tensor), f'Expected PyTorch tensor but got {type(generated_img_tensor)}.'
    generated_img = np.moveaxis(generated_img_tensor.to('cpu').numpy()[0], 0, 2)
    if generated_img.shape[2] == 1:
        generated_img = np.repeat(generated_img, 3, axis=2)
    generated_img -= np.min(generated_img)
    generated_img /= np.max(generated_img)
    return generated_img


def generate_from_specified_numpy_latent_vector(generator, latent_vector):
    assert isinstance(latent_vector, np.ndarray), f'Expected latent vector to be numpy array but got {type(latent_vector)}.'
    with torch.no_grad():
        latent_vector_tensor = torch.unsqueeze(torch.tensor(latent_vector, device=next(generator.parameters()).device), dim=0)
        return postprocess_generated_img(generator(latent_vector_tensor))


def linear_interpolation(t, p0, p1):
    return p0 + t * (p1 - p0)


def spherical_interpolation(t, p0, p1):
    if t <= 0:
        return p0
    elif t >= 1:
        return p1
    elif np.allclose(p0, p1):
        return p0
    omega = np.arccos(np.dot(p0 / np.linalg.norm(p0), p1 / np.linalg.norm(p1)))
    sin_omega = np.sin(omega)
    return np.sin((1.0 - t) * omega) / sin_omega * p0 + np.sin(t * omega) / sin_omega * p1


if __name__ == "__main__":
    torch.manual_seed(0)
    np.random.seed(0)
    workdir = tempfile.mkdtemp()
    parser = argparse.ArgumentParser()
    parser.add_argument("--num_epochs", type=int, help="height of content and style images", default=100)
    parser.add_argument("--batch_size", type=int, help="height of content and style images", default=128)
    parser.add_argument("--debug_imagery_log_freq", type=int, default=100)
    parser.add_argument("--console_log_freq", type=int, default=100)
    args = parser.parse_args(["--num_epochs", "1", "--batch_size", "16", "--debug_imagery_log_freq", "3", "--console_log_freq", "2"])
    training_config = dict()
    for arg in vars(args):
        training_config[arg] = getattr(args, arg)
    training_config['debug_path'] = os.path.join(workdir, 'debug_imagery')
    training_config['binaries_path'] = os.path.join(workdir, 'binaries')
    os.makedirs(training_config['debug_path'], exist_ok=True)
    os.makedirs(training_config['binaries_path'], exist_ok=True)
    generators = {}
    for gan_type in (GANType.VANILLA, GANType.CGAN, GANType.VANILLA):
        print(f'Starting the {gan_type.name} training.')
        generators[gan_type], path = train_gan(training_config, gan_type)
        print(os.path.basename(path), sorted(torch.load(path)['state_dict'])[:2])
    try:
        get_gan('cpu', 'WGAN')
    except AssertionError as e:
        print(e)
    print(sorted(os.listdir(training_config['debug_path'])), sorted(os.listdir(training_config['binaries_path'])))
    generator = generators[GANType.VANILLA].eval()
    a = np.random.normal(size=LATENT_SPACE_DIM).astype(np.float32)
    b = np.random.normal(size=LATENT_SPACE_DIM).astype(np.float32)
    for t in (0.0, 0.5, 1.0):
        lin = linear_interpolation(t, a, b)
        sph = spherical_interpolation(t, a, b)
        img = generate_from_specified_numpy_latent_vector(generator, sph)
        print(f't={t}: |lin|={np.linalg.norm(lin):.3f} |slerp|={np.linalg.norm(sph):.3f}', img.shape, img.dtype,
              f'{img.min():.3f} {img.max():.3f}')
    shutil.rmtree(workdir)
