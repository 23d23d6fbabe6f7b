# os.access and its mode constants (`from os import X_OK` in course notebooks; download-if-missing
# checks with os.access(path, os.R_OK)).
import os
from os import F_OK, R_OK, W_OK, X_OK

print(F_OK, R_OK, W_OK, X_OK)
path = 'tmp_mod_os_access.txt'
with open(path, 'w') as f:
    f.write('x')
print(os.access(path, F_OK), os.access(path, R_OK), os.access(path, W_OK), os.access(path, R_OK | W_OK))
print(os.access(path, X_OK), os.access(path, R_OK | X_OK))
print(os.access('.', F_OK), os.access('.', X_OK), os.access('.', R_OK | W_OK | X_OK))
os.remove(path)
print(os.access(path, F_OK), os.access(path, R_OK), os.access('tmp_missing_dir/x', W_OK))
print(os.access(path, mode=F_OK), os.access(path=path, mode=R_OK))
try:
    os.access(path, 'r')
except TypeError as e:
    print('TypeError', e)
