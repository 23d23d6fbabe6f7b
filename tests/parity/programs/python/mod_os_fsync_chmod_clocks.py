# The file-system and clock calls training scripts make around checkpoints and timing, as CPython
# 3.12 on Linux answers them: file.fileno(), os.fsync (a descriptor or an object with fileno()),
# os.chmod/os.umask, os.statvfs and shutil.disk_usage, time.get_clock_info, with CPython's errors.
import os
import shutil
import stat
import tempfile
import time

d = tempfile.mkdtemp()
path = os.path.join(d, 'ckpt.bin')
with open(path, 'wb') as f:
    f.write(b'weights')
    f.flush()
    print(type(f.fileno()).__name__, f.fileno() >= 0, os.fsync(f.fileno()), os.fsync(f))
for bad in ('x', -1, 3.5):
    try:
        os.fsync(bad)
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
try:
    f.fileno()
except ValueError as e:
    print('ValueError', e)

os.chmod(path, 0o600)
print(oct(stat.S_IMODE(os.stat(path).st_mode)))
os.chmod(path, stat.S_IRUSR | stat.S_IWUSR | stat.S_IRGRP)
print(oct(stat.S_IMODE(os.stat(path).st_mode)), stat.filemode(os.stat(path).st_mode))
try:
    os.chmod(os.path.join(d, 'missing.bin'), 0o644)
except FileNotFoundError as e:
    print('FileNotFoundError', e.errno, e.strerror, os.path.basename(e.filename))
try:
    os.chmod(path, '644')
except TypeError as e:
    print('TypeError', e)
old = os.umask(0o077)
print(oct(os.umask(old)))

usage = shutil.disk_usage(d)
print(type(usage).__name__, usage._fields, usage.total >= usage.used >= 0, usage.free >= 0, len(usage))
st = os.statvfs(d)
print(type(st).__name__, st.f_frsize > 0, st.f_blocks * st.f_frsize == usage.total)

for name in ('monotonic', 'perf_counter', 'process_time', 'thread_time', 'time'):
    info = time.get_clock_info(name)
    print(name, info.implementation, info.monotonic, info.adjustable, info.resolution)
print(time.get_clock_info('time'))
for bad in ('wall', 3):
    try:
        time.get_clock_info(bad)
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
