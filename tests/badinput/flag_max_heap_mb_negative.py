# badinput: --max-heap-mb -1 is refused
# kiln-args: --max-heap-mb -1
# expect-exit: 2
# expect-stderr: --max-heap-mb
print("ran")
