# badinput: os.path.exists of a path with a NUL byte is False
# expect-exit: 0
# expect-stdout: False False
import os
print(os.path.exists("a\x00b"), os.path.exists("/etc/passwd"))
