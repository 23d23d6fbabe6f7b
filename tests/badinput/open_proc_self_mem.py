# badinput: open('/proc/self/mem')
# expect-exit: 1
# expect-stderr: PermissionError: [Errno 13] Permission denied
open("/proc/self/mem").read()
