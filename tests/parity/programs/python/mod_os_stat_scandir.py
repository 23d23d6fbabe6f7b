# os.stat/lstat (stat_result), os.scandir (DirEntry), os.path.getctime, the stat module's tests
import os, tempfile
d = tempfile.mkdtemp()
with open(os.path.join(d, 'f.txt'), 'w') as f:
    f.write('12345')
os.mkdir(os.path.join(d, 'sub'))
st = os.stat(os.path.join(d, 'f.txt'))
print(st.st_size, type(st.st_mtime).__name__, st.st_mtime == os.path.getmtime(os.path.join(d, 'f.txt')), len(st), st[6], isinstance(st.st_mtime_ns, int))
import stat as _s
print(_s.S_ISDIR(os.stat(os.path.join(d, 'sub')).st_mode) if hasattr(_s, 'S_ISDIR') else '')
with os.scandir(d) as it:
    for e in sorted(it, key=lambda e: e.name):
        print(e.name, e.is_dir(), e.is_file(), e.path == os.path.join(d, e.name), e.stat().st_size if e.is_file() else '-')
print(os.path.getctime(os.path.join(d, 'f.txt')) > 0, os.lstat(os.path.join(d, 'f.txt')).st_size)
import stat
print(stat.filemode(0o100644), stat.filemode(0o040755), stat.S_ISREG(0o100644), stat.S_IMODE(0o100644))
