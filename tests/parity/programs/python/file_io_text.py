# open(): text files in the program's directory, every mode, reading styles, seek/tell, with.
import os

name = "tmp_file_io_text.txt"
with open(name, "w") as f:
    print(f.write("first line\n"), f.write("second line\n"))
    f.writelines(["third\n", "fourth without newline"])
    print(f.name, f.mode, f.closed, f.writable(), f.readable())
print(f.closed)
with open(name) as f:
    print(repr(f.read()))
with open(name, "r", encoding="utf-8") as f:
    print(repr(f.readline()), repr(f.readline()))
    print(f.tell())
    print(f.readlines())
    print(repr(f.readline()), repr(f.read()))
with open(name) as f:
    for i, line in enumerate(f):
        print(i, repr(line.rstrip("\n")))
with open(name) as f:
    print([len(line) for line in f])
with open(name) as f:
    print(repr(f.read(5)), repr(f.read(6)), f.tell())
    f.seek(0)
    print(repr(f.read(5)))
    print(f.seek(0, 2) == os.path.getsize(name))
with open(name, "a") as f:
    f.write("\nappended")
with open(name) as f:
    print(f.read().splitlines())
with open(name, "r+") as f:
    f.write("FIRST")
    f.seek(0)
    print(repr(f.readline()))
with open(name, "w+") as f:
    f.write("rewritten\n")
    f.seek(0)
    print(repr(f.read()))
with open(name, "a+") as f:
    f.write("more\n")
    f.seek(0)
    print(repr(f.read()))
try:
    open(name, "x")
except FileExistsError as e:
    print("FileExistsError", e)
os.remove(name)
with open(name, "x") as f:
    f.write("exclusive\n")
with open(name, "w", newline="\r\n") as f:
    f.write("crlf one\ncrlf two\n")
with open(name, newline="") as f:
    print(repr(f.read()))
with open(name) as f:
    print(repr(f.read()))
with open(name, "w", newline="") as f:
    f.write("old mac\rline\r\nend")
with open(name) as f:
    print(f.readlines())
with open(name, newline="") as f:
    print(f.readlines())
with open(name, "w", encoding="utf-8") as f:
    f.write("caf\u00e9 \u2603\n")
with open(name, encoding="utf-8") as f:
    text = f.read()
    print(len(text), text == "caf\u00e9 \u2603\n", f.tell())
f = open(name)
print(f.read(3))
f.close()
f.close()
print(f.closed)
for action in ["read", "write", "iterate"]:
    try:
        if action == "read":
            f.read()
        elif action == "write":
            f.write("x")
        else:
            for line in f:
                pass
    except ValueError as e:
        print(action, "ValueError", e)
with open(name) as f:
    try:
        f.write("nope")
    except OSError as e:
        print(type(e).__name__, e)
with open(name, "w") as f:
    try:
        f.read()
    except OSError as e:
        print(type(e).__name__, e)
os.remove(name)
print(os.path.exists(name))
