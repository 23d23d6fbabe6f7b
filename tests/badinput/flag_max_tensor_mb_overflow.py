# badinput: --max-tensor-mb 99999999999999 (the byte count overflows) is refused
# kiln-args: --max-tensor-mb 99999999999999
# expect-exit: 2
# expect-stderr: --max-tensor-mb
print("ran")
