# torch.utils: the package of torch.utils.data (engine/stdlib/torch/utils/data/). Kiln's other
# utilities (checkpoint, tensorboard, cpp_extension) are not provided.
