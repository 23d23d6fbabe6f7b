# badinput: hostile .npy files to np.load: an empty file, a bad version, a truncated or huge declared header, a header that is not a dict or lacks keys, a shape that is not ints, a descr no dtype reads, short or extra data, a negative or int64-wrapping shape. Kiln's loader indexed a dict (TypeError, KeyError), parsed truncated text (SyntaxError), accepted missing keys and read trailing bytes as data; now numpy.lib.format.read_array's checks in its order and words (h12 loader sweep; NumPy semantics from its source, wording of the NumPy 2.x on the GPU host)
# expect-exit: 0
# expect-stdout: EOFError: No data left in file|ValueError: we only support format version (1,0), (2,0), and (3,0), not (9, 0)|ValueError: EOF: reading array header, expected 65535 bytes got 8|ValueError: EOF: reading array header, expected 2147483648 bytes got 2|ValueError: Header is not a dictionary: [1, 2, 3]|ValueError: Header does not contain the correct keys: ['descr', 'shape']|ValueError: shape is not valid: 'abc'|ValueError: descr is not a valid dtype descriptor: '<x9'|ValueError: EOF: reading array data, expected 400 bytes got 8|ValueError: negative dimensions are not allowed|ValueError: cannot reshape array of size 0 into shape (1099511627776,1099511627776)|ValueError: This file contains pickled (object) data. If you trust the file you can load it unsafely using the `allow_pickle=` keyword argument or `pickle.load()`.|ok [0.0, 0.0] [[0.0, 1.0, 2.0], [3.0, 4.0, 5.0]]
import io
import struct
import numpy as np


def npy(header, body=b""):
    h = header.encode("latin1")
    h = h + b" " * (64 - (10 + len(h) + 1) % 64) + b"\n"
    return b"\x93NUMPY\x01\x00" + struct.pack("<H", len(h)) + h + body


cases = [b"", b"\x93NUMPY\x09\x00" + b"\x00" * 100, b"\x93NUMPY\x01\x00\xff\xff{'descr'",
         b"\x93NUMPY\x02\x00" + struct.pack("<I", 2**31) + b"{}", npy("[1, 2, 3]"),
         npy("{'descr': '<f4', 'shape': (2,), }", b"\x00" * 8),
         npy("{'descr': '<f4', 'fortran_order': False, 'shape': 'abc', }"),
         npy("{'descr': '<x9', 'fortran_order': False, 'shape': (2,), }", b"\x00" * 8),
         npy("{'descr': '<f4', 'fortran_order': False, 'shape': (100,), }", b"\x00" * 8),
         npy("{'descr': '<f4', 'fortran_order': False, 'shape': (-1,), }", b"\x00" * 8),
         npy("{'descr': '<f4', 'fortran_order': False, 'shape': (1099511627776, 1099511627776), }", b"\x00" * 8),
         b"\x93NUMPX\x01\x00" + b"\x00" * 100]
out = []
for data in cases:
    try:
        np.load(io.BytesIO(data))
        out.append("no error")
    except (ValueError, EOFError) as e:
        out.append(f"{type(e).__name__}: {e}")
extra = np.load(io.BytesIO(npy("{'descr': '<f4', 'fortran_order': False, 'shape': (2,), }", b"\x00" * 12)))
b = io.BytesIO()
np.save(b, np.arange(6.0).reshape(2, 3))
b.seek(0)
out.append(f"ok {extra.tolist()} {np.load(b).tolist()}")
print("|".join(out))
