# shutil, the parts in Kiln's Python (the native factory, engine/vm/host_fs.cpp, runs first: copy,
# copy2, copyfile, copyfileobj, rmtree, move, inside the file sandbox): copytree (symlinks are
# copied as files, copy_function and ignore honoured), ignore_patterns, disk_usage (os.statvfs), and
# which(), which answers None: a Kiln program cannot start processes, so no command is runnable
# from it.
import os as _os
import fnmatch as _fnmatch


def ignore_patterns(*patterns):
    def _ignore_patterns(path, names):
        ignored = []
        for pattern in patterns:
            ignored.extend(_fnmatch.filter(names, pattern))
        return set(ignored)
    return _ignore_patterns


def copytree(src, dst, symlinks=False, ignore=None, copy_function=None, ignore_dangling_symlinks=False,
             dirs_exist_ok=False):
    if copy_function is None:
        copy_function = copy2
    names = sorted(_os.listdir(src))
    ignored = ignore(src, names) if ignore is not None else set()
    if _os.path.exists(dst) and not dirs_exist_ok:
        raise FileExistsError(17, 'File exists', dst)
    _os.makedirs(dst, exist_ok=dirs_exist_ok)
    for name in names:
        if name in ignored:
            continue
        s = _os.path.join(src, name)
        d = _os.path.join(dst, name)
        if _os.path.isdir(s):
            copytree(s, d, symlinks, ignore, copy_function, ignore_dangling_symlinks, dirs_exist_ok)
        else:
            copy_function(s, d)
    return dst


def which(cmd, mode=None, path=None):
    return None


def get_terminal_size(fallback=(80, 24)):
    """CPython's: COLUMNS/LINES from the environment, else the size of the terminal on
    sys.__stdout__, else `fallback` (what a program whose output is piped or captured gets).
    Progress bars copied from kuangliu/pytorch-cifar's utils.py size themselves with it."""
    import sys
    try:
        columns = int(_os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    try:
        lines = int(_os.environ["LINES"])
    except (KeyError, ValueError):
        lines = 0
    if columns <= 0 or lines <= 0:
        try:
            size = _os.get_terminal_size(sys.__stdout__.fileno())
        except (AttributeError, ValueError, OSError):
            size = _os.terminal_size(fallback)
        if columns <= 0:
            columns = size.columns or fallback[0]
        if lines <= 0:
            lines = size.lines or fallback[1]
    return _os.terminal_size((columns, lines))


_ntuple_diskusage = None


def disk_usage(path):
    # POSIX's rule, as CPython's: free is what an unprivileged user may still use
    from collections import namedtuple
    global _ntuple_diskusage
    if _ntuple_diskusage is None:
        _ntuple_diskusage = namedtuple('usage', 'total used free')
    st = _os.statvfs(path)
    free = st.f_bavail * st.f_frsize
    total = st.f_blocks * st.f_frsize
    used = (st.f_blocks - st.f_bfree) * st.f_frsize
    return _ntuple_diskusage(total, used, free)
