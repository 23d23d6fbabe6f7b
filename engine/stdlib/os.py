# os: the native module (engine/vm/host_fs.cpp: files inside Kiln's sandbox, os.path, environ, ...)
# fills this module's dict first; this file adds walk, a generator as in CPython, so that a caller
# pruning `dirnames` in place (dirs[:] = [...]) steers a top-down walk. Names come sorted (listdir's).


def walk(top, topdown=True, onerror=None, followlinks=False):
    top = fspath(top)
    try:
        names = listdir(top)
    except OSError as err:
        if onerror is not None:
            onerror(err)
        return
    dirs = []
    nondirs = []
    for name in names:
        if path.isdir(path.join(top, name)):
            dirs.append(name)
        else:
            nondirs.append(name)
    if topdown:
        yield top, dirs, nondirs
    for name in dirs:
        new_path = path.join(top, name)
        if followlinks or not path.islink(new_path):
            yield from walk(new_path, topdown, onerror, followlinks)
    if not topdown:
        yield top, dirs, nondirs
