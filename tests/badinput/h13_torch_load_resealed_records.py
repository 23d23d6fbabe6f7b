# badinput: torch.load of checkpoints whose records were changed and the zip resealed (valid CRCs): a byteorder other than little/big, a format version out of [1, 10], unparsable, negative (std::stoull wraps it), past 64 bits or missing, and a storage record longer than the tensor it holds. Kiln ignored the version, refused a big-endian checkpoint and worded the size check its own way; now PyTorchStreamReader's checks (inline_container.cc: version, getRecord's size check before any copy) and torch.serialization._load's endianness (big-endian storages byte-swapped) (h13 torch.load reseal sweep; the texts are from PyTorch's source, worth a PyTorch 2.11 golden)
# expect-exit: 0
# expect-stdout: ValueError: Unknown endianness type: xx|ok [72057594037927936, 281474976710656]|RuntimeError: [enforce fail at inline_container.cc:219] . Attempted to read a PyTorch file with version 0, but the minimum supported version for reading is 1. Your PyTorch script module file is too old. Please regenerate it with latest version of PyTorch to mitigate this issue.|RuntimeError: [enforce fail at inline_container.cc:230] . Attempted to read a PyTorch file with version 11, but the maximum supported version for reading is 10. The version of your PyTorch installation may be too old, please upgrade PyTorch to latest version to mitigate this issue.|RuntimeError: [enforce fail at inline_container.cc:215] . Couldn't parse the version abc as Long Long.|RuntimeError: [enforce fail at inline_container.cc:219] . Attempted to read a PyTorch file with version -1, but the minimum supported version for reading is 1. Your PyTorch script module file is too old. Please regenerate it with latest version of PyTorch to mitigate this issue.|IndexError: stoull|RuntimeError: Expected hasRecord("version") to be true, but got false.  (Could this error message be improved?  If so, please report an enhancement request to PyTorch.)|RuntimeError: record size (24 bytes) does not match expected size (16 bytes = 16 elements * 1 bytes/element) for dtype Byte|ok 3 [1, 256]
import io
import zipfile

import torch

buf = io.BytesIO()
torch.save({"a": torch.tensor([1, 2 ** 56 // 2 ** 48]), "v": 3}, buf)
original = buf.getvalue()


def resealed(change):
    # every record of the saved file, changed by `change` (name -> bytes, None drops it), written
    # back as a valid zip: the zip layer accepts it, the checks under test must refuse it
    src = zipfile.ZipFile(io.BytesIO(original))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as dst:
        for name in src.namelist():
            data = change(name, src.read(name))
            if data is not None:
                dst.writestr(name, data)
    out.seek(0)
    return out


def record(suffix, value):
    return lambda name, data: value if name.endswith(suffix) else data


def version(value):
    return lambda name, data: value if name.endswith("/version") else data


cases = [record("/byteorder", b"xx"), record("/byteorder", b"big"), version(b"0\n"), version(b"11\n"),
         version(b"abc"), version(b"-1\n"), version(b"99999999999999999999\n"), version(None),
         lambda name, data: data + b"\x00" * 8 if name.endswith("/data/0") else data,
         version(b" 3 trailing text\n")]
out = []
for change in cases:
    try:
        r = torch.load(resealed(change))
        out.append(f"ok {r['v']} {r['a'].tolist()}" if r["v"] == 3 and change is cases[-1] else f"ok {r['a'].tolist()}")
    except Exception as e:
        out.append(f"{type(e).__name__}: {str(e).splitlines()[0]}")
print("|".join(out))
