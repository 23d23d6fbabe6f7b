# torch.multiprocessing without starting processes: the re-exported multiprocessing API, the
# tensor-sharing strategies, the start-method calls of DDP scripts, and a Queue of tensors.
import torch
import torch.multiprocessing as mp
import multiprocessing

print(mp.cpu_count() == multiprocessing.cpu_count(), mp.current_process().name)
print(mp.get_sharing_strategy(), sorted(mp.get_all_sharing_strategies()))
mp.set_sharing_strategy('file_system')
print(mp.get_sharing_strategy())
try:
    mp.set_sharing_strategy('shm')
except AssertionError:
    print('AssertionError')
mp.set_sharing_strategy('file_descriptor')
print(mp.get_start_method(allow_none=True))
mp.set_start_method('spawn', force=True)
print(mp.get_start_method(), mp.get_context().get_start_method())
q = mp.Queue()
q.put(torch.arange(3))
q.put({'loss': torch.tensor(0.5)})
print(q.get(), q.get())
model = torch.nn.Linear(2, 2)
print(model.share_memory() is model, torch.ones(2).share_memory_())
p = mp.Process(target=print, args=('child',))
print(p.name.startswith('Process-'), p.is_alive())
print(issubclass(mp.ProcessRaisedException, Exception), issubclass(mp.ProcessExitedException, Exception))
