# torch.utils: the package of torch.utils.data (engine/stdlib/torch/utils/data/), checkpoint, hooks,
# benchmark and tensorboard (a SummaryWriter that writes no event files). cpp_extension is not
# provided.
