# badinput: corrupt tar archives (empty, short, garbage, a bad header after the first member) and is_tarfile of a missing path or None (a mutated program's argument): CPython's ReadError texts per method, the file object put back, the archive ended at a later bad header; Kiln raised HeaderError, accepted empty and short data silently and swallowed OSError (h11 mutation sweep)
# expect-exit: 0
# expect-stdout: - method gz: ReadError('empty file')\n- method bz2: ReadError('not a bzip2 file')\n- method xz: ReadError('not an lzma file')\n- method tar: ReadError('empty file')"
import tarfile, io
for data in [b'', b'\0'*1024, b'x'*10, b'hello'*200]:
    for mode in ['r', 'r:']:
        try:
            tarfile.open(fileobj=io.BytesIO(data), mode=mode); print('ok')
        except Exception as e:
            print(mode, type(e).__name__, repr(str(e)))
b = io.BytesIO(b'hello world' * 100)
print(tarfile.is_tarfile(b), b.tell())
good = io.BytesIO()
with tarfile.open(fileobj=good, mode='w') as t:
    info = tarfile.TarInfo('a.txt'); info.size = 3; t.addfile(info, io.BytesIO(b'abc'))
raw = good.getvalue()
bad = raw[:1024] + b'garbage!' * 64 + raw[1024 + 512:]
print(tarfile.open(fileobj=io.BytesIO(bad)).getnames())
try:
    tarfile.TarFile(fileobj=io.BytesIO(b'hello' * 200))
except tarfile.ReadError as e:
    print(repr(e))
for p in [None, "no_such_archive.tar"]:
    try:
        tarfile.is_tarfile(p)
    except (ValueError, OSError) as e:
        print(type(e).__name__, e)
