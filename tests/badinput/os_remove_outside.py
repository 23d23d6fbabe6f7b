# badinput: os.remove of a path outside the sandbox
# expect-exit: 1
# expect-stderr: PermissionError: [Errno 13] Permission denied
import os
os.remove("/nonexistent_kiln_dir/file.txt")
