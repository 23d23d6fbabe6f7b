# torch.save of Python values that have no pickle opcode of their own, loaded back both ways: ints past
# 64 bits (LONG1: a seed of 2**64 - 1, big ids), bytearray, complex, range, slice and Ellipsis (pickle's
# protocol-2 reductions, written under Python 2's names: __builtin__.xrange for range). weights_only=True
# maps those names back before its allow-list (bytearray and complex allowed; range, slice and Ellipsis
# refused, named without "builtins."). Kiln refused to save any of them ("cannot pickle 'int' object")
# and could not read an int past 64 bits.
import io

import torch

values = [2 ** 70, -2 ** 65, 2 ** 63, 2 ** 64 - 1, bytearray(b"z\xff"), 1 + 2j, range(1, 7, 2), slice(1, None, 2),
          Ellipsis, {"seed": 2 ** 64 - 1, "ids": [2 ** 80, -1], "buf": bytearray(b"ab"), "w": torch.ones(2)}]
for v in values:
    b = io.BytesIO()
    torch.save(v, b)
    for wo in (False, True):
        b.seek(0)
        try:
            r = torch.load(b, weights_only=wo)
            if isinstance(r, dict):
                print(wo, sorted(r), r["seed"], r["ids"], r["buf"], r["w"].tolist())
            else:
                print(wo, type(r).__name__, repr(r), r == v)
        except Exception as e:
            lines = [ln for ln in str(e).splitlines() if "GLOBAL" in ln] or str(e).splitlines()[:1]
            print(wo, type(e).__name__, lines[0].strip())
