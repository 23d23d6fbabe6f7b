# badinput: os.makedirs outside the sandbox
# expect-exit: 1
# expect-stderr: PermissionError: [Errno 13] Permission denied
import os
os.makedirs("/tmp/../nonexistent_kiln_dir/sub")
