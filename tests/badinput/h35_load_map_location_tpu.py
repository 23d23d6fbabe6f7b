# badinput: torch.load with map_location='tpu'
# expect-exit: 1
# expect-stderr: RuntimeError: don't know how to restore data location of torch.storage.UntypedStorage (tagged with tpu)
import io
import torch
b = io.BytesIO()
torch.save(torch.ones(1), b)
b.seek(0)
torch.load(b, map_location="tpu")
