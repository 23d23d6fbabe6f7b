# Writes tests/serialize/cpython_pickled.pt without PyTorch: CPython's own pickler (protocol 2) and
# zipfile (ZIP64 records, as PyTorch's miniz writer makes them) produce a checkpoint laid out like
# torch.save's, using stand-ins registered under torch's module names. tests/bindings/test_serialization.cpp
# loads it, so Kiln's reader is checked against CPython's pickler and a ZIP64 archive on every build.
#   python3 tests/serialize/make_cpython_fixture.py
import collections
import io
import os
import pickle
import struct
import sys
import types
import zipfile

torch = types.ModuleType("torch")
utils = types.ModuleType("torch._utils")
sys.modules["torch"] = torch
sys.modules["torch._utils"] = utils
torch._utils = utils


class FloatStorage:
    pass


class LongStorage:
    pass


FloatStorage.__module__ = LongStorage.__module__ = "torch"
torch.FloatStorage = FloatStorage
torch.LongStorage = LongStorage


def _rebuild_tensor_v2(*args):
    raise RuntimeError("stand-in")


_rebuild_tensor_v2.__module__ = "torch._utils"
utils._rebuild_tensor_v2 = _rebuild_tensor_v2


class Size(tuple):
    def __reduce__(self):
        return (Size, (tuple(self),))


Size.__module__ = "torch"
torch.Size = Size


class Storage:
    def __init__(self, key, cls, numel):
        self.key, self.cls, self.numel = key, cls, numel


class FakeTensor:
    def __init__(self, storage, offset, size, stride):
        self.args = (storage, offset, size, stride, False, collections.OrderedDict())

    def __reduce_ex__(self, proto):
        return (_rebuild_tensor_v2, self.args)


floats = Storage("0", FloatStorage, 6)
longs = Storage("1", LongStorage, 3)
sd = collections.OrderedDict()
sd["weight"] = FakeTensor(floats, 0, (2, 3), (3, 1))
sd["weight_t"] = FakeTensor(floats, 0, (3, 2), (1, 3))
sd["row1"] = FakeTensor(floats, 3, (3,), (1,))
sd["idx"] = FakeTensor(longs, 0, (3,), (1,))
sd["meta"] = {"epoch": 5, "lr": 0.25, "name": "fixture", "shape": Size([2, 3]), "flags": [True, None]}
sd._metadata = collections.OrderedDict([("", {"version": 1})])


class P(pickle.Pickler):
    def persistent_id(self, obj):
        if isinstance(obj, Storage):
            return ("storage", obj.cls, obj.key, "cpu", obj.numel)
        return None


buf = io.BytesIO()
P(buf, protocol=2).dump(sd)
out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "cpython_pickled.pt")
with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_STORED) as z:
    def add(name, data):
        with z.open(zipfile.ZipInfo("cpython_pickled/" + name), "w", force_zip64=True) as f:
            f.write(data)
    add("data.pkl", buf.getvalue())
    add(".format_version", b"1")
    add("byteorder", b"little")
    add("data/0", struct.pack("<6f", 1.0, 2.0, 3.0, 4.0, 5.0, 6.0))
    add("data/1", struct.pack("<3q", 7, -8, 9))
    add("version", b"3\n")
print("wrote", out)
