# badinput: ops composed in Kiln's Python built intermediates sized by the arguments before the checks PyTorch makes first: torch.combinations looped over C(65536, 4) tuples (hours), triu_indices(2**31, 2**31) made 16 GiB aranges, F.unfold/F.fold with a 2**31 kernel made its tap index before the block-count check (23 GB, killed); now ATen's order: the meshgrid/result size or the count check first, with PyTorch's errors (h12 sweep)
# expect-exit: 0
# expect-stdout: numel: integer multiplication overflow|Storage size calculation overflowed with sizes=[2, 2305843010287435776]|Given input with spatial size (4, 4), kernel_size=(2147483648, 2147483648), dilation=(1, 1), padding=(0, 0), calculated shape of the array of sliding blocks as (-2147483643, -2147483643), but its components must be at least one.|Given output_size=(2147483648, 2), kernel_size=(2, 2), dilation=(1, 1), padding=(0, 0), stride=(1, 1), expected size of input's dimension 2 to match the calculated number of sliding blocks 2147483647 * 1 = 2147483647, but got input.size(2)=1.|[[1, 2, 3], [1, 2, 4], [1, 3, 4], [2, 3, 4]] [[1, 1], [1, 2], [2, 2]] (0, 2) [[0, 0, 0, 1, 1, 2], [1, 2, 3, 2, 3, 3]]
import torch
import torch.nn.functional as F
out = []
for f in (lambda: torch.combinations(torch.arange(2**16), 4), lambda: torch.triu_indices(2**31, 2**31),
          lambda: F.unfold(torch.randn(1, 1, 4, 4), kernel_size=2**31), lambda: F.fold(torch.randn(1, 4, 1), (2**31, 2), kernel_size=2)):
    try:
        f()
        out.append("no error")
    except RuntimeError as e:
        out.append(str(e))
ok = [torch.combinations(torch.tensor([1, 2, 3, 4]), 3).tolist(), torch.combinations(torch.tensor([1, 2]), with_replacement=True).tolist(),
      tuple(torch.combinations(torch.zeros(0), 2).shape), torch.triu_indices(3, 4, 1).tolist()]
out.append(" ".join(str(v) for v in ok))
print("|".join(out))
