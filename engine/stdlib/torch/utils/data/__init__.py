# torch.utils.data: datasets, samplers and the DataLoader, written in Kiln's Python.
#
# Behaviour follows PyTorch 2.11's documentation and observable results, including the order of the
# random draws, so that a seeded program sees PyTorch's batches: a DataLoader iterator draws its base
# seed from the global generator first (torch.empty((), dtype=torch.int64).random_()), and a
# RandomSampler without a generator draws a seed on its first item, seeds a fresh torch.Generator with
# it and takes randperm from that; random_split permutes with randperm(generator=default_generator).
# num_workers > 0 is accepted and run in the main process (one warning says so).
from torch.utils.data.dataset import (Dataset, IterableDataset, TensorDataset, Subset, ConcatDataset,
                                      ChainDataset, StackDataset, random_split)
from torch.utils.data.sampler import (Sampler, SequentialSampler, RandomSampler, SubsetRandomSampler,
                                      WeightedRandomSampler, BatchSampler)
from torch.utils.data.dataloader import DataLoader, default_collate, default_convert, get_worker_info
from torch.utils.data.distributed import DistributedSampler

__all__ = ["BatchSampler", "ChainDataset", "ConcatDataset", "DataLoader", "Dataset", "DistributedSampler",
           "IterableDataset",
           "RandomSampler", "Sampler", "SequentialSampler", "StackDataset", "Subset", "SubsetRandomSampler",
           "TensorDataset", "WeightedRandomSampler", "default_collate", "default_convert", "get_worker_info",
           "random_split"]
