# badinput: print() after sys.stdout = None writes nothing, as in CPython ("startend", not "startMIDDLEend"); restoring it prints again
# expect-exit: 0
# expect-stdout: startend
import sys
print("start", end="")
saved = sys.stdout
sys.stdout = None
print("MIDDLE", end="")
sys.stdout = saved
print("end")
