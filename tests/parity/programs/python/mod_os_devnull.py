import os
import sys
# os.devnull: a file that discards what is written and reads empty, opened to silence output
# (`open(os.devnull, 'w')` as a print file, iter_data's tqdm file, sys.stdout swapped for it).
print(os.devnull)
with open(os.devnull, "w") as sink:
    print("never shown", file=sink)
    n = sink.write("also hidden\n")
    print(n, sink.name == os.devnull, sink.closed)
print(sink.closed)
with open(os.devnull) as src:
    print(repr(src.read()), src.readlines())
saved = sys.stdout
sys.stdout = open(os.devnull, "w")
print("swallowed")
sys.stdout.close()
sys.stdout = saved
print("back", os.path.basename(os.devnull))
