# badinput: open('/etc/passwd')
# expect-exit: 1
# expect-stderr: PermissionError: [Errno 13] Permission denied
print(open("/etc/passwd").read())
