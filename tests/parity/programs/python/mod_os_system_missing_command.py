# os.system of a command the shell cannot find: the shell reports it on stderr and exits 127, and
# os.system returns that wait status (127 << 8). Research scripts back their sources up with
# `os.system('cp main.py checkpoints/' + exp_name + '/main.py.backup')` (WangYueFt/dgcnn) and go on
# whatever the status; Kiln runs no shell, so every command is one that cannot be found.
import os

status = os.system("kiln-no-such-command-1 main.py checkpoints/exp/main.py.backup")
print(status, status >> 8, os.WEXITSTATUS(status), os.WIFEXITED(status))
print(os.waitstatus_to_exitcode(os.system("kiln-no-such-command-2")))
try:
    os.system(42)
except TypeError as e:
    print("TypeError:", e)
