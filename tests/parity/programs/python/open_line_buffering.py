# open(path, 'a', 1): a line-buffered text file (training loggers and csv.writer logs open their files
# this way) is on disk after each write holding a line end, the whole write at once; other writes wait
# for flush() or close().
import csv
import os
import tempfile

with tempfile.TemporaryDirectory() as d:
    path = os.path.join(d, "log.txt")

    def on_disk():
        with open(path) as r:
            return r.read()

    f = open(path, "a", 1)
    print(f.line_buffering, open(os.path.join(d, "other.txt"), "w").line_buffering)
    f.write("epoch 1\n")
    print(repr(on_disk()))
    f.write("partial")
    print(repr(on_disk()))
    f.write(" line\ntail")
    print(repr(on_disk()))
    w = csv.writer(f)
    w.writerow(["loss", 0.5])
    print(repr(on_disk()))
    f.writelines(["a", "b\n"])
    print(repr(on_disk()))
    f.close()
    print(repr(on_disk()))
    g = open(path, "w", buffering=4096)
    g.write("x\n")
    print(g.line_buffering, repr(on_disk()))
    g.close()
    print(repr(on_disk()))
