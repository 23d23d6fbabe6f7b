# badinput: torch.load with an object whose __call__ maps storages
# expect-exit: 0
# expect-stdout: called with cpu
import io
import torch
class Mover:
    def __call__(self, storage, location):
        print("called with", location)
        return storage
b = io.BytesIO()
torch.save(torch.ones(2), b)
b.seek(0)
print(torch.load(b, map_location=Mover()))
