# sys.path[0] is the script's directory as an absolute path (CPython's _PyPathConfig_ComputeSysPath0
# takes the script's realpath), not '': a training script that changes into its work directory
# before importing its own modules (`os.chdir(tempfile.mkdtemp())` then `from dit import DiT_Llama`,
# as cloneofsimo/minRF's rf.py does after making its output folder) still finds them.
import os
import sys
import tempfile

here = os.getcwd()
print(os.path.isabs(sys.path[0]), os.path.basename(sys.path[0]), sys.path[0] == os.path.realpath(here))
os.chdir(tempfile.mkdtemp())
import userpkg
from userpkg.model import Net

print(userpkg.VERSION, Net().forward(2), os.path.basename(os.path.dirname(userpkg.__file__)))
print(os.path.isabs(userpkg.__file__), os.path.dirname(os.path.dirname(userpkg.__file__)) == sys.path[0])
os.chdir(here)
