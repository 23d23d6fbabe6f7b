# badinput: tb format exc chain (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: RuntimeError: ValueError: v
# expect-stdout: 2 ValueError: v
import traceback
try:
    try:
        {}['k']
    except KeyError as e:
        raise ValueError('v') from e
except ValueError:
    s = traceback.format_exc()
print(s.count('Traceback'), s.splitlines()[-1])
raise RuntimeError(s.splitlines()[-1])
