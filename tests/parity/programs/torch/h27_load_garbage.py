# torch.load of files that are not checkpoints (text, an empty file, random bytes, a truncated
# pickle, a zip without data.pkl): the exception type and message, with weights_only True and False.
import os
import pickle
import tempfile
import zipfile

import torch

d = tempfile.mkdtemp()


def write(name, data):
    p = os.path.join(d, name)
    with open(p, "wb") as f:
        f.write(data)
    return p


buf = pickle.dumps({"a": 1}, protocol=2)
zpath = os.path.join(d, "nodata.zip")
with zipfile.ZipFile(zpath, "w") as z:
    z.writestr("archive/other.txt", "x")

files = [
    ("text", write("t.txt", b"hello world\n")),
    ("empty", write("e.bin", b"")),
    ("bytes", write("b.bin", bytes(range(250, 256)) + b"\x00\x01")),
    ("json", write("j.json", b'{"a": 1}')),
    ("truncated_pickle", write("p.pkl", buf[:5])),
    ("plain_pickle_dict", write("q.pkl", buf)),
    ("zip_without_pkl", zpath),
    ("none_stop", write("n.bin", b"N.")),
    ("append_empty", write("a.txt", b"abc")),
    ("reduce_empty", write("r.txt", b"Run")),
    ("none_append", write("na.txt", b"Name")),
    ("mark_tuple", write("mt.bin", b"(t.")),
    ("int1_short", write("k.bin", b"K")),
    ("binint_short", write("bi.txt", b"J12")),
    ("dict_setitem", write("ds.bin", b"}K\x01K\x02s.")),
    ("int_setitem", write("is.bin", b"K\x01K\x02K\x03s")),
    ("comment", write("c.py", b"# comment\n")),
    ("import_line", write("i.py", b"import torch\n")),
    ("def_line", write("d.py", b"def f():\n    pass\n")),
    ("numbers_csv", write("n.csv", b"1,2,3\n")),
    ("global_line", write("g.txt", b"cat\nfoo\n")),
    ("binput_empty", write("q.bin", b"q\x01")),
    ("tuple1_empty", write("t1.bin", b"\x85")),
    ("reduce_int", write("ri.bin", b"K\x05)R")),
    ("build_int", write("bd.bin", b"K\x05Nb")),
    ("str_reduce", write("sr.bin", b"X\x03\x00\x00\x00abc)R")),
    ("list_append_ok", write("la.bin", b"]K\x01a.")),
    ("missing_file", os.path.join(d, "nope.pt")),
    ("directory", d),
]
for name, path in files:
    for wo in (True, False):
        try:
            r = torch.load(path, weights_only=wo)
            print(name, wo, "ok", r)
        except Exception as e:
            msg = str(e)
            print(name, wo, type(e).__module__, type(e).__name__)
            print(msg.replace(d, "<dir>"))
            print("--")
