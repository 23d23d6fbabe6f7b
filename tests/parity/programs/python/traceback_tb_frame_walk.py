# Traceback objects lead to frames: tb_frame, its f_code/f_locals/f_back, walk_tb, with_traceback's
# type check, and an except tuple whose classes are all checked before any matches.
import os
import sys
import traceback


def inner(n):
    scale = n * 10
    return {}[scale]


def outer():
    label = "outer-local"
    return inner(4)


try:
    outer()
except KeyError as e:
    tb = e.__traceback__
    names = []
    while tb is not None:
        f = tb.tb_frame
        names.append((f.f_code.co_name, tb.tb_lineno, os.path.basename(f.f_code.co_filename)))
        tb = tb.tb_next
    print(names)
    last = e.__traceback__.tb_next.tb_next
    print(last.tb_frame.f_locals["scale"], last.tb_frame.f_locals["n"])
    print(e.__traceback__.tb_next.tb_frame.f_locals["label"])
    print(last.tb_frame.f_back.f_code.co_name)
    print([(fr.f_code.co_name, line) for fr, line in traceback.walk_tb(e.__traceback__)])
    print(e.__traceback__.tb_frame is sys._getframe())
    saved = e

try:
    raise ValueError("again").with_traceback(saved.__traceback__.tb_next)
except ValueError as v:
    print([t.name for t in traceback.extract_tb(v.__traceback__)])

for bad in ("tb", 5, []):
    try:
        ValueError("x").with_traceback(bad)
    except TypeError as t:
        print("with_traceback:", t)
print(ValueError("y").with_traceback(None).__traceback__)

try:
    try:
        1 / 0
    except (ZeroDivisionError, 5):
        print("not reached")
except TypeError as t:
    print("except tuple:", t)
