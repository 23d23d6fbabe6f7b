# badinput: flush() of a file on a full disk
# kiln-args: --allow-dir /dev
# expect-exit: 1
# expect-stderr: OSError: [Errno 28] No space left on device
f = open("/dev/full", "w")
f.write("x")
f.flush()
