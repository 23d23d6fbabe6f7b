# badinput: writing to a full disk (/dev/full) is an error at close, never a silent success
# kiln-args: --allow-dir /dev
# expect-exit: 1
# expect-stderr: OSError: [Errno 28] No space left on device
with open("/dev/full", "w") as f:
    f.write("x" * 100000)
print("written?")
