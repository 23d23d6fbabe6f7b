# badinput: --max-heap-mb 99999999999999 (the byte count overflows) is refused
# kiln-args: --max-heap-mb 99999999999999
# expect-exit: 2
# expect-stderr: --max-heap-mb
print("ran")
