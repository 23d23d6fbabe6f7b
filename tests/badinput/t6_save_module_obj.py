# badinput: save module obj (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: PytorchStreamReader failed reading zip archive: failed finding central directory
# expect-stdout: {'a': [tensor([1., 1.]), (1, 'x', None, 2.5, True)], 'b': {3: 4}}
import torch
import io
buf = io.BytesIO()
torch.save({'a': [torch.ones(2), (1, 'x', None, 2.5, True)], 'b': {3: 4}}, buf)
buf.seek(0)
print(torch.load(buf))
torch.load(io.BytesIO(buf.getvalue()[:40]))
