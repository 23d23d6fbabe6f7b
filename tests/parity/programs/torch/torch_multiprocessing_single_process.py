# torch.multiprocessing in a program that never starts a worker: everything multiprocessing exports,
# the tensor sharing strategies (PyTorch's Linux defaults), Module.share_memory(), and spawn /
# start_processes with nprocs=0 (a launcher handed torch.cuda.device_count() on a CPU machine), which
# return without starting anything.
import multiprocessing

import torch
import torch.multiprocessing as mp

print(set(multiprocessing.__all__) <= set(mp.__all__), 'spawn' in dir(mp))
print(mp.get_sharing_strategy(), sorted(mp.get_all_sharing_strategies()))
mp.set_sharing_strategy('file_system')
print(mp.get_sharing_strategy())
try:
    mp.set_sharing_strategy('shm')
except AssertionError:
    print('AssertionError')
print(mp.Queue is multiprocessing.Queue or mp.Queue.__name__ == 'Queue', mp.cpu_count() == multiprocessing.cpu_count())
print(mp.current_process().name)
model = torch.nn.Linear(3, 2)
print(model.share_memory() is model)


def worker(rank, scale):
    print('worker', rank, scale)


print(mp.spawn(worker, args=(2,), nprocs=0))
ctx = mp.start_processes(worker, args=(1,), nprocs=0, join=False, start_method='fork')
print(type(ctx).__name__, ctx.join(), ctx.pids())
print(mp.ProcessRaisedException.__mro__[1].__name__, issubclass(mp.ProcessExitedException, Exception))
